import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountAncestorPairsSql } from '../../shared/data-scope';
import { textArray, uuidArray } from '../../shared/sql';
import { peripheralFaults, terminalLogs, terminalStatusLog, terminals } from '../devices/devices.table';
import { createHeartbeatRepository } from './heartbeat.repository';
import { createHeartbeatWriter } from './heartbeat-writer';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type Peripheral = (typeof terminals.$inferSelect)['peripherals'][number];
type App = (typeof terminals.$inferSelect)['apps'][number];
export type Grant = { id: string; secretHash: string; activated: boolean };

/** What authentication checks about a terminal. */
const credentialColumns = {
  id: terminals.id,
  sn: terminals.sn,
  ownerId: terminals.ownerId,
  secretHash: terminals.secretHash,
  status: terminals.status,
};

/** Storage of what terminals report: enrollment, state, locations, events, output, the sweep. */
export const createAgentRepository = (db: Db) => ({
  /** The batched heartbeat writer over this database. */
  heartbeatWriter: (opts: Omit<Parameters<typeof createHeartbeatWriter>[0], 'store'>) =>
    createHeartbeatWriter({ store: createHeartbeatRepository(db), ...opts }),

  logStatus: async (terminalId: string, kind: string, detail: string | null, at: Date) => {
    await db.insert(terminalStatusLog).values({ terminalId, kind, detail, at });
  },

  findIdentity: async (sn: string) =>
    (
      await db
        .select({ id: terminals.id, sn: terminals.sn, ownerId: terminals.ownerId })
        .from(terminals)
        .where(eq(terminals.sn, sn))
    )[0] ?? null,

  findCredentials: async (sn: string) =>
    (await db.select(credentialColumns).from(terminals).where(eq(terminals.sn, sn)))[0] ?? null,

  /** What authentication checks about each SN, for many terminals in one statement. */
  findCredentialsMany: (sns: string[]) =>
    db
      .select(credentialColumns)
      .from(terminals)
      // One array parameter however many SNs: a list would take a parameter, and a builder step, each.
      .where(sql`${terminals.sn} = any(${textArray(sns)})`),

  /** Marks these terminals offline where they are online and logs it, in one statement; answers those that changed. */
  async markOfflineMany(sns: string[], detail: string, at: Date) {
    const gone = rowsOf<{ id: string; sn: string; owner_id: string }>(
      await db.execute(sql`
        with gone as (
          update terminals set online = false, online_changed_at = ${at}
          where sn = any(${textArray(sns)}) and online
          returning id, sn, owner_id
        ), logged as (
          insert into ${terminalStatusLog} (terminal_id, kind, detail, at)
          select id, 'offline', ${detail}, ${at} from gone
        )
        select id, sn, owner_id from gone`),
    );
    return gone.map((g) => ({ id: g.id, sn: g.sn, ownerId: g.owner_id }));
  },

  /** What enrollment checks about each SN. */
  findForEnrollment: (sns: string[]) =>
    db
      .select({
        id: terminals.id,
        sn: terminals.sn,
        ownerId: terminals.ownerId,
        status: terminals.status,
        mac: terminals.mac,
      })
      .from(terminals)
      .where(sql`${terminals.sn} = any(${textArray(sns)})`),

  /**
   * Which of the key hashes belong to each owner or an account above it: pairs `owner|keyHash`.
   * An enterprise's terminals enroll with its own key or the key of any account above it.
   */
  async validEnrollmentKeys(owners: string[], keyHashes: string[]) {
    if (!owners.length) {
      // No SN of the batch is registered: the keys are still looked up, so an unknown SN is answered
      // after the same work as a registered one with a wrong key.
      await db.execute(
        sql`select key_hash from enrollment_keys where key_hash = any(${textArray(keyHashes)})`,
      );
      return new Set<string>();
    }
    const rows = rowsOf<{ owner: string; key_hash: string }>(
      await db.execute(sql`
        select up.start as owner, k.key_hash from ${accountAncestorPairsSql(owners)} up
        join enrollment_keys k on k.owner_id = up.id
        where k.key_hash = any(${textArray(keyHashes)})`),
    );
    return new Set(rows.map((v) => `${v.owner}|${v.key_hash}`));
  },

  /** Stores new secrets, activates the terminals and logs both, in one statement. */
  async saveEnrollments(grants: Grant[], now: Date) {
    const json = JSON.stringify(
      grants.map((g) => ({ id: g.id, secret_hash: g.secretHash, activated: g.activated })),
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
  },

  /** The terminal's latest position and when it was taken. */
  /** The latest kept position of each of these terminals, by id (absent when never located). */
  async lastPositions(terminalIds: string[]) {
    const rows = await db
      .select({ id: terminals.id, lat: terminals.lat, lng: terminals.lng, at: terminals.locatedAt })
      .from(terminals)
      .where(sql`${terminals.id} = any(${uuidArray(terminalIds)})`);
    return new Map(rows.map(({ id, ...position }) => [id, position]));
  },

  /**
   * Stores a batch of fixes (one per terminal) as the terminals' latest positions, and each in its
   * terminal's history only when it moved more than `minMetres` from the last kept fix or `minMinutes`
   * passed since (never a row per report). One statement for the whole batch.
   */
  async saveLocations(
    fixes: {
      terminalId: string;
      lat: number;
      lng: number;
      accuracy: number | null;
      source: string;
      at: Date;
    }[],
    keep: { minMetres: number; minMinutes: number },
  ) {
    if (fixes.length === 0) return;
    const batch = JSON.stringify(
      fixes.map((f) => ({
        terminal_id: f.terminalId,
        lat: f.lat,
        lng: f.lng,
        accuracy: f.accuracy,
        source: f.source,
        at: f.at.toISOString(),
      })),
    );
    // Metres on a local flat approximation: exact enough to tell 50 m apart, and no extension needed.
    await db.execute(sql`
      with v as (
        select * from json_to_recordset(${batch}::json)
          as v(terminal_id uuid, lat float8, lng float8, accuracy float8, source text, at timestamptz)
      ),
      kept as (
        insert into terminal_locations (terminal_id, lat, lng, accuracy, source, at)
        select v.terminal_id, v.lat, v.lng, v.accuracy, v.source, v.at from v
        where not exists (
          select 1 from (
            select l.lat, l.lng, l.at from terminal_locations l where l.terminal_id = v.terminal_id
            order by l.at desc limit 1
          ) last
          where last.at > v.at - make_interval(mins => ${keep.minMinutes})
            and sqrt(power((last.lat - v.lat) * 111320, 2)
                   + power((last.lng - v.lng) * 111320 * cos(radians(v.lat)), 2)) < ${keep.minMetres}
        )
        returning 1
      )
      update terminals t set lat = v.lat, lng = v.lng, located_at = v.at
      from v where t.id = v.terminal_id`);
  },

  markShutdown: async (terminalId: string, at: Date) => {
    await db.update(terminals).set({ lastShutdownAt: at }).where(eq(terminals.id, terminalId));
  },

  /** Records a peripheral fault and raises the terminal's fault warning (once while unhandled). */
  async saveFault(
    terminalId: string,
    fault: { name: string; kind: string | null; detail: string | null },
    at: Date,
  ) {
    await db.insert(peripheralFaults).values({
      terminalId,
      peripheralName: fault.name,
      kind: fault.kind,
      detail: fault.detail,
      at,
    });
    await db.execute(sql`
      insert into terminal_warnings (terminal_id, kind, detail, alerted, at)
      select t.id, 'peripheralFault', ${fault.name}, jsonb_build_array(u.username), ${at}
      from terminals t left join users u on u.id = t.owner_id where t.id = ${terminalId}::uuid
      on conflict do nothing`);
  },

  peripheralsOf: async (terminalId: string): Promise<Peripheral[]> =>
    (await db.select({ list: terminals.peripherals }).from(terminals).where(eq(terminals.id, terminalId)))[0]
      ?.list ?? [],

  setPeripherals: async (terminalId: string, list: Peripheral[]) => {
    await db.update(terminals).set({ peripherals: list }).where(eq(terminals.id, terminalId));
  },

  appsOf: async (terminalId: string): Promise<App[]> =>
    (await db.select({ list: terminals.apps }).from(terminals).where(eq(terminals.id, terminalId)))[0]
      ?.list ?? [],

  setApps: async (terminalId: string, list: App[]) => {
    await db.update(terminals).set({ apps: list }).where(eq(terminals.id, terminalId));
  },

  saveOutput: async (terminalId: string, out: { requestId: string; text: string }, at: Date) => {
    await db.insert(terminalLogs).values({ terminalId, requestId: out.requestId, text: out.text, at });
  },

  /** Takes online terminals silent since `silentSince` offline and logs it; answers them. */
  async takeSilentOffline(silentSince: Date, now: Date) {
    // One statement, however many went silent (a fleet behind a failed network can be 100,000):
    // the status log rows are written from the update's own result.
    const gone = rowsOf<{ id: string; sn: string; owner_id: string }>(
      await db.execute(sql`
        with gone as (
          update terminals set online = false, online_changed_at = ${now}
          where online and (last_seen_at is null or last_seen_at < ${silentSince})
          returning id, sn, owner_id
        ), logged as (
          insert into ${terminalStatusLog} (terminal_id, kind, detail, at)
          select id, 'offline', 'timeout', ${now} from gone
        )
        select id, sn, owner_id from gone`),
    );
    return gone.map((g) => ({ id: g.id, sn: g.sn, ownerId: g.owner_id }));
  },

  /** Raises a long-offline warning for activated terminals silent since `silentSince` (once while unhandled). */
  warnLongOffline: async (silentSince: Date, now: Date) => {
    await db.execute(sql`
      insert into terminal_warnings (terminal_id, kind, detail, alerted, at)
      select t.id, 'longOffline', to_char(t.last_seen_at, 'YYYY-MM-DD HH24:MI'), jsonb_build_array(u.username), ${now}
      from terminals t left join users u on u.id = t.owner_id
      where not t.online and t.last_seen_at < ${silentSince}
        and t.status = 'activated'
      on conflict do nothing`);
  },
});

export type AgentRepository = ReturnType<typeof createAgentRepository>;
