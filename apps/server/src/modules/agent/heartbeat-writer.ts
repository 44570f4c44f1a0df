import type { Heartbeat, Hello } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../shared/clock';
import { textArray, uuidArray } from '../../shared/sql';
import type { ActivitySink } from '../datacenter/datacenter.service';

/** A terminal whose online state changed in a write. */
export type OnlineChange = { id: string; sn: string; ownerId: string; online: boolean };

type Pending = {
  sn: string;
  seenAt: Date;
  /** The latest heartbeat as JSON text, written as it is; its battery and charging for the warning. */
  metrics: string | null;
  battery: number | undefined;
  charging: boolean | undefined;
  /** Heartbeats folded into this entry since the last write. */
  beats: number;
  hello?: Hello & { at: Date };
  boots?: number;
  bootAt?: Date;
  /** The terminal went offline after these signs of life: they are written, it is not marked online. */
  offline?: boolean;
};

/** Battery below this, not charging, raises a warning. */
export const LOW_BATTERY = 15;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What a sign of life may bring besides a heartbeat. */
export type SignExtra = {
  hello?: Hello;
  boot?: boolean;
  /**
   * The heartbeat as the terminal sent it, when it is exactly what `heartbeat` holds (accepted unchanged
   * by its contract): written as it is rather than serialised again.
   */
  text?: string;
};
const NO_EXTRA: SignExtra = {};

/**
 * A heartbeat as JSON text PostgreSQL's jsonb takes. jsonb refuses the escape `\u0000`, and one such
 * heartbeat would fail its whole batch: a text holding it is serialised again without NUL characters.
 */
const metricsText = (heartbeat: Heartbeat, text: string | undefined): string =>
  text !== undefined && !text.includes('\\u0000') ? text : JSON.stringify(heartbeat, withoutNul);

/** A JSON.stringify replacer dropping NUL characters from strings (jsonb refuses them). */
const withoutNul = (_key: string, value: unknown) =>
  typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '') : value;

/**
 * Heartbeats and other signs of life are kept in memory and written in batches: one statement marks
 * the terminals that came online, one updates every terminal's latest figures. A terminal heard from
 * twice between flushes costs one row update.
 */
