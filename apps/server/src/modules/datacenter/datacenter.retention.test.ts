import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  ownerActivityBreakdownDaily,
  ownerActivityDaily,
  ownerRollupHourly,
  terminalRollupDaily,
  terminalRollupHourly,
  terminals,
} from '../../db/schema';
import { ADMIN_PASSWORD, createTestApp, createTestClock, loginAs } from '../../test-support/test-app';
import { createDatacenterRepository } from './datacenter.repository';
import { createDatacenterService } from './datacenter.service';
import { terminalEvents } from './datacenter.table';

/** Two hourly rollups of a terminal (23:00 on 12 June, then `secondHour`) and two daily ones (14 and 15 May). */
const seedRollups = async (db: Db, terminalId: string, secondHour: string) => {
  await db.insert(terminalRollupHourly).values([
    { terminalId, hour: new Date('2026-06-12T23:00:00Z'), onlineSec: 1 },
    { terminalId, hour: new Date(secondHour), onlineSec: 2 },
  ]);
  await db.insert(terminalRollupDaily).values([
    { terminalId, day: '2026-05-14', onlineSec: 1 },
    { terminalId, day: '2026-05-15', onlineSec: 2 },
  ]);
};

describe('event partitions and retention', () => {
  it('creates monthly partitions ahead, moves early rows out of the default one, and drops what retention ends', async () => {
    const clock = createTestClock(new Date('2026-06-15T00:00:00Z'));
    const t = await createTestApp({ clock, gateway: { sweepMs: 3_600_000 } });
    try {
      const db = t.database.db;
      const repo = createDatacenterRepository(db);
      const service = createDatacenterService({
        repo,
        clock,
        retention: { eventDays: 40, hourlyDays: 2, dailyDays: 31 },
      });
      const [terminalId] = (
        await db
          .insert(terminals)
          .values({
            sn: 'RETN0001',
            name: 'R1',
            ownerId: (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).userId,
          })
          .returning()
      ).map((r) => r.id);
      // An event that arrived before its month had a partition sits in the default one until then.
      await db
        .insert(terminalEvents)
        .values({ terminalId, kind: 'boot', at: new Date('2026-10-02T00:00:00Z') });
      await db
        .insert(terminalEvents)
        .values({ terminalId, kind: 'boot', at: new Date('2026-06-02T00:00:00Z') });
      await seedRollups(db, terminalId, '2026-06-13T01:00:00Z');
      clock.advance(100 * 86_400_000); // 2026-09-23
      // The app made June to September at start; the months after come as time moves on.
      expect(await service.ensurePartitions()).toEqual([
        'terminal_events_202610',
        'terminal_events_202611',
        'terminal_events_202612',
      ]);
      expect(await service.ensurePartitions()).toEqual([]);
      const parts = async () =>
        (
          (await db.execute(
            sql`select tableoid::regclass::text as part, count(*)::int as n from terminal_events group by 1 order by 1`,
          )) as unknown as { rows: { part: string; n: number }[] }
        ).rows;
      expect(await parts()).toEqual([
        { part: 'terminal_events_202606', n: 1 },
        { part: 'terminal_events_202610', n: 1 },
      ]);
      clock.advance(-100 * 86_400_000 + 3 * 86_400_000 + 60 * 86_400_000); // 2026-08-17: June ended 47 days ago
      const result = await service.applyRetention();
      expect(result).toMatchObject({ droppedPartitions: ['terminal_events_202606'], hourly: 2, daily: 2 });
      expect(await parts()).toEqual([{ part: 'terminal_events_202610', n: 1 }]);
    } finally {
      await t.close();
    }
  });

  it('keeps rollups inside their retention', async () => {
    const clock = createTestClock(new Date('2026-06-15T00:00:00Z'));
    const t = await createTestApp({ clock, gateway: { sweepMs: 3_600_000 } });
    try {
      const db = t.database.db;
      const service = createDatacenterService({
        repo: createDatacenterRepository(db),
        clock,
        retention: { eventDays: 40, hourlyDays: 2, dailyDays: 31 },
      });
      const ownerId = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).userId;
      const [terminalId] = (
        await db.insert(terminals).values({ sn: 'RETN0002', name: 'R2', ownerId }).returning()
      ).map((r) => r.id);
      await seedRollups(db, terminalId, '2026-06-13T00:00:00Z');
      // The per-account aggregates go with the rollups they sum.
      await db.insert(ownerRollupHourly).values([
        { ownerId, hour: new Date('2026-06-12T23:00:00Z'), onlineSec: 1, terminals: 1 },
        { ownerId, hour: new Date('2026-06-13T00:00:00Z'), onlineSec: 2, terminals: 1 },
      ]);
      await db.insert(ownerActivityDaily).values([
        { ownerId, day: '2026-05-14', online: 1 },
        { ownerId, day: '2026-05-15', online: 1 },
      ]);
      await db.insert(ownerActivityBreakdownDaily).values([
        { ownerId, day: '2026-05-14', dimension: 'model', key: null, terminals: 1 },
        { ownerId, day: '2026-05-15', dimension: 'model', key: null, terminals: 1 },
      ]);
      expect(await service.applyRetention()).toMatchObject({ hourly: 1, daily: 1 });
      expect((await db.select().from(terminalRollupHourly)).map((r) => r.onlineSec)).toEqual([2]);
      expect((await db.select().from(terminalRollupDaily)).map((r) => r.day)).toEqual(['2026-05-15']);
      expect((await db.select().from(ownerRollupHourly)).map((r) => r.onlineSec)).toEqual([2]);
      expect((await db.select().from(ownerActivityDaily)).map((r) => r.day)).toEqual(['2026-05-15']);
      expect((await db.select().from(ownerActivityBreakdownDaily)).map((r) => r.day)).toEqual(['2026-05-15']);
    } finally {
      await t.close();
    }
  });
});
