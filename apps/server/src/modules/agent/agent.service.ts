import {
  DEVICE_PROTOCOL,
  type DeviceEvent,
  distanceMetres,
  type EnrollRequest,
  type EnrollResult,
  GEO_LIMITS,
  type Heartbeat,
  type Hello,
  type Location,
  parseUpTopic,
  SN_PATTERN,
  terminalFilters,
  UP_SCHEMAS,
} from '@cpm/contracts';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { newToken, sha256 } from '../../shared/crypto';
import type { ActivitySink } from '../datacenter/datacenter.service';
import type { FleetEvents } from '../devices/fleet-events';
import { LONG_OFFLINE_MS } from '../devices/terminals.repository';
import { normalizeMac } from '../devices/terminals.service';
import type { AgentRepository } from './agent.repository';
import type { OnlineChange } from './heartbeat-writer';
import { createIdentityCache } from './identity-cache';
import { createTerminalRateLimit } from './terminal-rate-limit';

/** An authenticated terminal. */
export type DeviceIdentity = { id: string; sn: string; ownerId: string };

/** How long enrollments wait to be written together. */
const ENROLL_BATCH_MS = 20;

/**
 * The device gateway's rules, the same for MQTT and HTTP: enrollment, authentication, hello,
 * heartbeat (batched), location, events, connection state and the heartbeat timeout.
 */
