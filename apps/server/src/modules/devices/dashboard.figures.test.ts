import { TERMINAL_STATUSES } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createAccount } from '../../test-support/accounts';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { createDashboardRepository } from './dashboard.repository';
import { terminalModels, terminals } from './devices.table';

const DAY_MS = 86_400_000;

type Fixture = {
  owner: string;
  model: string | null;
  status: (typeof TERMINAL_STATUSES)[number];
  online: boolean;
  lastSeenDaysAgo: number | null;
  activatedDaysAgo: number | null;
};

type Figures = {
  total: number;
  online: number;
  offline: number;
  longOffline: number;
  activatedThisMonth: number;
  byStatus: { status: string; count: number }[];
  byModel: { model: string; count: number }[];
};

/**
 * A mixed fleet of three enterprises (one with a shop below it) and every combination of status,
 * connection, last contact and activation: the dashboard's figures match a count of the same
 * fixtures, for the administrator (everything) and for each enterprise (its own tree only).
 */
describe('dashboard figures over a mixed fleet', () => {
  let t: TestApp;
  let now: Date;
  const owners: Record<string, string> = {};
  const fleet: Fixture[] = [];
  const tokens: Record<string, string> = {};

  /** The figures counted one fixture at a time, as the dashboard defines them. */
  const expected = (
    visible: ReadonlySet<string> | null,
  ): Omit<Figures, 'byModel'> & { models: Map<string, number> } => {
    const mine = fleet.filter((f) => !visible || visible.has(f.owner));
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const models = new Map<string, number>();
    for (const f of mine) models.set(f.model ?? '-', (models.get(f.model ?? '-') ?? 0) + 1);
    return {
      total: mine.length,
      online: mine.filter((f) => f.online).length,
      offline: mine.filter((f) => !f.online).length,
      longOffline: mine.filter((f) => !f.online && f.lastSeenDaysAgo !== null && f.lastSeenDaysAgo > 3)
        .length,
      activatedThisMonth: mine.filter(
        (f) => f.activatedDaysAgo !== null && now.getTime() - f.activatedDaysAgo * DAY_MS >= monthStart,
      ).length,
      byStatus: TERMINAL_STATUSES.map((status) => ({
        status,
        count: mine.filter((f) => f.status === status).length,
      })).filter((s) => s.count > 0),
      models,
    };
  };

  const overview = async (token: string) => {
    const res = await callApi(t, token, 'GET', '/device/v1/device/dashboard/overview');
    expect(res.body.code, res.body.messageEn).toBe(1);
    return res.body.result as Figures;
  };

  const check = (got: Figures, want: ReturnType<typeof expected>) => {
    const { models, ...figures } = want;
    expect(got).toMatchObject(figures);
    expect(got.byModel.reduce((n, m) => n + m.count, 0)).toBe(want.total);
    expect(new Map(got.byModel.map((m) => [m.model, m.count]))).toEqual(models);
  };

  beforeAll(async () => {
    t = await createTestApp();
    now = t.clock.now();
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    tokens.admin = admin.token;
    for (const [name, superior] of [
      ['fig_a', admin.userId],
      ['fig_b', admin.userId],
      ['fig_c', admin.userId],
    ] as const) {
      const account = await createAccount(t, { username: name, superiorId: superior });
      owners[name] = account.id;
      tokens[name] = account.token;
    }
    const shop = await createAccount(t, { username: 'fig_a_shop', superiorId: owners.fig_a });
    owners.fig_a_shop = shop.id;
    const models = await t.database.db
      .insert(terminalModels)
      .values([{ name: 'FIG-P1' }, { name: 'FIG-P2' }])
      .returning();
    // Every owner gets a different slice of the combinations, so no two views share a total.
    const ownerList = ['fig_a', 'fig_a_shop', 'fig_b', 'fig_b', 'fig_c', 'fig_b', 'fig_c'];
    let i = 0;
    for (const status of TERMINAL_STATUSES)
      for (const online of [true, false])
        for (const lastSeenDaysAgo of [null, 1, 5, 40])
          for (const activatedDaysAgo of [null, 0, 20, 70]) {
            fleet.push({
              owner: ownerList[i % ownerList.length],
              model: [null, models[0].name, models[1].name, models[1].name][i % 4],
              status,
              online,
              lastSeenDaysAgo,
              activatedDaysAgo,
            });
            i++;
          }
    const modelId = new Map(models.map((m) => [m.name, m.id]));
    const daysAgo = (days: number | null) => (days === null ? null : new Date(now.getTime() - days * DAY_MS));
    await t.database.db.insert(terminals).values(
      fleet.map((f, n) => ({
        sn: `FIG${String(n).padStart(5, '0')}`,
        name: `Figures ${n}`,
        ownerId: owners[f.owner],
        modelId: f.model ? modelId.get(f.model) : null,
        status: f.status,
        online: f.online,
        lastSeenAt: daysAgo(f.lastSeenDaysAgo),
        // Only an enrolled terminal makes contact.
        enrolledAt: f.lastSeenDaysAgo === null ? null : daysAgo(f.lastSeenDaysAgo + 100),
        activationDate: daysAgo(f.activatedDaysAgo),
      })),
    );
  });
  afterAll(() => t?.close());

  it('counts every terminal for the administrator', async () => {
    // The administrator also sees terminals other fixtures of the seeded database may hold.
    const others = (await t.database.db.select().from(terminals)).length - fleet.length;
    expect(others).toBe(0);
    check(await overview(tokens.admin), expected(null));
  });

  it("counts an enterprise's own terminals and those of the accounts below it", async () => {
    check(await overview(tokens.fig_a), expected(new Set(['fig_a', 'fig_a_shop'])));
    check(await overview(tokens.fig_b), expected(new Set(['fig_b'])));
    check(await overview(tokens.fig_c), expected(new Set(['fig_c'])));
  });

  /** The tallies summed per key, against the terminals counted per key: equal when the triggers kept up. */
  const tallyDrift = async () => {
    const rows = (await t.database.db.execute(sql`
      with kept as (
        select owner_id, status, coalesce(model_id::text, '-') as model, online, sum(n)::int as kept_n
        from terminal_tallies group by 1, 2, 3, 4 having sum(n) <> 0),
      counted as (
        select owner_id, status, coalesce(model_id::text, '-') as model, online, count(*)::int as counted_n
        from terminals group by 1, 2, 3, 4)
      select * from kept full join counted using (owner_id, status, model, online)
      where kept_n is distinct from counted_n`)) as unknown as { rows: unknown[] };
    return rows.rows;
  };

  it('keeps the counters exact through every kind of write, before and after they are folded', async () => {
    const db = t.database.db;
    expect(await tallyDrift()).toEqual([]);
    // What the product's writes do, one statement each: a status change, a transfer to another
    // account, a model change, terminals coming online and going offline, a heartbeat that changes
    // nothing counted, deletions and an import.
    await db.execute(sql`update terminals set status = 'loggedOff' where sn like 'FIG0000%'`);
    await db.execute(sql`update terminals set owner_id = ${owners.fig_c} where sn like 'FIG0001%'`);
    await db.execute(sql`update terminals set model_id = null where sn like 'FIG0002%'`);
    await db.execute(sql`update terminals set online = not online where sn like 'FIG0003%'`);
    await db.execute(sql`update terminals set last_seen_at = now(), battery = 50 where sn like 'FIG0004%'`);
    await db.execute(sql`update terminals set status = status, online = online where sn like 'FIG0005%'`);
    await db.execute(sql`delete from terminals where sn like 'FIG0006%'`);
    await db.execute(sql`
      insert into terminals (sn, name, owner_id, status, online)
      select 'FIGNEW' || i, 'New ' || i, ${owners.fig_b}::uuid, 'warehoused', i % 2 = 0
      from generate_series(1, 25) as i`);
    expect(await tallyDrift()).toEqual([]);
    const changeRows = (await db.execute(
      sql`select count(*)::int as n from terminal_tallies`,
    )) as unknown as {
      rows: { n: number }[];
    };
    await createDashboardRepository(db).foldTallies();
    expect(await tallyDrift()).toEqual([]);
    const folded = (await db.execute(sql`
      select count(*)::int as n, count(distinct (owner_id, status, model_id, online))::int as keys
      from terminal_tallies`)) as unknown as { rows: { n: number; keys: number }[] };
    // One row per key once folded, fewer than the change rows before.
    expect(folded.rows[0].n).toBe(folded.rows[0].keys);
    expect(folded.rows[0].n).toBeLessThan(changeRows.rows[0].n);

    // The overview reads the same figures as a count of the terminals as they are now.
    const current = await db.execute(sql`
      select count(*)::int as total, (count(*) filter (where online))::int as online from terminals`);
    const [counted] = (current as unknown as { rows: { total: number; online: number }[] }).rows;
    expect(await overview(tokens.admin)).toMatchObject(counted);
  });
});
