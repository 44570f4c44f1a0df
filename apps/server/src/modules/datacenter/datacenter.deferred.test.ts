import type { Heartbeat } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestClock, openDatabaseWithTerminals } from '../../test-support/test-app';
import { type ActivityBatch, createActivityRecorder, sumDays } from './activity-recorder';
import { createDatacenterRepository } from './datacenter.repository';
import { createDatacenterService } from './datacenter.service';

const MIN_MS = 60_000;
const T0 = Date.parse('2026-06-01T09:40:00Z');
const SNS = ['DEFA0001', 'DEFA0002', 'DEFA0003'];

type Sign =
  | { at: number; sn: string; kind: 'heartbeat'; hb: Heartbeat }
  | { at: number; sn: string; kind: 'boot' | 'shutdown' };

/**
 * 100 minutes of a small fleet, across 10:00 and 11:00: 30-second heartbeats with growing counters,
 * one terminal rebooting (its counters start again), one silent longer than the offline period, one
 * shutting down.
 */
const signs = (): Sign[] => {
  const out: Sign[] = [];
  for (const [n, sn] of SNS.entries())
    for (let i = 0, at = T0 + n * 7_000; at < T0 + 100 * MIN_MS; i++, at += 30_000) {
      if (n === 1 && at > T0 + 30 * MIN_MS && at < T0 + 45 * MIN_MS) continue;
      if (n === 2 && at > T0 + 90 * MIN_MS) break;
      const restarted = n === 0 && at >= T0 + 50 * MIN_MS;
      if (n === 0 && at === T0 + 50 * MIN_MS) out.push({ at, sn, kind: 'boot' });
      const k = restarted ? i - 100 : i;
      out.push({
        at,
        sn,
        kind: 'heartbeat',
        hb: {
          battery: 90 - (i % 40),
          memoryFreeMb: 800 - (i % 13),
          storageFreeMb: 6000 - i,
          mobileBytes: 1_234 * (k + 1) + n,
          wifiBytes: 56_789 * (k + 1),
          uptimeSec: 30 * k,
        },
      });
    }
  out.push({ at: T0 + 90 * MIN_MS + 5_000, sn: SNS[2], kind: 'shutdown' });
  return out.sort((a, b) => a.at - b.at || a.sn.localeCompare(b.sn));
};

const feed = (
  sink: Pick<ReturnType<typeof createActivityRecorder>, 'seen' | 'boot' | 'shutdown'>,
  s: Sign,
) => {
  if (s.kind === 'heartbeat') sink.seen(s.sn, s.at, s.hb);
  else if (s.kind === 'boot') sink.boot(s.sn, new Date(s.at));
  else sink.shutdown(s.sn, new Date(s.at), 'power key');
};

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const FIGURES = `online_sec::int as online, runtime_sec::int as runtime, mobile_bytes::bigint::text as mobile,
  wifi_bytes::bigint::text as wifi, heartbeats::int as heartbeats, battery_min as battery, memory_free_min_mb as mem,
  storage_free_min_mb as storage, boots::int as boots, shutdowns::int as shutdowns`;

