import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  type AlarmMessage,
  DEVICE_PROTOCOL,
  type DeviceEvent,
  type EnrollRequest,
  type EnrollResult,
  type HandledUpKind,
  type Heartbeat,
  type Hello,
  type Location,
  parseUpTopic,
  SN_PATTERN,
  UP_SCHEMAS,
  type UpKind,
} from '@cpm/contracts';
import { type Batcher, createBatcher, createLimiter } from '../../shared/batcher';
import { type Clock, nowMs } from '../../shared/clock';
import { sha256 } from '../../shared/crypto';
import { fastSafeParse } from '../../shared/fast-validate';
import type { ActivitySink } from '../datacenter/datacenter.service';
import type { FleetEvents } from '../devices/fleet-events';
import { LONG_OFFLINE_MS } from '../devices/terminals.repository';
import type { AgentRepository } from './agent.repository';
import { createDeviceEventHandler } from './device-events';
import type { OnlineChange, SlotHolder } from './heartbeat-writer';
import { type CachedTerminal, createIdentityCache, type IdentityEntry } from './identity-cache';
import { createLocationIntake } from './location-intake';
import { createTerminalAdmission, LOOP_SAMPLE_MS } from './terminal-admission';
import { createTerminalEnrollment } from './terminal-enrollment';
import { createTerminalRateLimit } from './terminal-rate-limit';

/** An authenticated terminal. */
/** A peripheral fault or hardware exception a terminal reported. */
export type TerminalFault = {
  terminalId: string;
  sn: string;
  ownerId: string;
  /** `peripheral` (event `peripheralFault`) or `hardware` (event `hardwareFault`). */
  kind: 'peripheral' | 'hardware';
  /** The peripheral's name; for a hardware exception, what failed (the event's detail). */
  peripheralName: string;
  detail: string | null;
  at: Date;
};

export type DeviceIdentity = { id: string; sn: string; ownerId: string };

/** A location fix the map kept, as geofences hear it. */
export type AcceptedFix = {
  terminalId: string;
  sn: string;
  ownerId: string;
  lat: number;
  lng: number;
  accuracy: number | null;
  at: Date;
};

/**
 * Terminal messages handled one at a time against the database (events other than boots and
 * shutdowns, output): the rest of the terminal pool stays free for the batched writes of heartbeats,
 * hellos, locations and online state.
 */
const PER_MESSAGE_CONCURRENCY = 1;
/** Each kind's contract check, quick for the well-formed messages a fleet sends by the thousand. */
const UP_PARSERS = {
  hello: fastSafeParse(UP_SCHEMAS.hello),
  heartbeat: fastSafeParse(UP_SCHEMAS.heartbeat),
  location: fastSafeParse(UP_SCHEMAS.location),
  event: fastSafeParse(UP_SCHEMAS.event),
  status: fastSafeParse(UP_SCHEMAS.status),
  alarm: fastSafeParse(UP_SCHEMAS.alarm),
} satisfies Record<HandledUpKind, unknown>;

/** What the device gateway's rules are built from. */
export type AgentServiceDeps = {
  repo: AgentRepository;
  clock: Clock;
  events: FleetEvents;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  offlineAfterMs?: number;
  /** Terminal connections admitted per second (see the terminal admission); default 500. */
  connectsPerSec?: number;
  /** The data centre's activity rollups and event table. */
  activity?: ActivitySink;
  flushMs?: number;
  /** Tells the other server instances that these terminals changed (they forget what they cached). */
  notifyInstances?: (sns: readonly string[]) => Promise<void>;
  /** Hears each peripheral fault and hardware exception (peripheral health); must not reject. */
  onFault?: (fault: TerminalFault) => Promise<unknown>;
  /** Hears each alarm message (raise, clear, snapshot) with the server's time of it; must not reject. */
  onAlarm?: (device: DeviceIdentity, message: AlarmMessage, at: Date) => Promise<unknown>;
  /** Hears the accepted location fixes, a batch at a time (geofences); must not reject. */
  onLocations?: (fixes: AcceptedFix[]) => Promise<unknown>;
  /** Hears each hello (the payment-app lock is sent again until confirmed); must not reject. */
  onHello?: (device: DeviceIdentity) => Promise<unknown>;
  /** Hears the payment-app state the terminal reports holding. */
  onPaymentLock?: (device: DeviceIdentity, locked: boolean, at: Date) => Promise<unknown>;
  /**
   * App crashes, ANRs, installs and removals go to the app market as well (health gate, records);
   * `before` is the version code the terminal reported of that package before the event (null: none).
   */
  appHealth?: (sn: string, ev: DeviceEvent, at: Date, before: number | null) => Promise<void>;
  /** Output a terminal prints while it runs a task (`requestId` `task:<deliveryId>`); must not reject. */
  taskOutput?: (device: DeviceIdentity, deliveryId: string, text: string, at: Date) => Promise<void>;
  /** SNs no terminal may hold (the external broker's superuser name); given upper case. */
  snReserved?: (sn: string) => boolean;
};

