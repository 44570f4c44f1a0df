import { TASK_EVENT_MAX_IDS, type TaskEvent } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { announceTaskChanges, createTaskChanges } from './task-changes';
import type { TasksRepository } from './tasks.repository';

const setup = (owners: Record<string, string>, audiences: Record<string, string[]>) => {
  const sent: { userId: string; event: TaskEvent }[] = [];
  const changes = createTaskChanges({
    ownersOf: async (ids) => ids.filter((id) => owners[id]).map((id) => ({ id, ownerId: owners[id] })),
    audienceOf: async (ownerId) => audiences[ownerId] ?? [],
    publish: async (userIds, event) => {
      for (const userId of userIds) sent.push({ userId, event });
    },
    log: { warn: () => undefined },
    flushMs: 60_000,
  });
  return { changes, sent };
};

describe('task changes', () => {
  it('gathers changes and tells each user who may see a task once, with the ids of their tasks', async () => {
    const { changes, sent } = setup(
      { t1: 'shopA', t2: 'shopA', t3: 'shopB', gone: '' },
      { shopA: ['adminX', 'userA'], shopB: ['adminX'] },
    );
    changes.changed(['t1', 't3']);
    changes.changed(['t1', 't2', 'gone']);
    await changes.flush();
    const byUser = Object.fromEntries(sent.map((s) => [s.userId, [...s.event.taskIds].sort()]));
    expect(byUser).toEqual({ adminX: ['t1', 't2', 't3'], userA: ['t1', 't2'] });
    expect(sent).toHaveLength(2);
    await changes.flush();
    expect(sent).toHaveLength(2);
  });

  it('says "more" instead of naming too many tasks', async () => {
    const ids = Array.from({ length: TASK_EVENT_MAX_IDS + 1 }, (_, i) => `t${i}`);
    const { changes, sent } = setup(Object.fromEntries(ids.map((id) => [id, 'shop'])), { shop: ['u'] });
    changes.changed(ids);
    await changes.flush();
    expect(sent).toEqual([{ userId: 'u', event: { type: 'task', taskIds: [], more: true } }]);
  });

  it('hears results accepted, state changes and waves released from the repository, not refused results', async () => {
    const heard: string[] = [];
    const storage = {
      report: async () => [
        { deliveryId: '1', accepted: true, state: 'success', taskId: 'tA' },
        { deliveryId: '2', accepted: false, state: 'success' },
      ],
      transition: async (id: string) => (id === 'moved' ? { id } : null),
      releaseWave: async () => ({ taskId: 'tW' }),
      closeEndedRuns: async () => [{ runId: 'r', taskId: 'tE', expired: 1 }],
    } as unknown as TasksRepository;
    const repo = announceTaskChanges(storage, (ids) => heard.push(...ids));
    await repo.report('terminal', [], new Date());
    await repo.transition('moved', [], { status: 'normal' }, new Date());
    await repo.transition('raced', [], { status: 'normal' }, new Date());
    await repo.releaseWave('r', 1, new Date());
    await repo.closeEndedRuns(new Date());
    expect(heard).toEqual(['tA', 'moved', 'tW', 'tE']);
  });
});