describe('deferred rollup writes', () => {
  let close: () => Promise<void>;
  let db: Db;

  beforeAll(async () => {
    const database = await openDatabaseWithTerminals(SNS);
    close = database.close;
    db = database.db;
  });
  afterAll(() => close?.());

  const stored = async () => ({
    hours: rowsOf<Record<string, unknown>>(
      await db.execute(
        sql.raw(`select t.sn, h.hour, ${FIGURES} from terminal_rollup_hourly h join terminals t on t.id = h.terminal_id
          where t.sn like 'DEFA%' order by 1, 2`),
      ),
    ).map((r) => ({ ...r, hour: new Date(r.hour as string).toISOString() })),
    days: rowsOf<Record<string, unknown>>(
      await db.execute(
        sql.raw(`select t.sn, d.day::text as day, ${FIGURES}, d.first_boot_at, d.last_shutdown_at
          from terminal_rollup_daily d join terminals t on t.id = d.terminal_id where t.sn like 'DEFA%' order by 1, 2`),
      ),
    ).map((r) => ({
      ...r,
      first_boot_at: r.first_boot_at && new Date(r.first_boot_at as string).toISOString(),
      last_shutdown_at: r.last_shutdown_at && new Date(r.last_shutdown_at as string).toISOString(),
    })),
    owner: rowsOf<{ online: string }>(
      await db.execute(sql`select coalesce(sum(online_sec), 0)::text as online from owner_rollup_hourly`),
    )[0].online,
  });

  /** What one recorder drained once at the end holds: the rollups as a single write would store them. */
  const expected = () => {
    const recorder = createActivityRecorder();
    for (const s of signs()) feed(recorder, s);
    const { hours } = recorder.drain();
    const figures = (f: (typeof hours)[number]) => ({
      online: f.onlineSec,
      runtime: f.runtimeSec,
      mobile: String(f.mobileBytes),
      wifi: String(f.wifiBytes),
      heartbeats: f.heartbeats,
      battery: f.batteryMin,
      mem: f.memoryFreeMinMb,
      storage: f.storageFreeMinMb,
      boots: f.boots,
      shutdowns: f.shutdowns,
    });
    const byKey = <T extends { sn: string }>(list: T[], key: (x: T) => string) =>
      [...list].sort((a, b) => a.sn.localeCompare(b.sn) || key(a).localeCompare(key(b)));
    return {
      hours: byKey(hours, (h) => h.hour.toISOString()).map((h) => ({
        sn: h.sn,
        hour: h.hour.toISOString(),
        ...figures(h),
      })),
      days: byKey(sumDays(hours), (d) => d.day).map((d) => ({
        sn: d.sn,
        day: d.day,
        ...figures(d),
        first_boot_at: d.firstBootAt?.toISOString() ?? null,
        last_shutdown_at: d.lastShutdownAt?.toISOString() ?? null,
      })),
      online: String(hours.reduce((n, h) => n + h.onlineSec, 0)),
    };
  };

  it('writes every ten minutes in the background, once a failed write is retried, and the rest on close, to the second and the byte', async () => {
    const clock = createTestClock(new Date(T0));
    const repo = createDatacenterRepository(db);
    const writes: ActivityBatch[] = [];
    let failNext = false;
    const service = createDatacenterService({
      clock,
      writeEveryMs: 10 * MIN_MS,
      repo: {
        ...repo,
        writeActivity: async (batch) => {
          writes.push(batch);
          if (failNext) {
            failNext = false;
            throw new Error('database unavailable');
          }
          await repo.writeActivity(batch);
        },
      },
    });
    const failures: unknown[] = [];
    // A batch writer's pace: what a minute of the clock brings, then `flush`. Signs of life keep coming
    // while a write runs; a minute is long enough for it to end.
    let minute = T0;
    for (const s of signs()) {
      while (s.at >= minute + MIN_MS) {
        await service.activity.idle();
        minute += MIN_MS;
        clock.advance(minute - clock.now().getTime());
        // The fifth write fails: its figures go back and are written with the next.
        if (writes.length === 4 && !failNext) failNext = true;
        await service.activity.flush().catch((err: unknown) => failures.push(err));
      }
      clock.advance(s.at - clock.now().getTime());
      feed(service.activity, s);
    }
    await service.activity.idle();
    expect(failures).toHaveLength(1);
    // Ten minutes apart over 100 minutes, each terminal-hour once per write.
    expect(writes.length).toBeGreaterThanOrEqual(9);
    expect(writes.length).toBeLessThanOrEqual(11);
    for (const w of writes) {
      const keys = w.hours.map((h) => `${h.sn} ${h.hour.toISOString()}`);
      expect(new Set(keys).size).toBe(keys.length);
    }

    const want = expected();
    // The minutes since the last write are still in memory.
    const before = await stored();
    expect(Number(before.owner)).toBeGreaterThan(0);
    expect(Number(before.owner)).toBeLessThan(Number(want.online));

    await service.activity.writeAll();
    const after = await stored();
    expect(after.hours).toEqual(want.hours);
    expect(after.days).toEqual(want.days);
    expect(after.owner).toBe(want.online);
    // Nothing is left to write.
    const count = writes.length;
    await service.activity.writeAll();
    expect(writes).toHaveLength(count);
  });
});
