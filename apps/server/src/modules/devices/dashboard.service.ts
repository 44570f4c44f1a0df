import { TERMINAL_STATUSES } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import type { Clock } from '../../shared/clock';
import type { DatacenterService } from '../datacenter/datacenter.service';
import type { AlertsService } from './alerts.service';
import type { DashboardRepository, FleetCountRow, FleetCounts } from './dashboard.repository';
import { LONG_OFFLINE_MS } from './terminals.repository';

const HOUR_MS = 3_600_000;
/** Whole hours the online trend covers before the current one. */
const TREND_HOURS = 24;
/** Models the dashboard names; the rest are left out. */
const TOP_MODELS = 10;

/**
 * The fleet's figures from its counts by status and model: totals, the statuses present (in their
 * usual order) and the most common models (most terminals first, then by name).
 */
export const foldFleetCounts = ({ rows, longOffline, activatedThisMonth }: FleetCounts) => {
  const sum = (list: readonly FleetCountRow[], key: 'total' | 'online') =>
    list.reduce((n, r) => n + r[key], 0);
  const byStatus = TERMINAL_STATUSES.map((status) => ({
    status,
    count: sum(
      rows.filter((r) => r.status === status),
      'total',
    ),
  })).filter((s) => s.count > 0);
  const models = new Map<string, number>();
  for (const r of rows) models.set(r.model, (models.get(r.model) ?? 0) + r.total);
  const byModel = [...models]
    .map(([model, count]) => ({ model, count }))
    .sort((a, b) => b.count - a.count || a.model.localeCompare(b.model))
    .slice(0, TOP_MODELS);
  return {
    total: sum(rows, 'total'),
    online: sum(rows, 'online'),
    longOffline,
    activatedThisMonth,
    byStatus,
    byModel,
  };
};

/** The dashboard: fleet figures, breakdowns, the online trend of the last day and the latest warnings. */
export const createDashboardService = (deps: {
  repo: DashboardRepository;
  alerts: Pick<AlertsService, 'warningPage'>;
  rollups: Pick<DatacenterService, 'onlineSecondsByHour'>;
  clock: Clock;
}) => ({
  async dashboard(auth: AuthContext) {
    const { repo } = deps;
    const now = deps.clock.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const figures = foldFleetCounts(
      await repo.fleetCounts(auth, new Date(now.getTime() - LONG_OFFLINE_MS), monthStart),
    );
    // Each point is the average number of the caller's terminals online during that hour (their
    // online seconds / 3600): the hour's mean of the "online now" figure, so the line and its
    // closing point measure the same thing, and a terminal online ten minutes counts as a sixth,
    // not as a whole. The current hour is left out: it is still being written.
    const currentHour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const hours = await deps.rollups.onlineSecondsByHour(auth, {
      from: new Date(currentHour.getTime() - TREND_HOURS * HOUR_MS),
      hours: TREND_HOURS,
    });
    const onlineTrend = hours.map((h) => ({
      at: h.hour.toISOString(),
      online: Math.round(h.onlineSec / 3600),
    }));
    onlineTrend.push({ at: now.toISOString(), online: figures.online });
    const latest = await deps.alerts.warningPage(auth, { current: 1, size: 5, handled: false });
    return {
      total: figures.total,
      online: figures.online,
      offline: figures.total - figures.online,
      longOffline: figures.longOffline,
      activatedThisMonth: figures.activatedThisMonth,
      byStatus: figures.byStatus,
      byModel: figures.byModel,
      onlineTrend,
      latestWarnings: latest.records,
    };
  },

  /** Folds the counters' change rows (the `devices.tallies` job, every minute). */
  foldTallies: () => deps.repo.foldTallies(),
});

export type DashboardService = ReturnType<typeof createDashboardService>;
