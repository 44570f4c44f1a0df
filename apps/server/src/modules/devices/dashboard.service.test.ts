import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../plugins/auth-context';
import type { DashboardRepository, FleetCountRow } from './dashboard.repository';
import { createDashboardService, foldFleetCounts } from './dashboard.service';

const now = new Date('2026-03-15T10:30:00Z');
const HOUR_MS = 3_600_000;
const caller = (dataScope: 'all' | 'tree'): AuthContext => ({
  userId: 'u1',
  sessionId: 's1',
  username: 'u',
  state: 1,
  permissions: new Set(),
  dataScope,
});

/** The caller's scope holds 100 terminals, 40 of them online now. */
const fakeRepo = (asked: Record<string, unknown>): DashboardRepository => ({
  fleetCounts: async (_scope: unknown, longOfflineBefore: Date, monthStart: Date) => {
    asked.longOfflineBefore = longOfflineBefore.toISOString();
    asked.monthStart = monthStart.toISOString();
    return {
      rows: [
        { status: 'activated', model: 'P2', total: 70, online: 40 },
        { status: 'shipped', model: 'P2', total: 30, online: 0 },
      ],
      longOffline: 5,
      activatedThisMonth: 7,
    };
  },
  foldTallies: async () => undefined,
});

/** Rollups of the caller's terminals: 30 terminals online all through 09:00-10:00, 45 minutes each of 10 at 08:00. */
const fakeRollups = (asked: Record<string, unknown>) => ({
  onlineSecondsByHour: async (auth: AuthContext, q: { from: Date; hours: number }) => {
    asked.rollups = { userId: auth.userId, from: q.from.toISOString(), hours: q.hours };
    const seconds: Record<string, number> = {
      '2026-03-15T08:00:00.000Z': 10 * 2700,
      '2026-03-15T09:00:00.000Z': 30 * 3600,
    };
    return Array.from({ length: q.hours }, (_, i) => {
      const hour = new Date(q.from.getTime() + i * HOUR_MS);
      return { hour, onlineSec: seconds[hour.toISOString()] ?? 0 };
    });
  },
});

const serviceWith = (asked: Record<string, unknown>) =>
  createDashboardService({
    repo: fakeRepo(asked),
    rollups: fakeRollups(asked),
    alerts: { warningPage: async () => ({ records: [], total: 0, current: 1, size: 5 }) },
    clock: { now: () => now },
  });

describe('dashboard rules', () => {
  it('charts the average number online in each of the 24 whole hours before this one, then the current count', async () => {
    const asked: Record<string, unknown> = {};
    const d = await serviceWith(asked).dashboard(caller('tree'));
    expect(d).toMatchObject({ total: 100, online: 40, offline: 60, longOffline: 5, activatedThisMonth: 7 });
    expect(asked).toEqual({
      longOfflineBefore: '2026-03-12T10:30:00.000Z',
      monthStart: '2026-03-01T00:00:00.000Z',
      // The current hour (10:00-11:00) is still being written and stays out.
      rollups: { userId: 'u1', from: '2026-03-14T10:00:00.000Z', hours: 24 },
    });
    expect(d.onlineTrend).toHaveLength(25);
    expect(d.onlineTrend[0]).toEqual({ at: '2026-03-14T10:00:00.000Z', online: 0 });
    expect(d.onlineTrend.slice(-3)).toEqual([
      // Ten terminals online 45 minutes each: 7.5 on average, shown whole.
      { at: '2026-03-15T08:00:00.000Z', online: 8 },
      { at: '2026-03-15T09:00:00.000Z', online: 30 },
      { at: now.toISOString(), online: 40 },
    ]);
  });
});

describe('foldFleetCounts', () => {
  const row = (status: FleetCountRow['status'], model: string, total: number) => ({
    status,
    model,
    total,
    online: 1,
  });
  const counts = (rows: FleetCountRow[]) => ({ rows, longOffline: 2, activatedThisMonth: 3 });

  it('adds the counts of every status and model up to the fleet', () => {
    const f = foldFleetCounts(
      counts([row('loggedOff', 'A', 4), row('activated', 'A', 6), row('activated', '-', 5)]),
    );
    expect(f).toMatchObject({ total: 15, online: 3, longOffline: 2, activatedThisMonth: 3 });
    // Statuses in their usual order, absent ones left out.
    expect(f.byStatus).toEqual([
      { status: 'activated', count: 11 },
      { status: 'loggedOff', count: 4 },
    ]);
    expect(f.byModel).toEqual([
      { model: 'A', count: 10 },
      { model: '-', count: 5 },
    ]);
  });

  it('names the ten most common models, most terminals first, ties by name', () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      row('activated', `M${String(i).padStart(2, '0')}`, i < 6 ? 5 : i),
    );
    expect(foldFleetCounts(counts(rows)).byModel.map((m) => m.model)).toEqual([
      'M11',
      'M10',
      'M09',
      'M08',
      'M07',
      'M06',
      'M00',
      'M01',
      'M02',
      'M03',
    ]);
  });

  it('answers zeros and empty lists for an empty fleet', () => {
    expect(foldFleetCounts({ rows: [], longOffline: 0, activatedThisMonth: 0 })).toEqual({
      total: 0,
      online: 0,
      longOffline: 0,
      activatedThisMonth: 0,
      byStatus: [],
      byModel: [],
    });
  });
});
