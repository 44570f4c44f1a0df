import { setImmediate as nextTurn } from 'node:timers/promises';
import type { NoticeEvent } from '@cpm/contracts';
import type { Audience } from './messages.repository';

export type { NoticeEvent };

type Deps = {
  /** Sends one notice to each user's `notice` topic; null when the server runs without a broker. */
  send: ((userIds: readonly string[], event: NoticeEvent) => Promise<unknown>) | null;
  /** One batch of recipients after `after`, in ascending id order. */
  findRecipients(audience: Audience, after: string | null, limit: number): Promise<string[]>;
  onError(err: unknown): void;
  batchSize?: number;
};

/**
 * Live notices for the bell. A publish may reach a hundred thousand users, so the fan-out runs after
 * the request has answered: recipients are read in id-ordered batches and each batch is published
 * before the next is read, giving the event loop back between batches. Fan-outs run one after the
 * other, so bursts of publishing cannot pile up unbounded work. A lost notice costs only freshness:
 * the console counts again on its next event or page load.
 */
export const createNoticeFanout = (deps: Deps) => {
  const batchSize = deps.batchSize ?? 2000;
  let queue: Promise<void> = Promise.resolve();

  const send = async (userIds: readonly string[], event: NoticeEvent) => {
    await deps.send?.(userIds, event);
  };

  const run = async (audience: Audience, event: NoticeEvent) => {
    let after: string | null = null;
    for (;;) {
      const batch = await deps.findRecipients(audience, after, batchSize);
      if (batch.length === 0) return;
      await send(batch, event);
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1];
      await nextTurn();
    }
  };

  const enqueue = (job: () => Promise<void>) => {
    queue = queue.then(job).catch(deps.onError);
  };

  return {
    /** Notify every recipient of an audience, in the background. */
    toAudience(audience: Audience, event: NoticeEvent) {
      if (deps.send) enqueue(() => run(audience, event));
    },
    /** Notify one user (their other tabs), in the background. */
    toUser(userId: string, event: NoticeEvent) {
      if (deps.send) enqueue(() => send([userId], event));
    },
    /** Resolves once every notice queued so far has been sent (tests, shutdown). */
    idle: async () => {
      let seen: Promise<void>;
      do {
        seen = queue;
        await seen;
      } while (seen !== queue);
    },
  };
};

export type NoticeFanout = ReturnType<typeof createNoticeFanout>;
