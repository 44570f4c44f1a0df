import { readFileSync } from 'node:fs';
import type { MonitorQuery } from '@cpm/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { terminalGroups, terminalModels, terminals, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth-context';
import { createTestClock, openTestDatabase } from '../../test-support/test-app';
import { createDatacenterRepository } from './datacenter.repository';
import { createDatacenterService } from './datacenter.service';

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;
// A Monday.
const T0 = Date.parse('2026-06-01T00:00:00Z');
const at = (day: number, hh: number, mm = 0) => T0 + day * DAY_MS + (hh * 60 + mm) * MIN_MS;

type Terminal = {
  sn: string;
  owner: 'a' | 'aShop' | 'b';
  model: 'm1' | 'm2' | null;
  group: 'ga' | 'gb' | null;
  os: string | null;
  agent: string | null;
};
/** When each terminal heartbeats: every 30 s from `from` to `to`, or every `every` ms. */
type Stretch = { sn: string; from: number; to: number; every?: number };

const FLEET: Terminal[] = [
  { sn: 'AGGA0001', owner: 'a', model: 'm1', group: 'ga', os: '13', agent: '3.1.0' },
  { sn: 'AGGA0002', owner: 'aShop', model: 'm2', group: null, os: null, agent: '3.2.0' },
  { sn: 'AGGA0003', owner: 'a', model: 'm1', group: 'ga', os: '13', agent: '3.1.0' },
  { sn: 'AGGB0001', owner: 'b', model: 'm1', group: 'gb', os: '14', agent: '3.1.0' },
  { sn: 'AGGB0002', owner: 'b', model: null, group: null, os: null, agent: null },
];

const STRETCHES: Stretch[] = [
  // Online from its second heartbeat, past an hour at about 09:00: each crossing lands in a later flush.
  { sn: 'AGGA0001', from: at(0, 8), to: at(0, 10, 30) },
  // Twenty minutes on day 0; then from 23:30 on day 1 across midnight into day 2.
  { sn: 'AGGA0002', from: at(0, 8, 5), to: at(0, 8, 25) },
  { sn: 'AGGA0002', from: at(1, 23, 30), to: at(2, 0, 40) },
  { sn: 'AGGA0003', from: at(1, 14), to: at(1, 16, 1) },
  { sn: 'AGGB0001', from: at(0, 7, 50), to: at(0, 9) },
  { sn: 'AGGB0001', from: at(2, 12), to: at(2, 13, 10) },
  // Heartbeats further apart than the offline period: rollup rows, but no online time.
  { sn: 'AGGB0002', from: at(0, 6), to: at(0, 12), every: 10 * MIN_MS },
  { sn: 'AGGB0002', from: at(2, 18), to: at(2, 18, 5) },
];

const OFFLINE = Array.from({ length: 13 }, (_, i) => ({
  sn: `AGGO${String(i).padStart(4, '0')}`,
  owner: (['a', 'aShop', 'b'] as const)[i % 3],
  lastSeen: i === 7 ? null : at(1, 3, 60 - i * 4),
}));

