import type { AnnounceDomainEvent } from '../../shared/domain-events';
import type { TasksRepository } from './tasks.repository';

/** Where a task's work has ended: it finished, ran out of time, was stopped or failed to start. */
const ENDED = new Set(['complete', 'overdue', 'stopped', 'failed']);

/**
 * The tasks repository announcing domain events (task ended, a terminal's delivery succeeded or
 * failed) once the write that made them has succeeded. The events of one task share its key.
 */
export const announceTaskEvents = (
  repo: TasksRepository,
  announce: AnnounceDomainEvent,
): TasksRepository => ({
  ...repo,
  async transition(...args) {
    const row = await repo.transition(...args);
    if (row && ENDED.has(row.status))
      announce({
        type: 'task.finished',
        ownerId: row.ownerId,
        objectKey: `task:${row.id}`,
        data: { taskId: row.id, name: row.name, status: row.status },
        at: args[3],
      });
    return row;
  },
  async report(...args) {
    const out = await repo.report(...args);
    const ended = out.filter(
      (r) => r.accepted && r.taskId && (r.state === 'success' || r.state === 'failure'),
    );
    // Off the result path: the owners are read after the terminal has its answer.
    if (ended.length)
      void repo
        .ownersOf([...new Set(ended.map((r) => r.taskId as string))])
        .then((rows) => {
          const owners = new Map(rows.map((o) => [o.id, o.ownerId]));
          for (const r of ended) {
            const ownerId = owners.get(r.taskId as string);
            if (ownerId)
              announce({
                type: r.state === 'success' ? 'task.deliverySucceeded' : 'task.deliveryFailed',
                ownerId,
                objectKey: `task:${r.taskId}`,
                data: { taskId: r.taskId, deliveryId: r.deliveryId, terminalId: args[0], state: r.state },
                at: args[2],
              });
          }
        })
        .catch(() => undefined);
    return out;
  },
});
