import {
  DEVICE_PROTOCOL,
  type DeviceEvent,
  type EnrollRequest,
  type EnrollResult,
  type Heartbeat,
  type Hello,
  type Location,
  parseUpTopic,
  SN_PATTERN,
  terminalFilters,
  UP_SCHEMAS,
} from '@cpm/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { newToken, sha256 } from '../../shared/crypto';
import {
  onlineSamples,
  peripheralFaults,
  terminalLocations,
  terminalLogs,
  terminalStatusLog,
  terminals,
} from '../devices/devices.table';
import type { FleetEvents } from '../devices/fleet-events';
import { LONG_OFFLINE_MS } from '../devices/terminals.repository';
import { normalizeMac } from '../devices/terminals.service';
import { createHeartbeatWriter, type OnlineChange } from './heartbeat-writer';
import { createIdentityCache } from './identity-cache';

/** An authenticated terminal. */
export type DeviceIdentity = { id: string; sn: string; ownerId: string };

/** How long enrollments wait to be written together. */
const ENROLL_BATCH_MS = 20;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The device gateway's rules, the same for MQTT and HTTP: enrollment, authentication, hello,
 * heartbeat (batched), location, events, connection state and the heartbeat timeout.
 */
export const createAgentService = (deps: {
  db: Db;
  clock: Clock;
  events: FleetEvents;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  offlineAfterMs?: number;
  flushMs?: number;
  /** Tells the other server instances that these terminals changed (they forget what they cached). */
  notifyInstances?: (sns: readonly string[]) => Promise<void>;
}) => {
  const { db, clock } = deps;
  const offlineAfterMs = deps.offlineAfterMs ?? DEVICE_PROTOCOL.offlineAfterSec * 1000;
  // Who each SN is (owner, status, secret): one lookup per terminal and minute, not per message.
  const cache = createIdentityCache({
    clock,
    load: async (sn) =>
      (
        await db
          .select({
            id: terminals.id,
            sn: terminals.sn,
            ownerId: terminals.ownerId,
            secretHash: terminals.secretHash,
            status: terminals.status,
          })
          .from(terminals)
          .where(eq(terminals.sn, sn))
      )[0] ?? null,
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
  const stats = { malformed: 0, accepted: 0, refused: 0 };

  const announce = (changes: OnlineChange[]) =>
    deps.events.emit(
      ...changes.map((c) => ({
        sn: c.sn,
        ownerId: c.ownerId,
        online: c.online,
        kind: c.online ? 'online' : 'offline',
      })),
    );

  const writer = createHeartbeatWriter({
    db,
    clock,
    flushMs: deps.flushMs,
    onOnlineChanges: announce,
    onError: (err) => deps.log.error({ err }, 'heartbeat batch write failed'),
  });

  const logStatus = (terminalId: string, kind: string, detail?: string | null) =>
    db.insert(terminalStatusLog).values({ terminalId, kind, detail: detail ?? null, at: clock.now() });

  const markOffline = async (sn: string, detail: string) => {
    writer.discard(sn);
    const rows = await db
      .update(terminals)
      .set({ online: false, onlineChangedAt: clock.now() })
      .where(and(eq(terminals.sn, sn), eq(terminals.online, true)))
      .returning({ id: terminals.id, sn: terminals.sn, ownerId: terminals.ownerId });
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
    const rows = await db
      .select({
        id: terminals.id,
        sn: terminals.sn,
        ownerId: terminals.ownerId,
        status: terminals.status,
        mac: terminals.mac,
      })
      .from(terminals)
      .where(inArray(terminals.sn, sns));
    const bySn = new Map(rows.map((r) => [r.sn, r]));
    const owners = [...new Set(rows.map((r) => r.ownerId))];
    const keyHashes = [...new Set(jobs.map((j) => sha256(j.req.enrollmentKey)))];
    const valid = owners.length
      ? rowsOf<{ owner: string; key_hash: string }>(
          await db.execute(sql`
            with recursive up(start, id, superior_id) as (
              select id, id, superior_id from users where id = any(${`{${owners.join(',')}}`}::uuid[])
              union
              select up.start, u.id, u.superior_id from users u join up on u.id = up.superior_id
            )
            select up.start as owner, k.key_hash from up join enrollment_keys k on k.owner_id = up.id
            where k.key_hash = any(${`{${keyHashes.join(',')}}`}::text[])`),
        )
      : [];
    const allowed = new Set(valid.map((v) => `${v.owner}|${v.key_hash}`));
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
      const json = JSON.stringify(
        [...issued.values()].map((g) => ({
          id: g.id,
          secret_hash: sha256(g.secret),
          activated: g.activated,
        })),
      );
      await db.execute(sql`
        with v as (select * from jsonb_to_recordset(${json}::jsonb) as v(id uuid, secret_hash text, activated boolean)),
        u as (
          update terminals t set secret_hash = v.secret_hash, enrolled_at = ${now}, status = 'activated',
            activation_date = coalesce(t.activation_date, ${now}), updated_at = ${now}
          from v where t.id = v.id returning t.id
        )
        insert into terminal_status_log (terminal_id, kind, at)
        select id, 'enrolled', ${now}::timestamptz from v
        union all select id, 'activated', ${now}::timestamptz from v where activated`);
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
    },

    heartbeat(device: DeviceIdentity, hb: Heartbeat) {
      writer.add(device.sn, hb);
      stats.accepted++;
    },

    async location(device: DeviceIdentity, loc: Location) {
      const at = loc.ts ? new Date(Math.min(loc.ts, clock.now().getTime())) : clock.now();
      await db.insert(terminalLocations).values({
        terminalId: device.id,
        lat: loc.lat,
        lng: loc.lng,
        accuracy: loc.accuracy ?? null,
        source: loc.source,
        at,
      });
      await db
        .update(terminals)
        .set({ lat: loc.lat, lng: loc.lng, locatedAt: at })
        .where(eq(terminals.id, device.id));
      writer.add(device.sn, null);
      stats.accepted++;
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
      switch (ev.type) {
        case 'shutdown':
          await db.update(terminals).set({ lastShutdownAt: now }).where(eq(terminals.id, device.id));
          break;
        case 'peripheralFault': {
          const name = ev.peripheral?.name ?? 'unknown';
          await db.insert(peripheralFaults).values({
            terminalId: device.id,
            peripheralName: name,
            kind: ev.peripheral?.kind ?? null,
            detail: ev.detail ?? null,
            at: now,
          });
          await db.execute(sql`
            insert into terminal_warnings (terminal_id, kind, detail, alerted, at)
            select t.id, 'peripheralFault', ${name}, jsonb_build_array(u.username), ${now}
            from terminals t left join users u on u.id = t.owner_id where t.id = ${device.id}::uuid
            on conflict do nothing`);
          break;
        }
        case 'peripheralAttached':
        case 'peripheralDetached': {
          const p = ev.peripheral;
          if (!p) break;
          const [t] = await db
            .select({ list: terminals.peripherals })
            .from(terminals)
            .where(eq(terminals.id, device.id));
          const others = (t?.list ?? []).filter((x) => x.name !== p.name);
          await db
            .update(terminals)
            .set({ peripherals: ev.type === 'peripheralAttached' ? [...others, p] : others })
            .where(eq(terminals.id, device.id));
          break;
        }
        case 'appInstalled':
        case 'appRemoved': {
          const app = ev.app;
          if (!app) break;
          const [t] = await db
            .select({ list: terminals.apps })
            .from(terminals)
            .where(eq(terminals.id, device.id));
          const others = (t?.list ?? []).filter((x) => x.packageName !== app.packageName);
          await db
            .update(terminals)
            .set({ apps: ev.type === 'appInstalled' ? [...others, app] : others })
            .where(eq(terminals.id, device.id));
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
      await db
        .insert(terminalLogs)
        .values({ terminalId: device.id, requestId: out.requestId, text: out.text, at: clock.now() });
      writer.add(device.sn, null);
      stats.accepted++;
    },

    /**
     * One message from the broker: topic checked, payload parsed and validated. Anything malformed is
     * dropped and counted; the broker already made sure the sender owns the topic.
     */
    async handleMessage(topic: string, payload: Buffer) {
      const parsed = parseUpTopic(topic);
      if (!parsed || payload.length > DEVICE_PROTOCOL.maxPayloadBytes) {
        stats.malformed++;
        return;
      }
      // Task results belong to the remote-task feature, which subscribes to them itself.
      if (parsed.kind === 'result') return;
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
     * for 72 hours get a warning. Also samples the online count for the dashboard trend. Safe to run
     * on every instance at once.
     */
    async sweep() {
      await writer.flush();
      const now = clock.now();
      const gone = rowsOf<{ id: string; sn: string; owner_id: string }>(
        await db.execute(sql`
          update terminals set online = false, online_changed_at = ${now}
          where online and (last_seen_at is null or last_seen_at < ${new Date(now.getTime() - offlineAfterMs)})
          returning id, sn, owner_id`),
      );
      if (gone.length) {
        await db
          .insert(terminalStatusLog)
          .values(gone.map((g) => ({ terminalId: g.id, kind: 'offline', detail: 'timeout', at: now })));
        announce(gone.map((g) => ({ id: g.id, sn: g.sn, ownerId: g.owner_id, online: false })));
      }
      await db.execute(sql`
        insert into terminal_warnings (terminal_id, kind, detail, alerted, at)
        select t.id, 'longOffline', to_char(t.last_seen_at, 'YYYY-MM-DD HH24:MI'), jsonb_build_array(u.username), ${now}
        from terminals t left join users u on u.id = t.owner_id
        where not t.online and t.last_seen_at < ${new Date(now.getTime() - LONG_OFFLINE_MS)}
          and t.status = 'activated'
        on conflict do nothing`);
      const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
      const [counts] = rowsOf<{ online: number; total: number }>(
        await db.execute(
          sql`select (count(*) filter (where online))::int as online, count(*)::int as total from terminals`,
        ),
      );
      await db
        .insert(onlineSamples)
        .values({ at: hour, online: counts.online, total: counts.total })
        .onConflictDoUpdate({
          target: onlineSamples.at,
          set: { online: sql`greatest(${onlineSamples.online}, excluded.online)`, total: counts.total },
        });
      return { wentOffline: gone.length };
    },

    flush: () => writer.flush(),
  };
  return service;
};

export type AgentService = ReturnType<typeof createAgentService>;
