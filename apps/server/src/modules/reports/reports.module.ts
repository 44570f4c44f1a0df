import { ACCOUNT_STATE, TERMINAL_STATUSES } from '@cpm/contracts';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { AlertsService } from '../alerts/alerts.service';
import type { TerminalsService } from '../devices/terminals.service';
import type { JobsService } from '../jobs/jobs.service';
import { findGrants } from '../menus/menus.repository';
import type { PoliciesService } from '../policies/policies.service';
import type { TaskOutcomesService } from '../tasks/task-outcomes.service';
import type { UsersRepository } from '../users/users.repository';
import type { ReportSources } from './report-content';
import { registerReportJobs } from './report-jobs';
import { createReportsRepository } from './reports.repository';
import { registerReportsRoutes } from './reports.routes';
import { createReportsService } from './reports.service';

/** The report sections read from the terminals, alerts, tasks and policies domains, in the owner's scope. */
export const reportSources = (deps: {
  terminals: Pick<TerminalsService, 'exportRows'>;
  alerts: Pick<AlertsService, 'inPeriod'>;
  taskOutcomes: Pick<TaskOutcomesService, 'inPeriod'>;
  policies: Pick<PoliciesService, 'complianceCounts'>;
}): ReportSources => ({
  async fleet(auth) {
    const count = (filter: Parameters<TerminalsService['exportRows']>[1]) =>
      deps.terminals.exportRows(auth, filter).count();
    const [total, online, ...byStatus] = await Promise.all([
      count({}),
      count({ online: true }),
      ...TERMINAL_STATUSES.map((status) => count({ status })),
    ]);
    return {
      total,
      online,
      offline: total - online,
      byStatus: TERMINAL_STATUSES.map((status, i) => ({ status, count: byStatus[i] })),
    };
  },
  async offline(auth, limit) {
    const read = deps.terminals.exportRows(auth, { online: false });
    const rows = [];
    for await (const batch of read.batches()) {
      rows.push(...batch);
      if (rows.length >= limit) break;
    }
    return { rows: rows.slice(0, limit), total: await read.count() };
  },
  alerts: (auth, period, limit) => deps.alerts.inPeriod(auth, period, limit),
  tasks: (auth, period) => deps.taskOutcomes.inPeriod(auth, period),
  compliance: (auth) => deps.policies.complianceCounts(auth),
});

/**
 * Wires scheduled reports: the console's schedules, and the jobs that dispatch and send them as
 * their owners, reading the other domains through their services.
 */
export const createReportsModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  jobs: JobsService;
  alerts: { alerts: Pick<AlertsService, 'inPeriod'> };
  devices: {
    terminals: Pick<TerminalsService, 'exportRows'>;
    policies: { policies: Pick<PoliciesService, 'complianceCounts'> };
  };
  taskOutcomes: Pick<TaskOutcomesService, 'inPeriod'>;
  usersRepo: Pick<UsersRepository, 'findById'>;
}) => {
  const repo = createReportsRepository(deps.db);
  const actingAs = async (userId: string): Promise<AuthContext | null> => {
    const user = await deps.usersRepo.findById(userId);
    if (user?.state !== ACCOUNT_STATE.active) return null;
    const grants = await findGrants(deps.db, user.id);
    return { userId: user.id, sessionId: '', username: user.username, state: user.state, ...grants };
  };
  const enqueueSend = registerReportJobs({
    jobs: deps.jobs,
    repo,
    clock: deps.clock,
    actingAs,
    sources: reportSources({
      terminals: deps.devices.terminals,
      alerts: deps.alerts.alerts,
      taskOutcomes: deps.taskOutcomes,
      policies: deps.devices.policies.policies,
    }),
  });
  const reports = createReportsService({ repo, clock: deps.clock, enqueueSend });
  registerReportsRoutes(deps.api, { reports });
  return { reports };
};