export const createAgentService = (deps: {
  repo: AgentRepository;
  clock: Clock;
  events: FleetEvents;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  offlineAfterMs?: number;
  /** The data centre's activity rollups and event table. */
  activity?: ActivitySink;
  flushMs?: number;
  /** Tells the other server instances that these terminals changed (they forget what they cached). */
  notifyInstances?: (sns: readonly string[]) => Promise<void>;
  /** Hears each peripheral fault and hardware exception (peripheral health); must not reject. */
  onFault?: (fault: {
    terminalId: string;
    sn: string;
    ownerId: string;
    kind: 'peripheral' | 'hardware';
    peripheralName: string;
    detail: string | null;
    at: Date;
  }) => Promise<unknown>;
  /** Hears each accepted location fix (geofences); must not reject. */
  onLocation?: (fix: {
    terminalId: string;
    sn: string;
    ownerId: string;
    lat: number;
    lng: number;
    accuracy: number | null;
    at: Date;
  }) => Promise<unknown>;
  /** Hears each hello (the payment-app lock is sent again until confirmed); must not reject. */
  onHello?: (device: DeviceIdentity) => Promise<unknown>;
  /** Hears the payment-app state the terminal reports holding. */
  onPaymentLock?: (device: DeviceIdentity, locked: boolean, at: Date) => Promise<unknown>;
  /** App crashes, ANRs, installs and removals go to the app market as well (health gate, records). */
  appHealth?: (sn: string, ev: DeviceEvent, at: Date) => Promise<void>;
  /** Output a terminal prints while it runs a task (`requestId` `task:<deliveryId>`); must not reject. */
  taskOutput?: (device: DeviceIdentity, deliveryId: string, text: string, at: Date) => Promise<void>;
}) => {
  const { repo, clock } = deps;
  const offlineAfterMs = deps.offlineAfterMs ?? DEVICE_PROTOCOL.offlineAfterSec * 1000;
  // Who each SN is (owner, status, secret): one lookup per terminal and minute, not per message.
  const cache = createIdentityCache({
    clock,
    load: (sn) => repo.findCredentials(sn),
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
  const stats = { malformed: 0, accepted: 0, refused: 0, rateLimited: 0, locationIgnored: 0 };
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

  const markOffline = async (sn: string, detail: string) => {
    writer.discard(sn);
    const rows = await repo.markOffline(sn, clock.now());
    for (const r of rows) await logStatus(r.id, 'offline', detail);
    announce(rows.map((r) => ({ ...r, online: false })));
  };

  // Who sent a message the broker already authenticated; a logged-off terminal is heard no more.
  const identityOf = async (sn: string): Promise<DeviceIdentity | null> => {
    const row = await cache.get(sn);
    return row && row.status !== 'loggedOff' ? { id: row.id, sn: row.sn, ownerId: row.ownerId } : null;
  };

  // Enrollments arrive in bursts (a shipment powered on at once): checked and written a batch at a time,
  // a few statements per batch instead of several per terminal.
  type EnrollJob = { req: EnrollRequest; resolve: (r: EnrollResult) => void; reject: (e: unknown) => void };
  const enrollQueue: EnrollJob[] = [];
  let enrollTimer: NodeJS.Timeout | undefined;
  let enrollChain: Promise<void> = Promise.resolve();

  const enrollBatch = async (jobs: EnrollJob[]) => {
    const sns = [...new Set(jobs.map((j) => j.req.sn.toUpperCase()))];
    const rows = await repo.findForEnrollment(sns);
    const bySn = new Map(rows.map((r) => [r.sn, r]));
    const owners = [...new Set(rows.map((r) => r.ownerId))];
    const keyHashes = [...new Set(jobs.map((j) => sha256(j.req.enrollmentKey)))];
    const allowed = await repo.validEnrollmentKeys(owners, keyHashes);
    const now = clock.now();
    const issued = new Map<string, { id: string; secret: string; activated: boolean; ownerId: string }>();
    const answers: { job: EnrollJob; result?: EnrollResult; error?: AppError }[] = [];
    for (const job of jobs) {
      const sn = job.req.sn.toUpperCase();
      const t = bySn.get(sn);
      let error: AppError | undefined;
      if (!t) error = new AppError('terminalNotRegistered');
      else if (!allowed.has(`${t.ownerId}|${sha256(job.req.enrollmentKey)}`))
        error = new AppError('enrollmentKeyInvalid');
      else if (t.status === 'loggedOff') error = new AppError('terminalLoggedOff');
      else if (job.req.mac && t.mac && normalizeMac(job.req.mac) !== t.mac)
        error = new AppError('terminalMacMismatch');
      if (error || !t) {
        answers.push({ job, error });
        continue;
      }
      // The same SN twice in one batch gets one secret.
      const grant = issued.get(sn) ?? {
        id: t.id,
        secret: newToken(),
        activated: t.status !== 'activated',
        ownerId: t.ownerId,
      };
      issued.set(sn, grant);
      answers.push({
        job,
        result: {
          sn,
          secret: grant.secret,
          topics: { up: terminalFilters.upPattern(sn), down: terminalFilters.down(sn) },
          heartbeatIntervalSec: DEVICE_PROTOCOL.heartbeatIntervalSec,
        },
      });
    }
    if (issued.size) {
      await repo.saveEnrollments(
        [...issued.values()].map((g) => ({ id: g.id, secretHash: sha256(g.secret), activated: g.activated })),
        now,
      );
      forget([...issued.keys()]);
      for (const [sn, g] of issued) {
        if (g.activated) deps.events.emit({ sn, ownerId: g.ownerId, status: 'activated', kind: 'status' });
      }
    }
    for (const a of answers) a.error ? a.job.reject(a.error) : a.job.resolve(a.result as EnrollResult);
  };

  const runEnrollments = () => {
    enrollTimer = undefined;
    const jobs = enrollQueue.splice(0, 500);
    if (enrollQueue.length) enrollTimer = setTimeout(runEnrollments, 0);
    enrollChain = enrollChain.then(() =>
      enrollBatch(jobs).catch((err: unknown) => {
        for (const j of jobs) j.reject(err);
      }),
    );
  };

  const service = {
    stats: () => ({ ...stats, written: writer.written(), queued: writer.queued() }),

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
    enroll: (req: EnrollRequest): Promise<EnrollResult> =>
      new Promise<EnrollResult>((resolve, reject) => {
        enrollQueue.push({ req, resolve, reject });
        if (!enrollTimer) enrollTimer = setTimeout(runEnrollments, ENROLL_BATCH_MS);
      }),

    /** Hardware and versions: written with the next batch, one statement for every terminal in it. */
    async hello(device: DeviceIdentity, hello: Hello) {
      writer.add(device.sn, null, { hello });
      deps.events.emit({ sn: device.sn, ownerId: device.ownerId, kind: 'hello' });
      stats.accepted++;
      await deps.onHello?.(device);
    },

    heartbeat(device: DeviceIdentity, hb: Heartbeat) {
      writer.add(device.sn, hb);
      stats.accepted++;
    },

    async location(device: DeviceIdentity, loc: Location) {
      const at = loc.ts ? new Date(Math.min(loc.ts, clock.now().getTime())) : clock.now();
      writer.add(device.sn, null);
      // A fix too vague to place the terminal, one older than the last kept, or one that would mean
      // an impossible jump is dropped and counted: GPS glitches must move no marker and trip no fence.
      if (loc.accuracy !== undefined && loc.accuracy > GEO_LIMITS.maxAccuracyMetres) {
        stats.locationIgnored++;
        return;
      }
      const prev = await repo.lastPosition(device.id);
      // A fix from before the last one kept (a late report) would move the terminal back in time.
      if (prev?.at && at <= prev.at) {
        stats.locationIgnored++;
        return;
      }
      if (prev?.lat != null && prev.lng != null && prev.at) {
        const metres = distanceMetres(prev as { lat: number; lng: number }, loc);
        const seconds = (at.getTime() - prev.at.getTime()) / 1000;
        if (metres > 1000 && metres / seconds > GEO_LIMITS.maxSpeedMps) {
          stats.locationIgnored++;
          return;
        }
      }
      const accuracy = loc.accuracy ?? null;
      await repo.saveLocation(device.id, { lat: loc.lat, lng: loc.lng, accuracy, source: loc.source }, at, {
        minMetres: GEO_LIMITS.historyMinMetres,
        minMinutes: GEO_LIMITS.historyMinMinutes,
      });
      stats.accepted++;
      await deps.onLocation?.({
        terminalId: device.id,
        sn: device.sn,
        ownerId: device.ownerId,
        lat: loc.lat,
        lng: loc.lng,
        accuracy,
        at,
      });
    },

    async event(device: DeviceIdentity, ev: DeviceEvent) {
      const now = clock.now();
      // Boots come in bursts (a store powering up, a restarted broker): batched like heartbeats.
      if (ev.type === 'boot') {
        writer.add(device.sn, null, { boot: true });
        deps.events.emit({ sn: device.sn, ownerId: device.ownerId, kind: 'boot' });
        stats.accepted++;
        return;
      }
      const detail = ev.peripheral?.name ?? ev.app?.packageName ?? ev.detail ?? null;
      await logStatus(device.id, ev.type, detail);
      if (ev.type === 'shutdown') deps.activity?.shutdown(device.sn, now, detail);
      else deps.activity?.event(device.sn, ev.type, detail, now);
      if (ev.app && ['appCrash', 'appAnr', 'appInstalled', 'appRemoved'].includes(ev.type))
        await deps.appHealth?.(device.sn, ev, now);
      switch (ev.type) {
        case 'shutdown':
          await repo.markShutdown(device.id, now);
          break;
        case 'paymentLocked':
        case 'paymentUnlocked':
          await deps.onPaymentLock?.(device, ev.type === 'paymentLocked', now);
          deps.events.emit({ sn: device.sn, ownerId: device.ownerId, kind: ev.type });
          break;
        case 'peripheralFault': {
          const name = ev.peripheral?.name ?? 'unknown';
          await repo.saveFault(
            device.id,
            { name, kind: ev.peripheral?.kind ?? null, detail: ev.detail ?? null },
            now,
          );
          await deps.onFault?.({
            terminalId: device.id,
            sn: device.sn,
            ownerId: device.ownerId,
            kind: 'peripheral',
            peripheralName: name,
            detail: ev.detail ?? null,
            at: now,
          });
          break;
        }
        case 'hardwareFault':
          await deps.onFault?.({
            terminalId: device.id,
            sn: device.sn,
            ownerId: device.ownerId,
            kind: 'hardware',
            peripheralName: ev.detail ?? 'hardware',
            detail: ev.detail ?? null,
            at: now,
          });
          break;
        case 'peripheralAttached':
        case 'peripheralDetached': {
          const p = ev.peripheral;
          if (!p) break;
          const others = (await repo.peripheralsOf(device.id)).filter((x) => x.name !== p.name);
          await repo.setPeripherals(device.id, ev.type === 'peripheralAttached' ? [...others, p] : others);
          break;
        }
        case 'appInstalled':
        case 'appRemoved': {
          const app = ev.app;
          if (!app) break;
          const others = (await repo.appsOf(device.id)).filter((x) => x.packageName !== app.packageName);
          await repo.setApps(device.id, ev.type === 'appInstalled' ? [...others, app] : others);
          break;
        }
      }
      if (ev.type === 'shutdown') await markOffline(device.sn, 'shutdown');
      else writer.add(device.sn, null);
      deps.events.emit({ sn: device.sn, ownerId: device.ownerId, kind: ev.type });
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
    async handleMessage(topic: string, payload: Buffer) {
      const parsed = parseUpTopic(topic);
      if (!parsed || payload.length > DEVICE_PROTOCOL.maxPayloadBytes) {
        stats.malformed++;
        return;
      }
      // Task results belong to the remote-task feature, which subscribes to them itself.
      if (parsed.kind === 'result') return;
      // Before any parsing: what a terminal sends beyond its budget costs nothing but this check.
      if (!rateLimit.take(parsed.sn, payload.length, clock.now().getTime())) {
        stats.rateLimited++;
        return;
      }
      const schema = parsed.kind === 'output' ? null : UP_SCHEMAS[parsed.kind];
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        stats.malformed++;
        return;
      }
      const t = await identityOf(parsed.sn);
      if (!t) {
        stats.refused++;
        return;
      }
      if (parsed.kind === 'output') {
        const o = body as { requestId?: unknown; text?: unknown };
        if (typeof o.requestId !== 'string' || typeof o.text !== 'string' || o.text.length > 60_000) {
          stats.malformed++;
          return;
        }
        return service.output(t, { requestId: o.requestId.slice(0, 64), text: o.text });
      }
      if (!schema) return;
      const valid = schema.safeParse(body);
      if (!valid.success) {
        stats.malformed++;
        return;
      }
      switch (parsed.kind) {
        case 'hello':
          return service.hello(t, valid.data as Hello);
        case 'heartbeat':
          return service.heartbeat(t, valid.data as Heartbeat);
        case 'location':
          return service.location(t, valid.data as Location);
        case 'event':
          return service.event(t, valid.data as DeviceEvent);
        case 'status':
          return service.status(t, (valid.data as { online: boolean }).online);
      }
    },

    /**
     * Heartbeat timeout: terminals silent for longer than the offline period go offline; those silent
     * for 72 hours get a warning. Safe to run on every instance at once.
     */
    async sweep() {
      await writer.flush();
      const now = clock.now();
      const gone = await repo.takeSilentOffline(new Date(now.getTime() - offlineAfterMs), now);
      if (gone.length) announce(gone.map((g) => ({ ...g, online: false })));
      await repo.warnLongOffline(new Date(now.getTime() - LONG_OFFLINE_MS), now);
      rateLimit.prune(now.getTime());
      return { wentOffline: gone.length };
    },

    flush: () => writer.flush(),
  };
  return service;
};

export type AgentService = ReturnType<typeof createAgentService>;
