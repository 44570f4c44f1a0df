import type { AuthContext } from '../../plugins/auth-context';
import type { Clock } from '../../shared/clock';
import type { AlertsService } from './alerts.service';
import type { DashboardRepository } from './dashboard.repository';
import { LONG_OFFLINE_MS } from './terminals.repository';

const DAY_MS = 24 * 3600 * 1000;

/** The dashboard: fleet figures, breakdowns, the online trend of the last day and the latest warnings. */
export const createDashboardService = (deps: {
  repo: DashboardRepository;
  alerts: Pick<AlertsService, 'warningPage'>;
  clock: Clock;
}) => ({
  async dashboard(auth: AuthContext) {
    const { repo } = deps;
    const now = deps.clock.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const figures = await repo.figures(auth, new Date(now.getTime() - LONG_OFFLINE_MS), monthStart);
    const byStatus = await repo.byStatus(auth);
    const byModel = await repo.byModel(auth);
    // Samples are fleet-wide; a tenant sees them scaled to its own share of the fleet.
    const samples = await repo.onlineSamplesSince(new Date(now.getTime() - DAY_MS));
    const scoped = auth.dataScope !== 'all';
    const onlineTrend = samples.map((s) => ({
      at: s.at.toISOString(),
      online: scoped && s.total > 0 ? Math.round((s.online * figures.total) / s.total) : s.online,
    }));
    // The current count closes the line, so a young fleet shows a trend from its first hour.
    onlineTrend.push({ at: now.toISOString(), online: figures.online });
    const latest = await deps.alerts.warningPage(auth, { current: 1, size: 5, handled: false });
    return {
      total: figures.total,
      online: figures.online,
      offline: figures.total - figures.online,
      longOffline: figures.longOffline,
      activatedThisMonth: figures.activatedThisMonth,
      byStatus: byStatus.map((s) => ({ status: s.status, count: s.count })),
      byModel,
      onlineTrend,
      latestWarnings: latest.records,
    };
  },
});

export type DashboardService = ReturnType<typeof createDashboardService>;
