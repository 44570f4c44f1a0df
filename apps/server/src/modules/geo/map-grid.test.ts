import { GEO_LIMITS, gridCellDegrees } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { createMapGrid, type GridRow } from './map-grid';

const WORLD = { west: -180, south: -80, east: 180, north: 80 };

/** A fleet as the database would group it: each terminal added to its cell of `cell` degrees. */
const fleet =
  (terminals: { lat: number; lng: number; ownerId: string; online: boolean }[]) => (cell: number) => {
    const rows = new Map<string, GridRow>();
    for (const t of terminals) {
      const cx = Math.floor(t.lng / cell);
      const cy = Math.floor(t.lat / cell);
      const key = `${cx}:${cy}:${t.ownerId}:${t.online}`;
      const r = rows.get(key) ?? {
        cx,
        cy,
        ownerId: t.ownerId,
        status: 'activated',
        online: t.online,
        count: 0,
        latSum: 0,
        lngSum: 0,
      };
      r.count += 1;
      r.latSum += t.lat;
      r.lngSum += t.lng;
      rows.set(key, r);
    }
    return [...rows.values()];
  };

const setUp = (options = { minTerminals: 100, freshMs: 60_000, maxAgeMs: 300_000, maxZoom: 8 }) => {
  let now = Date.parse('2026-06-01T08:00:00Z');
  const terminals = Array.from({ length: 400 }, (_, i) => ({
    lat: i % 2 ? 48 + (i % 10) * 0.01 : 31 + (i % 10) * 0.01,
    lng: i % 2 ? 2 + (i % 7) * 0.01 : 121 + (i % 7) * 0.01,
    ownerId: i % 4 < 2 ? 'a' : 'b',
    online: i % 3 === 0,
  }));
  const loads: number[] = [];
  const grid = createMapGrid({
    load: async (cell) => {
      loads.push(cell);
      return fleet(terminals)(cell);
    },
    clock: { now: () => new Date(now) },
    options,
  });
  const ask = (zoom: number, owners: ReadonlySet<string> | null = null, filters = {}) =>
    grid.clusters({ box: WORLD, zoom, filters, owners: async () => owners });
  return { grid, ask, loads, terminals, advance: (ms: number) => (now += ms) };
};

describe('map grid', () => {
  it('answers nothing until a live answer saw a large fleet, then the same clusters as the live grouping', async () => {
    const { grid, ask, loads, terminals } = setUp();
    expect(await ask(2)).toBeNull();
    grid.noteLive(2, 99);
    await grid.idle();
    expect(loads).toEqual([]);
    grid.noteLive(2, 400);
    await grid.idle();
    // One load of the finest level, two finer than the deepest zoom answered; coarser ones are sums.
    expect(loads).toEqual([gridCellDegrees(10, GEO_LIMITS.cellPx)]);
    const answer = await ask(2);
    expect(answer?.total).toBe(400);
    const live = fleet(terminals)(gridCellDegrees(2, GEO_LIMITS.cellPx));
    const byCell = (c: { lat: number; lng: number; count: number }) =>
      `${Math.round(c.lat)}:${Math.round(c.lng)}`;
    const expected = new Map<string, { count: number; lat: number; lng: number }>();
    for (const r of live) {
      const key = `${r.cx}:${r.cy}`;
      const e = expected.get(key) ?? { count: 0, lat: 0, lng: 0 };
      e.count += r.count;
      e.lat += r.latSum;
      e.lng += r.lngSum;
      expected.set(key, e);
    }
    const want = [...expected.values()].map((e) => ({
      count: e.count,
      lat: e.lat / e.count,
      lng: e.lng / e.count,
    }));
    expect(answer?.clusters.map(byCell).sort()).toEqual(want.map(byCell).sort());
    for (const c of answer?.clusters ?? []) {
      const w = want.find((x) => byCell(x) === byCell(c));
      expect(c.count).toBe(w?.count);
      expect(c.lat).toBeCloseTo(w?.lat ?? 0, 9);
      expect(c.lng).toBeCloseTo(w?.lng ?? 0, 9);
    }
  });

  it("applies the caller's visible owners and the filters, and answers live below the threshold", async () => {
    const { grid, ask } = setUp();
    grid.noteLive(3, 400);
    await grid.idle();
    expect((await ask(3, new Set(['a'])))?.total).toBe(200);
    expect((await ask(3, null, { online: true }))?.total).toBe(134);
    expect((await ask(3, null, { online: false }))?.clusters.reduce((n, c) => n + c.online, 0)).toBe(0);
    // Owner b's 67 online terminals: under the threshold, so the live query answers.
    expect(await ask(3, new Set(['b']), { online: true })).toBeNull();
    expect(await ask(3, null, { status: 'warehoused' })).toBeNull();
  });

  it('rebuilds stale counts in the background and stops answering from counts that are too old', async () => {
    const { grid, ask, loads, advance } = setUp();
    grid.noteLive(2, 400);
    await grid.idle();
    advance(61_000);
    // Stale: still answered, and a rebuild starts.
    expect(await ask(2)).not.toBeNull();
    await grid.idle();
    expect(loads).toHaveLength(2);
    advance(301_000);
    // Too old to answer; the rebuild it starts makes the next one answer again.
    expect(await ask(2)).toBeNull();
    await grid.idle();
    expect(await ask(2)).not.toBeNull();
  });

  it('answers every zoom up to the deepest from the one load, across the antimeridian too', async () => {
    const { grid, ask, loads } = setUp();
    grid.noteLive(8, 400);
    await grid.idle();
    for (let zoom = 0; zoom <= 8; zoom++) expect((await ask(zoom))?.total, `zoom ${zoom}`).toBe(400);
    expect(loads).toHaveLength(1);
    // Shanghai's 200 terminals are east of 100°E; Paris's are west of it.
    const across = await grid.clusters({
      box: { west: 100, south: -80, east: -100, north: 80 },
      zoom: 2,
      filters: {},
      owners: async () => null,
    });
    expect(across?.total).toBe(200);
    const paris = await grid.clusters({
      box: { west: -100, south: -80, east: 100, north: 80 },
      zoom: 2,
      filters: {},
      owners: async () => null,
    });
    expect(paris?.total).toBe(200);
  });

  it('leaves deep zooms to the live query', async () => {
    const { grid, ask, loads } = setUp();
    grid.noteLive(9, 400);
    await grid.idle();
    expect(loads).toEqual([]);
    expect(await ask(9)).toBeNull();
  });
});
