import { type DeliveryFilter, SN_PATTERN, type TaskFilter, type TaskRow } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { readSheet } from '../devices/excel';
import type { TasksRepository } from './tasks.repository';
import type { TasksService } from './tasks.service';

/** Rows of the task and result exports (their columns are in `task-export-columns.ts`), and SN lists read from Excel. */
export const createTaskExports = (deps: { tasks: TasksService; repo: TasksRepository }) => ({
  /** The tasks under the filter, in batches, with their counts. */
  tasks: async function* (auth: AuthContext, filter: TaskFilter): AsyncIterable<TaskRow[]> {
    for await (const batch of deps.repo.batches(auth, filter)) yield await deps.tasks.rowsOf(batch);
  },

  /** A task's results under the filter, in batches. */
  results: (auth: AuthContext, filter: DeliveryFilter) => deps.tasks.resultBatches(auth, filter),

  /** SNs from the first column of a workbook (a header row that is no SN is skipped). */
  async parseSns(bytes: Buffer) {
    const rows = await readSheet(bytes, [{ key: 'sn', zh: '序列号', en: 'SN' }]);
    const sns = new Set<string>();
    const invalid: { row: number; value: string }[] = [];
    for (const r of rows) {
      const value = r.values.sn.trim();
      if (SN_PATTERN.test(value)) sns.add(value.toUpperCase());
      else invalid.push({ row: r.row, value: value.slice(0, 64) });
    }
    return { sns: [...sns], invalid };
  },
});

export type TaskExports = ReturnType<typeof createTaskExports>;