export const createHeartbeatWriter = (deps: {
  db: Db;
  clock: Clock;
  onOnlineChanges: (changes: OnlineChange[]) => void;
  onError: (err: unknown) => void;
  flushMs?: number;
  maxBatch?: number;
  /** The data centre's rollups: told of every sign of life, written after each batch. */
  activity?: ActivitySink;
}) => {
  const flushMs = deps.flushMs ?? 1_000;
  const maxBatch = deps.maxBatch ?? 2_000;
  let pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let written = 0;
  let persistedBeats = 0;
  // Entries handed to a flush whose statements have not finished yet.
  let writing = 0;

  const write = async (batch: Pending[]) => {
    if (batch.length === 0) return;
    const now = deps.clock.now();
    // Each heartbeat goes as it came, its battery and IP read from it in the statement: with thousands of
    // terminals a batch, this JSON is most of what the server sends the database, so nothing goes twice,
    // and the heartbeats' own text is joined in rather than serialised again.
    let json = '[';
    for (const p of batch)
      json += `${json.length > 1 ? ',' : ''}{"sn":${JSON.stringify(p.sn)},"seen":"${p.seenAt.toISOString()}","metrics":${p.metrics ?? 'null'}}`;
    json += ']';
    const cameOnline = rowsOf<{ id: string; sn: string; owner_id: string }>(
      await deps.db.execute(sql`
        update terminals t set online = true, online_changed_at = ${now}
        where t.sn = any(${textArray(batch.filter((p) => !p.offline).map((p) => p.sn))})
          and not t.online and t.status <> 'loggedOff'
        returning t.id, t.sn, t.owner_id`),
    );
    await deps.db.execute(sql`
      update terminals t set
        last_seen_at = greatest(t.last_seen_at, v.seen),
        battery = coalesce((v.metrics->>'battery')::numeric::int, t.battery),
        ip = coalesce(v.metrics->>'ip', t.ip),
        metrics = case when v.metrics is null or v.metrics = 'null'::jsonb then t.metrics else v.metrics end
      from jsonb_to_recordset(${json}::jsonb) as v(sn text, seen timestamptz, metrics jsonb)
      where t.sn = v.sn`);
    const low = batch.filter(
      (p) => p.battery !== undefined && p.battery < LOW_BATTERY && p.charging !== true,
    );
    if (low.length) {
      const lowJson = JSON.stringify(low.map((p) => ({ sn: p.sn, battery: p.battery })));
      await deps.db.execute(sql`
        insert into terminal_warnings (terminal_id, kind, detail, alerted, at)
        select t.id, 'lowBattery', 'battery ' || v.battery || '%', jsonb_build_array(u.username), ${now}
        from jsonb_to_recordset(${lowJson}::jsonb) as v(sn text, battery int)
        join terminals t on t.sn = v.sn left join users u on u.id = t.owner_id
        on conflict do nothing`);
    }
    const hellos = batch.filter((p) => p.hello);
    if (hellos.length) {
      const helloJson = JSON.stringify(
        hellos.map((p) => ({
          sn: p.sn,
          at: p.hello?.at.toISOString(),
          platform: p.hello?.platform,
          model: p.hello?.model ?? null,
          os: p.hello?.osVersion ?? null,
          fw: p.hello?.firmwareVersion ?? null,
          agent: p.hello?.agentVersion ?? null,
          hardware: p.hello?.hardware ?? {},
          apps: p.hello?.apps ?? [],
          peripherals: p.hello?.peripherals ?? [],
        })),
        withoutNul,
      );
      await deps.db.execute(sql`
        update terminals t set
          platform = v.platform, os_version = v.os, firmware_version = v.fw, agent_version = v.agent,
          hardware = v.hardware, apps = v.apps, peripherals = v.peripherals, hello_at = v.at,
          model_id = coalesce(t.model_id, (select m.id from terminal_models m where lower(m.name) = lower(v.model) limit 1))
        from jsonb_to_recordset(${helloJson}::jsonb) as v(sn text, at timestamptz, platform text, model text, os text,
          fw text, agent text, hardware jsonb, apps jsonb, peripherals jsonb)
        where t.sn = v.sn`);
    }
    const boots = batch.filter((p) => p.boots);
    if (boots.length) {
      const bootJson = JSON.stringify(
        boots.map((p) => ({ sn: p.sn, n: p.boots, at: p.bootAt?.toISOString() })),
      );
      await deps.db.execute(sql`
        with b as (
          update terminals t set boot_count = t.boot_count + v.n, last_boot_at = v.at
          from jsonb_to_recordset(${bootJson}::jsonb) as v(sn text, n int, at timestamptz)
          where t.sn = v.sn returning t.id, v.at
        )
        insert into terminal_status_log (terminal_id, kind, at) select id, 'boot', at from b`);
    }
    if (cameOnline.length) {
      await deps.db.execute(sql`
        insert into terminal_status_log (terminal_id, kind, at)
        select id, 'online', ${now} from unnest(${uuidArray(cameOnline.map((r) => r.id))}) as id`);
      deps.onOnlineChanges(
        cameOnline.map((r) => ({ id: r.id, sn: r.sn, ownerId: r.owner_id, online: true })),
      );
    }
    written += batch.length;
    for (const p of batch) persistedBeats += p.beats;
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()];
    pending = new Map();
    writing += batch.length;
    // One flush at a time, in order, so a later heartbeat never lands before an earlier one.
    running = running.then(async () => {
      for (let i = 0; i < batch.length; i += maxBatch) {
        const part = batch.slice(i, i + maxBatch);
        try {
          await write(part);
        } catch (err) {
          deps.onError(err);
        } finally {
          writing -= part.length;
        }
      }
      try {
        await deps.activity?.flush();
      } catch (err) {
        deps.onError(err);
      }
    });
    return running;
  };

  return {
    /** Record a sign of life, with the heartbeat, hello or boot when there is one. */
    add(sn: string, heartbeat: Heartbeat | null, extra: SignExtra = NO_EXTRA) {
      const previous = pending.get(sn);
      const now = deps.clock.now();
      if (extra.boot) deps.activity?.boot(sn, now);
      deps.activity?.seen(sn, now, heartbeat);
      // A terminal already queued is updated in place: one entry per terminal and flush, not per message.
      if (previous) {
        previous.seenAt = now;
        previous.offline = false;
        if (heartbeat) {
          previous.metrics = metricsText(heartbeat, extra.text);
          previous.battery = heartbeat.battery;
          previous.charging = heartbeat.charging;
          previous.beats++;
        }
        if (extra.hello) previous.hello = { ...extra.hello, at: now };
        if (extra.boot) {
          previous.boots = (previous.boots ?? 0) + 1;
          previous.bootAt = now;
        }
      } else
        pending.set(sn, {
          sn,
          seenAt: now,
          metrics: heartbeat ? metricsText(heartbeat, extra.text) : null,
          battery: heartbeat?.battery,
          charging: heartbeat?.charging,
          beats: heartbeat ? 1 : 0,
          hello: extra.hello ? { ...extra.hello, at: now } : undefined,
          boots: extra.boot ? 1 : 0,
          bootAt: extra.boot ? now : undefined,
        });
      if (pending.size >= maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), flushMs);
    },
    /**
     * The terminal just went offline (a disconnect, a shutdown): what it sent before is still written,
     * but the batch does not mark it online again. Its next sign of life does.
     */
    offline(sn: string) {
      const queued = pending.get(sn);
      if (queued) queued.offline = true;
      deps.activity?.offline(sn);
    },
    /** Write everything queued now and wait for it. */
    flush,
    /**
     * Runs `write` between this writer's flushes, never beside one. Other batched writes of terminal
     * rows go through it: two statements updating many of the same rows at once could each lock some
     * the other needs, and one of them would be cancelled as a deadlock.
     */
    exclusive<T>(write: () => Promise<T>): Promise<T> {
      const result = running.then(write);
      running = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    /** Terminals written since start (for the gateway's figures). */
    written: () => written,
    queued: () => pending.size,
    /** Heartbeats whose batch was written (several from one terminal between flushes count each). */
    persistedHeartbeats: () => persistedBeats,
    /** Terminals queued or being written: how far the writer is behind. */
    backlog: () => pending.size + writing,
  };
};

export type HeartbeatWriter = ReturnType<typeof createHeartbeatWriter>;
