import type { AuthContext } from '../../plugins/auth-context';
import type { TasksRepository } from './tasks.repository';

/**
 * What other domains read of how tasks ended (scheduled reports), so that they need not reach into
 * the tasks repository.
 */
export const createTaskOutcomesService = (deps: { repo: Pick<TasksRepository, 'outcomes'> }) => ({
  /** Per task the caller sees, its deliveries that ended in the period: how many succeeded and failed. */
  inPeriod: (auth: AuthContext, period: { from: Date; to: Date }) =>
    deps.repo.outcomes(auth, period.from, period.to),
});

export type TaskOutcomesService = ReturnType<typeof createTaskOutcomesService>;
