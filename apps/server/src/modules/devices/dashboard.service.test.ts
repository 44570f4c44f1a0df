import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../plugins/auth-context';
import type { DashboardRepository } from './dashboard.repository';
import { createDashboardService } from './dashboard.service';

const now = new Date('2026-03-15T10:30:00Z');
const caller = (dataScope: 'all' | 'tree'): AuthContext => ({
  userId: 'u1',
  sessionId: 's1',
  username: 'u',
  state: 1,
  permissions: new Set(),
  dataScope,
});

/** A fleet of 1,000 terminals of which the caller's scope holds 100, 40 of them online. */
const fakeRepo = (asked: Record<string, unknown>): DashboardRepository =>
  ({
    figures: async (_scope: unknown, longOfflineBefore: Date, monthStart: Date) => {
      asked.longOfflineBefore = longOfflineBefore.toISOString();
      asked.monthStart = monthStart.toISOString();
      return { total: 100, online: 40, longOffline: 5, activatedThisMonth: 7 };
    },
    byStatus: async () => [{ status: 'activated', count: 100 }],
    byModel: async () => [{ model: 'P2', count: 100 }],
    onlineSamplesSince: async (since: Date) => {
      asked.since = since.toISOString();
      return [{ at: new Date('2026-03-15T09:00:00Z'), online: 500, total: 1000 }];
    },
  }) as unknown as DashboardRepository;

describe('dashboard rules', () => {
  it('scales the fleet-wide trend to a tenant’s share and closes it with the current count', async () => {
    const asked: Record<string, unknown> = {};
    const service = createDashboardService({
      repo: fakeRepo(asked),
      alerts: { warningPage: async () => ({ records: [], total: 0, current: 1, size: 5 }) },
      clock: { now: () => now },
    });
    const tenant = await service.dashboard(caller('tree'));
    expect(tenant).toMatchObject({
      total: 100,
      online: 40,
      offline: 60,
      longOffline: 5,
      activatedThisMonth: 7,
    });
    expect(tenant.onlineTrend).toEqual([
      { at: '2026-03-15T09:00:00.000Z', online: 50 },
      { at: now.toISOString(), online: 40 },
    ]);
    expect(asked).toEqual({
      longOfflineBefore: '2026-03-12T10:30:00.000Z',
      monthStart: '2026-03-01T00:00:00.000Z',
      since: '2026-03-14T10:30:00.000Z',
    });
    const platform = await service.dashboard(caller('all'));
    expect(platform.onlineTrend[0].online).toBe(500);
  });
});