/**
 * The device gateway's rules, the same for MQTT and HTTP: enrollment, authentication, hello,
 * heartbeat (batched), location, events, connection state and the heartbeat timeout.
 */
export const createAgentService = (deps: AgentServiceDeps) => {
  const { repo, clock } = deps;
  const offlineAfterMs = deps.offlineAfterMs ?? DEVICE_PROTOCOL.offlineAfterSec * 1000;
  // Who each SN is (owner, status, secret): one lookup per terminal and minute, not per message.
  const cache = createIdentityCache({
    clock,
    load: (sn) => repo.findCredentials(sn),
    loadMany: (sns) => repo.findCredentialsMany(sns),
  });
  /** Forget changed terminals here and on every other instance; a failed notice is logged, not thrown. */
  const forget = (sns: readonly string[]) => {
    if (sns.length === 0) return;
    cache.forget(sns);
    deps
      .notifyInstances?.(sns)
      .catch((err: unknown) =>
        deps.log.error({ err, sns }, 'other instances not told about changed terminals'),
      );
  };
  /** Messages by outcome; every drop is counted under its reason. */
  const stats = { malformed: 0, accepted: 0, refused: 0, rateLimited: 0, locationIgnored: 0, ignored: 0 };
  // Per terminal and instance, whichever broker carried the message (DEVICE_PROTOCOL.rateLimit).
  const rateLimit = createTerminalRateLimit({
    onLimited: (sn, dropped) =>
      deps.log.warn({ sn, dropped }, 'terminal over its message rate limit: messages dropped'),
  });

  const announce = (changes: OnlineChange[]) =>
    deps.events.emit(
      ...changes.map((c) => ({
        sn: c.sn,
        ownerId: c.ownerId,
        online: c.online,
        kind: c.online ? 'online' : 'offline',
      })),
    );

  const writer = repo.heartbeatWriter({
    clock,
    flushMs: deps.flushMs,
    onOnlineChanges: announce,
    onError: (err) => deps.log.error({ err }, 'heartbeat batch write failed'),
    activity: deps.activity,
  });

  const logStatus = (terminalId: string, kind: string, detail?: string | null) =>
    repo.logStatus(terminalId, kind, detail ?? null, clock.now());

  // Terminals going offline together (a network failure, a broker restart) are written a batch at a time.
  const offlineBatchers = new Map<string, Batcher<string, true>>();
  const markOffline = async (sn: string, detail: string) => {
    writer.offline(sn);
    let batcher = offlineBatchers.get(detail);
    if (!batcher) {
      batcher = createBatcher<string, true>({
        run: async (sns) => {
          // Between the heartbeat writer's flushes: its batch may hold these terminals' last signs of
          // life, and two many-row updates of the same rows side by side can deadlock.
          const rows = await writer.exclusive(() => repo.markOfflineMany(sns, detail, clock.now()));
          announce(rows.map((r) => ({ ...r, online: false })));
          return new Map(rows.map((r) => [r.sn, true as const]));
        },
      });
      offlineBatchers.set(detail, batcher);
    }
    await batcher.get(sn);
  };

  // Connections are admitted at the pace the terminal side of the database keeps up with.
  let closing = false;
  // How late the process answers: terminals arriving faster than it serves them would only time out.
  const loop = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  loop.enable();
  let loopDelayMs = 0;
  const loopTimer = setInterval(() => {
    loopDelayMs = loop.percentile(90) / 1e6;
    loop.reset();
  }, 500);
  loopTimer.unref();
  const admission = createTerminalAdmission({
    connectsPerSec: deps.connectsPerSec ?? 1000,
    backlog: () => cache.reading() + writer.backlog() + perMessage.waiting() + locations.writes.pending(),
    loopDelayMs: () => loopDelayMs,
  });
  const locations = createLocationIntake(deps, { writer, stats });
  // Work done one message at a time (events, output) holds at most this many connections.
  const perMessage = createLimiter(PER_MESSAGE_CONCURRENCY);
  // Messages being handled, so a shutdown can wait for them before the database closes.
  const inFlight = new Set<Promise<unknown>>();
  const enrollment = createTerminalEnrollment(deps, forget);
  const handleEvent = createDeviceEventHandler(deps, { writer, stats, logStatus, markOffline });

  const service = {
    stats: () => ({
      ...stats,
      written: writer.written(),
      queued: writer.queued(),
      persistedHeartbeats: writer.persistedHeartbeats(),
      connectsAdmitted: admission.counts().admitted,
      connectsRefused: admission.counts().refused,
    }),

    /**
     * May one more terminal connect now? False when the server is admitting as many as it can serve
     * (or shutting down): the broker refuses it with "server unavailable" and it backs off.
     */
    admit: () => !closing && admission.admit(),

    /** SN and secret to a terminal, or null. What is verified against is cached (see the identity cache). */
    async authenticate(sn: string | undefined, secret: string | undefined): Promise<DeviceIdentity | null> {
      if (!sn || !secret || !SN_PATTERN.test(sn)) return null;
      const row = await cache.get(sn);
      if (!row?.secretHash || row.status === 'loggedOff' || row.secretHash !== sha256(secret)) return null;
      return { id: row.id, sn: row.sn, ownerId: row.ownerId };
    },

    /** A terminal's owner, status, SN or secret changed (edit, deletion): forget it on every instance. */
    forget: (sn: string) => forget([sn]),

    /** Another instance announced changed terminals: forget them here only. */
    forgetLocally: (sns: readonly string[]) => cache.forget(sns),

    /** A registered SN with its enterprise's key (or a key of an account above it) gets a new secret. */
    enroll: (req: EnrollRequest): Promise<EnrollResult> => enrollment.enroll(req),

    /** Hardware and versions: written with the next batch, one statement for every terminal in it. */
    async hello(device: DeviceIdentity, hello: Hello) {
      writer.add(device.sn, null, { hello });
      deps.events.emit({ sn: device.sn, ownerId: device.ownerId, kind: 'hello' });
      stats.accepted++;
      await deps.onHello?.(device);
    },

    /**
     * `raw`: the heartbeat exactly as the terminal sent it, when `hb` is those bytes unchanged; `holder`
     * keeps the terminal's writer slot between heartbeats.
     */
    heartbeat(device: DeviceIdentity, hb: Heartbeat, raw?: Buffer, holder?: SlotHolder) {
      writer.heartbeat(device.sn, hb, raw, holder);
      stats.accepted++;
    },

    /** A fix, answered once its batch is written and checked against fences (see `queueLocation`). */
    async location(device: DeviceIdentity, loc: Location, holder?: SlotHolder) {
      if (locations.queue(device, loc, holder)) await locations.writes.get(device.id);
    },

    event: (device: DeviceIdentity, ev: DeviceEvent) => handleEvent(device, ev),

    /** An alarm message over HTTP, heard as one on `up/alarm` is. */
    async alarm(device: DeviceIdentity, message: AlarmMessage) {
      await deps.onAlarm?.(device, message, new Date(nowMs(clock)));
      stats.accepted++;
    },

    async status(device: DeviceIdentity, online: boolean) {
      if (online) writer.add(device.sn, null);
      else await markOffline(device.sn, 'disconnected');
      stats.accepted++;
    },

    async output(device: DeviceIdentity, out: { requestId: string; text: string }) {
      const task = /^task:(\d{1,18})$/.exec(out.requestId);
      if (task && deps.taskOutput) await deps.taskOutput(device, task[1], out.text, clock.now());
      else await repo.saveOutput(device.id, out, clock.now());
      writer.add(device.sn, null);
      stats.accepted++;
    },

    /**
     * One message from the broker: topic checked, the terminal's rate limit applied, payload parsed and
     * validated. Anything malformed or beyond the rate limit is dropped and counted; the broker already
     * made sure the sender owns the topic.
     */
    handleMessage(topic: string, payload: Buffer): Promise<unknown> | undefined {
      // Once shutting down, nothing new starts: what runs is waited for before the database closes.
      if (closing) {
        stats.ignored++;
        return;
      }
      // Handled already when nothing came back (a heartbeat from a known terminal).
      const running = handle(topic, payload);
      if (!running) return;
      inFlight.add(running);
      const done = () => inFlight.delete(running);
      running.then(done, done);
      return running;
    },

    /**
     * Stops taking terminal work (messages are ignored, connections refused), waits for what is under
     * way and writes what is queued. Called before the database closes.
     */
    async stop() {
      closing = true;
      clearInterval(loopTimer);
      loop.disable();
      while (inFlight.size) await Promise.allSettled([...inFlight]);
      await Promise.all([...offlineBatchers.values()].map((b) => b.drain()));
      await locations.writes.drain();
      await writer.flush();
      await cache.settle();
    },

    /**
     * Heartbeat timeout: terminals silent for longer than the offline period go offline; those silent
     * for 72 hours get a warning. Safe to run on every instance at once.
     */
    sweep(): Promise<{ wentOffline: number }> {
      if (closing) return Promise.resolve({ wentOffline: 0 });
      const running = sweep();
      inFlight.add(running);
      const done = () => inFlight.delete(running);
      running.then(done, done);
      return running;
    },

    /** Writes what is queued now (fixes, then signs of life) and waits for it. */
    flush: async () => {
      await locations.writes.drain();
      await writer.flush();
    },
  };

  const sweep = async () => {
    await writer.flush();
    const now = clock.now();
    const gone = await writer.exclusive(() =>
      repo.takeSilentOffline(new Date(now.getTime() - offlineAfterMs), now),
    );
    if (gone.length) announce(gone.map((g) => ({ ...g, online: false })));
    await repo.warnLongOffline(new Date(now.getTime() - LONG_OFFLINE_MS), now);
    rateLimit.prune(now.getTime());
    return { wentOffline: gone.length };
  };
  /** A cached terminal as the rules see it; a logged-off terminal is heard no more. */
  const asIdentity = (row: CachedTerminal | null): DeviceIdentity | null =>
    row && row.status !== 'loggedOff' ? { id: row.id, sn: row.sn, ownerId: row.ownerId } : null;

  /**
   * One message from the broker (see `handleMessage`). Synchronous as far as it can be: a heartbeat
   * from a terminal the identity cache holds is checked and queued for the writer without a promise,
   * which is most of what a fleet sends; anything that waits answers a promise.
   */
  const handle = (topic: string, payload: Buffer): Promise<unknown> | undefined => {
    const parsed = parseUpTopic(topic);
    if (!parsed || payload.length > DEVICE_PROTOCOL.maxPayloadBytes) {
      stats.malformed++;
      return;
    }
    // Task results and policy reports belong to their features, which subscribe to them themselves.
    const kind = parsed.kind;
    if (kind === 'result' || kind === 'policy') return;
    // One lookup finds what is kept of a known terminal: its identity, rate-limit bucket and writer slot.
    const entry = cache.peekEntry(parsed.sn);
    // Before any parsing: what a terminal sends beyond its budget costs nothing but this check.
    if (!rateLimit.take(parsed.sn, payload.length, nowMs(clock), entry)) {
      stats.rateLimited++;
      return;
    }
    const text = payload.toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      stats.malformed++;
      return;
    }
    if (entry) return dispatch(kind, body, payload, deviceOf(entry), entry);
    return cache.get(parsed.sn).then((row) => dispatch(kind, body, payload, asIdentity(row)));
  };
  /** A cached terminal's identity, built once per read of it rather than once per message. */
  const deviceOf = (entry: IdentityEntry): DeviceIdentity | null => {
    if (entry.device === undefined) entry.device = asIdentity(entry.row);
    return entry.device;
  };

  /**
   * A parsed message (and its bytes) from a known sender (or none): validated against its contract and
   * handled. `holder` is where the sender's writer slot is kept, when it is cached.
   */
  const dispatch = (
    kind: Exclude<UpKind, 'result' | 'policy'>,
    body: unknown,
    raw: Buffer,
    t: DeviceIdentity | null,
    holder?: SlotHolder,
  ): Promise<unknown> | undefined => {
    if (!t) {
      stats.refused++;
      return;
    }
    if (kind === 'output') {
      const o = body as { requestId?: unknown; text?: unknown };
      if (typeof o.requestId !== 'string' || typeof o.text !== 'string' || o.text.length > 60_000) {
        stats.malformed++;
        return;
      }
      const out = { requestId: o.requestId.slice(0, 64), text: o.text };
      return perMessage(() => service.output(t, out));
    }
    const valid = UP_PARSERS[kind](body);
    if (!valid.success) {
      stats.malformed++;
      return;
    }
    switch (kind) {
      case 'hello':
        return service.hello(t, valid.data as Hello);
      case 'heartbeat':
        // Accepted unchanged (no key dropped, no default filled in): its bytes are what is stored.
        service.heartbeat(t, valid.data as Heartbeat, valid.data === body ? raw : undefined, holder);
        return;
      case 'location':
        // Most of a fleet's other messages: queued for its batch, nothing waits for it here.
        if (locations.queue(t, valid.data as Location, holder)) locations.writes.queue(t.id);
        return;
      case 'event': {
        const ev = valid.data as DeviceEvent;
        // Boots are batched with the heartbeats, a shutdown waits for the batched offline write (a slot
        // held meanwhile would idle); other events touch the database one by one.
        return ev.type === 'boot' || ev.type === 'shutdown'
          ? service.event(t, ev)
          : perMessage(() => service.event(t, ev));
      }
      case 'status':
        return service.status(t, (valid.data as { online: boolean }).online);
      case 'alarm':
        return perMessage(async () => deps.onAlarm?.(t, valid.data as AlarmMessage, new Date(nowMs(clock))));
    }
  };

  return service;
};

export type AgentService = ReturnType<typeof createAgentService>;