/** The batch writer's aggregates against the live scans, on the same activity. */
describe('activity monitor aggregates', () => {
  let close: () => Promise<void>;
  let db: Db;
  let repo: ReturnType<typeof createDatacenterRepository>;
  const owners = new Map<string, string>();
  let m1 = '';
  const clock = createTestClock(new Date(T0));
  const scopes = () => ({
    admin: { userId: owners.get('admin'), dataScope: 'all' } as AuthContext,
    a: { userId: owners.get('a'), dataScope: 'tree' } as AuthContext,
    aShop: { userId: owners.get('aShop'), dataScope: 'tree' } as AuthContext,
    b: { userId: owners.get('b'), dataScope: 'tree' } as AuthContext,
  });
  const ranges: MonitorQuery[] = [
    { startDate: '2026-06-01', endDate: '2026-06-03' },
    { startDate: '2026-06-01', endDate: '2026-06-01' },
    { startDate: '2026-06-02', endDate: '2026-06-09' },
  ];
  // The service on the aggregates, and the same service reading the live scans for every query.
  const monitors = () => ({
    aggregated: createDatacenterService({ repo, clock }),
    live: createDatacenterService({ repo: { ...repo, monitor: repo.monitorLive }, clock }),
  });

  beforeAll(async () => {
    const database = await openTestDatabase({ from: 'seeded' });
    close = database.close;
    db = database.db;
    repo = createDatacenterRepository(db);
    const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
    owners.set('admin', admin.id);
    const account = async (username: string, superiorId: string) =>
      (
        await db.insert(users).values({ username, name: username, passwordHash: 'x', superiorId }).returning()
      )[0].id;
    owners.set('a', await account('agg_a', admin.id));
    owners.set('aShop', await account('agg_a_shop', owners.get('a') as string));
    owners.set('b', await account('agg_b', admin.id));
    const models = await db
      .insert(terminalModels)
      .values([{ name: 'Agg M1' }, { name: 'Agg M2' }])
      .returning();
    const groups = await db
      .insert(terminalGroups)
      .values([
        { name: 'Agg GA', number: 'AGGGA', ownerId: owners.get('a') as string },
        { name: 'Agg GB', number: 'AGGGB', ownerId: owners.get('b') as string },
      ])
      .returning();
    const modelIds = { m1: models[0].id, m2: models[1].id };
    m1 = models[0].id;
    const groupIds = { ga: groups[0].id, gb: groups[1].id };
    await db.insert(terminals).values(
      FLEET.map((x, i) => ({
        sn: x.sn,
        name: x.sn,
        ownerId: owners.get(x.owner) as string,
        modelId: x.model && modelIds[x.model],
        groupId: x.group && groupIds[x.group],
        osVersion: x.os,
        agentVersion: x.agent,
        status: 'activated' as const,
        enrolledAt: new Date(at(0, 1)),
        activationDate: new Date(at(i % 3, 2 + i)),
        lastSeenAt: new Date(at(2, 20, i)),
      })),
    );
    // Offline terminals without activity, more than the list holds, the account's and its shop's
    // interleaved; one never seen.
    await db.insert(terminals).values(
      OFFLINE.map((x) => ({
        sn: x.sn,
        name: x.sn,
        ownerId: owners.get(x.owner) as string,
        enrolledAt: new Date(at(0, 1)),
        lastSeenAt: x.lastSeen === null ? null : new Date(x.lastSeen),
      })),
    );

    // Heartbeats in time order through the service's own sink, flushed every ten minutes and at the
    // odd moment, as the batch writer flushes: every crossing is seen by a later flush than the last.
    const writer = createDatacenterService({ repo, clock });
    const beats = STRETCHES.flatMap((s) => {
      const out: { sn: string; at: number }[] = [];
      for (let t = s.from; t <= s.to; t += s.every ?? 30_000) out.push({ sn: s.sn, at: t });
      return out;
    }).sort((x, y) => x.at - y.at || x.sn.localeCompare(y.sn));
    let flushedAt = beats[0].at;
    for (const [i, b] of beats.entries()) {
      if (b.at - flushedAt >= 10 * MIN_MS || i % 97 === 0) {
        await writer.activity.writeAll();
        flushedAt = b.at;
      }
      writer.activity.seen(b.sn, b.at, { battery: 80 });
    }
    await writer.activity.writeAll();
  }, 120_000);
  afterAll(() => close?.());

  it('counts each terminal once a day when it comes online and once when it reaches an hour', async () => {
    const m = await monitors().aggregated.monitor(scopes().admin, ranges[0]);
    expect(m.days.map(({ day, online, active }) => ({ day, online, active }))).toEqual([
      // A1 (2.5 h), A2 (20 min), B1 (70 min); B2's heartbeats never add up to online time.
      { day: '2026-06-01', online: 3, active: 2 },
      // A2 from 23:30 (30 min), A3 (2 h).
      { day: '2026-06-02', online: 2, active: 1 },
      // A2 until 00:40, B1 (70 min), B2 (5 min).
      { day: '2026-06-03', online: 3, active: 1 },
    ]);
    // Terminal-days online: M1 four (A1, A3, B1 twice), M2 three (A2 each day), B2's none one.
    expect(m.byModel.map((c) => [c.label, c.count])).toEqual([
      ['Agg M1', 4],
      ['Agg M2', 3],
      [null, 1],
    ]);
    expect(m.byOsVersion.map((c) => [c.key, c.count])).toEqual([
      [null, 4],
      ['13', 2],
      ['14', 2],
    ]);
    // Monday 08:00: A1, A2 and B1 online; 07:00 only B1 (from 07:50).
    const cell = (weekday: number, hour: number) =>
      m.heatmap.find((c) => c.weekday === weekday && c.hour === hour)?.count;
    expect([cell(1, 7), cell(1, 8), cell(1, 9), cell(1, 10), cell(3, 0)]).toEqual([1, 3, 1, 1, 1]);
  });

  it('answers what the live scans answer, to the terminal, in every scope and range', async () => {
    const { aggregated, live } = monitors();
    for (const [name, auth] of Object.entries(scopes()))
      for (const q of ranges) {
        const got = await aggregated.monitor(auth, q);
        expect(got, `${name} ${q.startDate}..${q.endDate}`).toEqual(await live.monitor(auth, q));
      }
    // An enterprise sees its sub-account's terminal; the sub-account sees only its own.
    const days = async (who: 'a' | 'aShop' | 'b') =>
      (await aggregated.monitor(scopes()[who], ranges[0])).days.map((d) => d.online);
    expect(await days('a')).toEqual([2, 2, 1]);
    expect(await days('aShop')).toEqual([1, 1, 1]);
    expect(await days('b')).toEqual([1, 0, 2]);
    // A model filter is not in the aggregates: the monitor scans that model's terminals.
    const filtered = await aggregated.monitor(scopes().admin, { ...ranges[0], modelId: m1 });
    expect(filtered.days.map((d) => d.online)).toEqual([2, 1, 1]);
    expect(filtered.byModel.map((c) => c.count)).toEqual([4]);
  });

  it("lists the ten terminals offline longest of the caller's accounts, never seen first", async () => {
    const all = [
      ...FLEET.map((x, i) => ({ sn: x.sn, owner: x.owner, lastSeen: at(2, 20, i) })),
      ...OFFLINE,
    ].sort((x, y) => (x.lastSeen ?? 0) - (y.lastSeen ?? 0));
    const { aggregated } = monitors();
    for (const [name, owned] of [
      ['admin', ['a', 'aShop', 'b']],
      ['a', ['a', 'aShop']],
      ['aShop', ['aShop']],
    ] as const) {
      const m = await aggregated.monitor(scopes()[name], ranges[0]);
      expect(
        m.offlineLongest.map((r) => r.sn),
        name,
      ).toEqual(
        all
          .filter((x) => (owned as readonly string[]).includes(x.owner))
          .slice(0, 10)
          .map((x) => x.sn),
      );
    }
  });

  it('holds the same aggregates as the migration computes from the rollups', async () => {
    const snapshot = async () => ({
      hourly: (
        (await db.execute(
          sql`select owner_id, hour, online_sec, terminals from owner_rollup_hourly order by 1, 2`,
        )) as unknown as { rows: unknown[] }
      ).rows,
      daily: (
        (await db.execute(
          sql`select owner_id, day, online, active from owner_activity_daily order by 1, 2`,
        )) as unknown as { rows: unknown[] }
      ).rows,
      breakdown: (
        (await db.execute(
          sql`select owner_id, day, dimension, key, terminals from owner_activity_breakdown_daily order by 1, 2, 3, 4`,
        )) as unknown as { rows: unknown[] }
      ).rows,
    });
    const written = await snapshot();
    // a: days 0 and 1; its shop: days 0 to 2; b: days 0 and 2.
    expect(written.daily).toHaveLength(7);
    const backfill = readFileSync(
      new URL('../../db/migrations/0024_datacenter_aggregates.sql', import.meta.url),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .filter((s) => /^\s*(--.*\n)*INSERT INTO/.test(s));
    expect(backfill).toHaveLength(3);
    await db.execute(sql`update owner_rollup_hourly set terminals = 0`);
    await db.execute(sql`delete from owner_activity_daily`);
    await db.execute(sql`delete from owner_activity_breakdown_daily`);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(written);
  });

  it('keeps a day with the enterprise that owned the terminal then, where the live scans move it', async () => {
    const { aggregated, live } = monitors();
    const b = scopes().b;
    await db
      .update(terminals)
      .set({ ownerId: owners.get('a') as string })
      .where(eq(terminals.sn, 'AGGB0001'));
    expect((await aggregated.monitor(b, ranges[0])).days.map((d) => d.online)).toEqual([1, 0, 2]);
    expect((await live.monitor(b, ranges[0])).days.map((d) => d.online)).toEqual([0, 0, 1]);
  });
});
