import { TASK_EVENT_MAX_IDS, type TaskEvent } from '@cpm/contracts';
import type { TasksRepository } from './tasks.repository';

/** How long changes are gathered before consoles are told: one event a second at most per user. */
export const TASK_CHANGES_FLUSH_MS = 1000;

/**
 * Tells console tabs live that remote tasks moved on. Changes are gathered for a second (a fleet
 * reporting thousands of results a second makes one event, not thousands), then each task's owner
 * is looked up and every user who may see that owner's data hears the ids of the tasks that moved.
 */
export const createTaskChanges = (deps: {
  ownersOf(ids: string[]): Promise<{ id: string; ownerId: string }[]>;
  audienceOf(ownerId: string): Promise<string[]>;
  publish(userIds: string[], event: TaskEvent): Promise<unknown>;
  log: { warn(obj: object, msg: string): void };
  flushMs?: number;
}) => {
  let pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const flush = async () => {
    timer = undefined;
    const ids = [...pending];
    pending = new Set();
    if (!ids.length) return;
    const byOwner = new Map<string, string[]>();
    for (const { id, ownerId } of await deps.ownersOf(ids))
      byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), id]);
    // A user who may see several owners hears each of their tasks once.
    const byUser = new Map<string, Set<string>>();
    for (const [ownerId, taskIds] of byOwner)
      for (const userId of await deps.audienceOf(ownerId)) {
        const seen = byUser.get(userId) ?? new Set<string>();
        for (const id of taskIds) seen.add(id);
        byUser.set(userId, seen);
      }
    await Promise.all(
      [...byUser].map(([userId, taskIds]) => {
        const more = taskIds.size > TASK_EVENT_MAX_IDS;
        return deps.publish([userId], {
          type: 'task',
          taskIds: more ? [] : [...taskIds],
          more,
        });
      }),
    );
  };

  return {
    /** Tasks that moved on; consoles hear of them within a second. */
    changed(ids: Iterable<string>) {
      if (closed) return;
      for (const id of ids) pending.add(id);
      if (timer || !pending.size) return;
      timer = setTimeout(() => {
        flush().catch((err: unknown) => deps.log.warn({ err }, 'task changes not announced'));
      }, deps.flushMs ?? TASK_CHANGES_FLUSH_MS);
      timer.unref?.();
    },
    /** Announces what is gathered now (tests; shutdown). */
    flush: () => {
      clearTimeout(timer);
      return flush();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      pending.clear();
    },
  };
};

export type TaskChanges = ReturnType<typeof createTaskChanges>;

/**
 * The repository, with every write that moves a task on (state changes, deliveries written,
 * results accepted, waves released, runs ended) reported to `changed`.
 */
export const announceTaskChanges = (
  repo: TasksRepository,
  changed: (taskIds: Iterable<string>) => void,
): TasksRepository => ({
  ...repo,
  async insertTask(...args) {
    const row = await repo.insertTask(...args);
    if (row) changed([row.id]);
    return row;
  },
  async transition(...args) {
    const row = await repo.transition(...args);
    if (row) changed([row.id]);
    return row;
  },
  async stop(...args) {
    const row = await repo.stop(...args);
    if (row) changed([args[0]]);
    return row;
  },
  async retry(...args) {
    const out = await repo.retry(...args);
    if (out) changed([args[0].id]);
    return out;
  },
  async report(...args) {
    const out = await repo.report(...args);
    changed(out.flatMap((r) => (r.accepted && r.taskId ? [r.taskId] : [])));
    return out;
  },
  async fanOutBatch(tx, o) {
    const out = await repo.fanOutBatch(tx, o);
    if (out.written) changed([o.taskId]);
    return out;
  },
  async finishFanOut(...args) {
    const out = await repo.finishFanOut(...args);
    changed([args[2]]);
    return out;
  },
  async catchUp(run, match, now) {
    const out = await repo.catchUp(run, match, now);
    if (out.written) changed([run.taskId]);
    return out;
  },
  async releaseWave(...args) {
    const row = await repo.releaseWave(...args);
    if (row) changed([row.taskId]);
    return row;
  },
  async closeEndedRuns(now) {
    const ended = await repo.closeEndedRuns(now);
    changed(ended.map((r) => r.taskId));
    return ended;
  },
});
