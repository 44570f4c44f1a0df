import { queryKeys } from '../../shared/crud';

/** Query keys of the task pages; invalidating `all` refreshes every task list, detail and preview. */
export const taskKeys = {
  all: queryKeys.tasks.all,
  whitelists: queryKeys.taskWhitelists.all,
  detail: (id: string) => [...queryKeys.tasks.all, 'detail', id] as const,
  byTerminal: (sn: string) => [...queryKeys.tasks.all, 'terminal', sn] as const,
};
