import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { textArray, uuidArray } from '../../shared/sql';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One write of the heartbeat writer, as the statements take it. */
export type StoredBeats = {
  /** Every terminal's latest figures, as JSON bytes for jsonb_to_recordset. */
  json: Buffer;
  /** The terminals to mark online (not those that went offline since). */
  online: string[];
  low: { sn: string; battery: number }[];
  /** The hellos as JSON for jsonb_to_recordset, or null when there are none. */
  hellos: string | null;
  boots: { sn: string; n: number; at: number }[];
};

/** Storage of terminals' signs of life, written in batches by the heartbeat writer. */
export const createHeartbeatRepository = (db: Db) => ({
  /** Writes one batch and answers the terminals it brought online, their change logged. */
  async write(batch: StoredBeats, now: Date): Promise<{ id: string; sn: string; ownerId: string }[]> {
    const cameOnline = rowsOf<{ id: string; sn: string; owner_id: string }>(
      await db.execute(sql`
        update terminals t set online = true, online_changed_at = ${now}
        where t.sn = any(${textArray(batch.online)})
          and not t.online and t.status <> 'loggedOff'
        returning t.id, t.sn, t.owner_id`),
    );
    await db.execute(sql`
      update terminals t set
        last_seen_at = greatest(t.last_seen_at, to_timestamp(v.seen / 1000.0)),
        battery = coalesce((v.metrics->>'battery')::numeric::int, t.battery),
        ip = coalesce(v.metrics->>'ip', t.ip),
        metrics = case when v.metrics is null or v.metrics = 'null'::jsonb then t.metrics else v.metrics end
      from jsonb_to_recordset(convert_from(${batch.json}, 'UTF8')::jsonb) as v(sn text, seen float8, metrics jsonb)
      where t.sn = v.sn`);
    if (batch.low.length) {
      await db.execute(sql`
        insert into terminal_warnings (terminal_id, kind, detail, alerted, at)
        select t.id, 'lowBattery', 'battery ' || v.battery || '%', jsonb_build_array(u.username), ${now}
        from jsonb_to_recordset(${JSON.stringify(batch.low)}::jsonb) as v(sn text, battery int)
        join terminals t on t.sn = v.sn left join users u on u.id = t.owner_id
        on conflict do nothing`);
    }
    if (batch.hellos) {
      await db.execute(sql`
        update terminals t set
          platform = v.platform, os_version = v.os, firmware_version = v.fw, agent_version = v.agent,
          hardware = v.hardware, apps = v.apps, peripherals = v.peripherals, hello_at = v.at,
          model_id = coalesce(t.model_id, (select m.id from terminal_models m where lower(m.name) = lower(v.model) limit 1))
        from jsonb_to_recordset(${batch.hellos}::jsonb) as v(sn text, at timestamptz, platform text, model text, os text,
          fw text, agent text, hardware jsonb, apps jsonb, peripherals jsonb)
        where t.sn = v.sn`);
    }
    if (batch.boots.length) {
      await db.execute(sql`
        with b as (
          update terminals t set boot_count = t.boot_count + v.n, last_boot_at = to_timestamp(v.at / 1000.0)
          from jsonb_to_recordset(${JSON.stringify(batch.boots)}::jsonb) as v(sn text, n int, at float8)
          where t.sn = v.sn returning t.id, t.last_boot_at as at
        )
        insert into terminal_status_log (terminal_id, kind, at) select id, 'boot', at from b`);
    }
    if (cameOnline.length) {
      await db.execute(sql`
        insert into terminal_status_log (terminal_id, kind, at)
        select id, 'online', ${now} from unnest(${uuidArray(cameOnline.map((r) => r.id))}) as id`);
    }
    return cameOnline.map((r) => ({ id: r.id, sn: r.sn, ownerId: r.owner_id }));
  },
});

/** Where the heartbeat writer puts its batches. */
export type HeartbeatStore = ReturnType<typeof createHeartbeatRepository>;
