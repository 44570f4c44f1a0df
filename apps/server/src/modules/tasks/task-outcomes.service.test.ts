import { describe, expect, it } from 'vitest';
import { fakeOf } from '../../test-support/fake';
import { authOf } from '../../test-support/records';
import { createTaskOutcomesService } from './task-outcomes.service';
import type { createTasksRepository } from './tasks.repository';

describe('task outcomes', () => {
  it("reads the period's outcomes in the caller's scope", async () => {
    const outcome = {
      taskId: 't1',
      name: 'Push price list',
      nameText: null,
      type: 'file_push',
      succeeded: 3,
      failed: 1,
    };
    const repo = fakeOf<typeof createTasksRepository>({ outcomes: async () => [outcome] });
    const auth = authOf({});
    const period = { from: new Date('2026-06-01T00:00:00Z'), to: new Date('2026-06-08T00:00:00Z') };

    const rows = await createTaskOutcomesService({ repo }).inPeriod(auth, period);

    expect(rows).toEqual([outcome]);
    expect(repo.outcomes).toHaveBeenCalledWith(auth, period.from, period.to);
  });
});
