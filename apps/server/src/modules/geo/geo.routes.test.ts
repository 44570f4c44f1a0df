import { randomUUID } from 'node:crypto';
import { GEO_LIMITS, type MapCluster } from '@cpm/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalLocations, terminals } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth-context';
import { createAccount } from '../../test-support/accounts';
import { agentPost, callAs, enrolledTerminal } from '../../test-support/fleet-fixtures';
import { overlappingPairs } from '../../test-support/map-overlap';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from '../../test-support/test-app';
import { createCityIndex } from './city-index';
import { createGeoRepository } from './geo.repository';
import { createGeoService } from './geo.service';
import { createMapGrid } from './map-grid';

type Envelope = { code: number; result: never; messageEn: string; message: string };
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('device map and locations', () => {
  const t = useTestApp({ env: { LOG_LEVEL: 'warn' } });
  let call: ReturnType<typeof callAs>;
  let tenant: ReturnType<typeof callAs>;
  let secret: string;
  let tenantGroupId: string;
  const SN = 'GEO0000001';

  const report = async (loc: Record<string, unknown>) => {
    const res = await agentPost(t, SN, secret, 'location', loc);
    expect(res.statusCode).toBe(200);
  };
  const kept = async () => {
    const [row] = await t.database.db.select().from(terminals).where(eq(terminals.sn, SN));
    const history = await t.database.db
      .select()
      .from(terminalLocations)
      .where(eq(terminalLocations.terminalId, row.id));
    return { row, history };
  };

  beforeAll(async () => {
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    call = callAs(t, admin.token);
    ({ secret } = await enrolledTerminal(
      t,
      { id: admin.userId, token: admin.token },
      { sn: SN, name: 'Map one', mac: '00:00:00:00:0A:01' },
    ));

    // Another enterprise with 400 terminals of its own around Shanghai (a grid of about 2 km).
    const other = await createAccount(t, { username: 'geo_tenant' });
    tenant = callAs(t, other.token);
    const [g] = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`insert into terminal_groups (name, number, owner_id) values ('Far store', 'F1', ${other.id}) returning id`,
      ),
    );
    tenantGroupId = g.id;
    await t.database.db.execute(sql`
      insert into terminals (sn, name, owner_id, group_id, status, online, lat, lng, located_at)
      select 'SHA' || lpad(i::text, 5, '0'), 'Shanghai ' || i, ${other.id}, ${tenantGroupId}, 'activated',
             i % 2 = 0, 31.1 + (i / 20) * 0.02, 121.3 + (i % 20) * 0.02, now()
      from generate_series(0, 399) i`);
  });

  it('keeps the latest position on the terminal and a history row only after a move or a pause', async () => {
    await report({ lat: 48.8566, lng: 2.3522, accuracy: 10 });
    t.clock.advance(60_000);
    await report({ lat: 48.85661, lng: 2.35221, accuracy: 10 });
    t.clock.advance(60_000);
    await report({ lat: 48.85662, lng: 2.3522, accuracy: 10 });
    let k = await kept();
    expect(k.history).toHaveLength(1);
    expect(k.row.lat).toBeCloseTo(48.85662, 6);
    // About 110 m north: kept.
    t.clock.advance(60_000);
    await report({ lat: 48.8576, lng: 2.3522, accuracy: 10 });
    // Standing still for longer than the interval: kept again.
    t.clock.advance((GEO_LIMITS.historyMinMinutes + 1) * 60_000);
    await report({ lat: 48.8576, lng: 2.3522, accuracy: 10 });
    k = await kept();
    expect(k.history).toHaveLength(3);
  });

  it('ignores fixes with absurd accuracy or impossible jumps, leaving the position as it was', async () => {
    t.clock.advance(60_000);
    await report({ lat: 10, lng: 10, accuracy: GEO_LIMITS.maxAccuracyMetres + 1 });
    // Paris to New York in one minute.
    t.clock.advance(60_000);
    await report({ lat: 40.7128, lng: -74.006, accuracy: 5 });
    // A late report of a fix from before the last one kept moves nothing either.
    await report({ lat: 48.9, lng: 2.4, accuracy: 5, ts: t.clock.now().getTime() - 10 * 60_000 });
    const k = await kept();
    expect(k.row.lat).toBeCloseTo(48.8576, 6);
    expect(k.history).toHaveLength(3);
    expect(t.agent.stats().locationIgnored).toBe(3);
  });

  it('answers single terminals in a small viewport, within the caller data scope', async () => {
    const paris = 'west=2&south=48&east=3&north=49&zoom=10';
    const mine = await call('GET', `/device/v1/device/map/clusters?${paris}`);
    expect(mine.body.result).toMatchObject({
      total: 1,
      clusters: [],
      terminals: [{ sn: SN, name: 'Map one' }],
    });
    const theirs = await tenant('GET', `/device/v1/device/map/clusters?${paris}`);
    expect(theirs.body.result).toMatchObject({ total: 0, terminals: [] });
  });

  it('answers clusters, not terminals, when many are in view; their counts add up', async () => {
    // The 400 terminals span about 300 pixels at zoom 10: several clusters.
    const res = await tenant(
      'GET',
      '/device/v1/device/map/clusters?west=120&south=30&east=123&north=33&zoom=10',
    );
    const r = res.body.result as {
      total: number;
      clusters: { count: number; online: number }[];
      terminals: [];
    };
    expect(r.total).toBe(400);
    expect(r.terminals).toEqual([]);
    expect(r.clusters.length).toBeGreaterThan(1);
    expect(r.clusters.reduce((n, c) => n + c.count, 0)).toBe(400);
    expect(r.clusters.reduce((n, c) => n + c.online, 0)).toBe(200);
    // A lower zoom has bigger cells, so fewer clusters.
    const far = (
      await tenant('GET', '/device/v1/device/map/clusters?west=100&south=20&east=140&north=40&zoom=4')
    ).body.result as { clusters: unknown[] };
    expect(far.clusters.length).toBeLessThan(r.clusters.length);
    // Filters narrow the count.
    const online = (
      await tenant(
        'GET',
        '/device/v1/device/map/clusters?west=120&south=30&east=123&north=33&zoom=8&online=true',
      )
    ).body.result as { total: number };
    expect(online.total).toBe(200);
  });

  it('answers clusters that never overlap on screen, even for clumps either side of a cell border', async () => {
    // Four clumps where the zoom-2 grid (22.5° cells) cuts Europe: each border splits two of them
    // into cells whose mean positions are a few pixels apart.
    const other = await createAccount(t, { username: 'geo_borders' });
    const borders = callAs(t, other.token);
    await t.database.db.execute(sql`
      insert into terminals (sn, name, owner_id, status, online, lat, lng, located_at)
      select 'BRD' || lpad(i::text, 5, '0'), 'Border ' || i, ${other.id}, 'activated', i % 3 = 0,
             case when i % 4 < 2 then 44.8 else 45.3 end + (i % 7) * 0.01,
             case when i % 2 = 0 then 22.2 else 22.8 end + (i % 5) * 0.01, now()
      from generate_series(0, 799) i`);
    for (const zoom of [1, 2, 3]) {
      const res = await borders(
        'GET',
        `/device/v1/device/map/clusters?west=-180&south=-80&east=180&north=80&zoom=${zoom}`,
      );
      const r = res.body.result as { total: number; clusters: MapCluster[] };
      expect(r.total).toBe(800);
      expect(r.clusters.reduce((n, c) => n + c.count, 0)).toBe(800);
      expect(overlappingPairs(r.clusters, zoom), `zoom ${zoom}`).toEqual([]);
    }
    // Close enough in, the clumps are apart and stay four clusters.
    const near = await borders(
      'GET',
      '/device/v1/device/map/clusters?west=15&south=40&east=30&north=50&zoom=7',
    );
    expect((near.body.result as { clusters: MapCluster[] }).clusters).toHaveLength(4);
  });

  it('answers zoomed-out views of a large fleet from kept counts that match the live grouping', async () => {
    // The same service over the same database, keeping counts from 100 terminals in view on.
    const repo = createGeoRepository(t.database.db);
    let grouped = 0;
    const grid = createMapGrid({ load: repo.gridRows, clock: t.clock, options: { minTerminals: 100 } });
    const geo = createGeoService({
      repo: {
        ...repo,
        clustersInBox: (...args: Parameters<typeof repo.clustersInBox>) => {
          grouped += 1;
          return repo.clustersInBox(...args);
        },
      },
      clock: t.clock,
      cities: createCityIndex(() => []),
      street: { reverse: async () => null },
      grid,
    });
    const [tenantId] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from users where username = 'geo_tenant'`),
    );
    const auth = { userId: tenantId.id, dataScope: 'tree' } as AuthContext;
    const view = { west: 100, south: 20, east: 140, north: 40, zoom: 4 };
    const live = await geo.clusters(auth, view);
    await grid.idle();
    const kept = await geo.clusters(auth, view);
    expect(grouped).toBe(1);
    expect(kept.total).toBe(400);
    expect(kept.clusters).toHaveLength(live.clusters.length);
    for (const [i, c] of kept.clusters.entries()) {
      expect(c).toMatchObject({ count: live.clusters[i].count, online: live.clusters[i].online });
      expect(c.lat).toBeCloseTo(live.clusters[i].lat, 9);
      expect(c.lng).toBeCloseTo(live.clusters[i].lng, 9);
    }
    // Another enterprise's scope sees none of them; the filters apply as they do live.
    const outsider = await geo.clusters({ userId: randomUUID(), dataScope: 'tree' } as AuthContext, view);
    expect(outsider.total).toBe(0);
    const online = await geo.clusters(auth, { ...view, online: true });
    expect(online.total).toBe(200);
  });

  it('handles a viewport across the antimeridian', async () => {
    const res = await tenant(
      'GET',
      '/device/v1/device/map/clusters?west=170&south=20&east=125&north=40&zoom=3',
    );
    expect((res.body.result as { total: number }).total).toBe(400);
  });

  it('pages the terminals in view for the side list', async () => {
    const res = await tenant(
      'GET',
      '/device/v1/device/map/getPage?west=120&south=30&east=123&north=33&current=2&size=50',
    );
    expect(res.body.result).toMatchObject({ total: 400, current: 2, size: 50 });
    expect((res.body.result as { records: { sn: string }[] }).records[0].sn).toBe('SHA00050');
  });

  it('refuses a viewport out of range in both languages', async () => {
    const res = await call('GET', '/device/v1/device/map/clusters?west=-200&south=0&east=10&north=10&zoom=3');
    expect(res.status).toBe(400);
    const body = res.body as Envelope;
    expect(body.messageEn).toBeTruthy();
    expect(body.message).toBeTruthy();
  });

  it('searches terminals by SN and places by name, and reverse-geocodes offline', async () => {
    const found = await tenant('GET', '/device/v1/device/map/search?q=sha0001');
    const r = found.body.result as { terminals: { sn: string }[]; places: { name: string }[] };
    expect(r.terminals[0].sn).toBe('SHA00010');
    expect(r.places).toEqual([]);
    const city = await tenant('GET', '/device/v1/device/map/search?q=shangh');
    expect((city.body.result as { places: { name: string }[] }).places[0].name).toBe('Shanghai');
    const none = await tenant('GET', '/device/v1/device/map/search?q=geo000');
    expect((none.body.result as { terminals: unknown[] }).terminals).toEqual([]);
    const rev = await call('GET', '/device/v1/device/map/reverse?lat=48.857&lng=2.352');
    expect(rev.body.result).toMatchObject({ name: 'Paris', country: 'FR', address: null });
  });

  it('answers the kept track of a terminal over a time range, and refuses a backwards range', async () => {
    const from = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
    const to = t.clock.now().toISOString();
    const res = await call('GET', `/device/v1/device/map/track?sn=${SN}&from=${from}&to=${to}`);
    const r = res.body.result as { points: { lat: number }[]; truncated: boolean };
    expect(r.points).toHaveLength(3);
    expect(r.truncated).toBe(false);
    const foreign = await tenant('GET', `/device/v1/device/map/track?sn=${SN}&from=${from}&to=${to}`);
    expect(foreign.status).toBe(404);
    const back = await call('GET', `/device/v1/device/map/track?sn=${SN}&from=${to}&to=${from}`);
    expect([back.status, (back.body as Envelope).messageEn]).toEqual([
      400,
      'The time range must start before it ends and span at most 31 days',
    ]);
  });

  it('finds terminals in a box through the GiST index on their position', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<Record<string, string>>(
        await tx.execute(sql`explain select count(*) from terminals
          where lat is not null and point(lng, lat) <@ box(point(120, 30), point(123, 33))`),
      );
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('terminals_position_idx');
  });

  it('takes fixes from the broker into their batch with nothing waiting for them, the later of two kept', async () => {
    const send = (loc: object) =>
      t.agent.handleMessage(`cpm/dev/${SN}/up/location`, Buffer.from(JSON.stringify(loc)));
    const ignored = t.agent.stats().locationIgnored;
    const kept0 = (await kept()).history.length;
    t.clock.advance(60_000);
    // The first message of a terminal the gateway has not cached yet waits for its identity.
    await send({ lat: 48.8586, lng: 2.3522, accuracy: 10 });
    t.clock.advance(1_000);
    // Cached now: the fix is queued and nothing is answered to wait for.
    expect(send({ lat: 48.8596, lng: 2.3522, accuracy: 10 })).toBeUndefined();
    await t.agent.flush();
    const k = await kept();
    expect(k.row.lat).toBeCloseTo(48.8596, 6);
    expect(k.history).toHaveLength(kept0 + 1);
    expect(t.agent.stats().locationIgnored).toBe(ignored + 1);
  });
});
