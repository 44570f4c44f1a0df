import type { TaskResult } from '@cpm/contracts';
import type { AgentState } from './state';

const FILE = 'results.json';
/** Final results kept for re-sending when a pull lists their delivery again. */
const KEEP = 200;

/**
 * Task results as the protocol asks: each is kept (on disk, in the state folder) until the server
 * acknowledged it (PUBACK on MQTT, the answer over HTTP); final ones are kept after that too and sent
 * again when a pull lists their delivery with the same attempt.
 */
export const createResults = (state: AgentState, send: (results: TaskResult[]) => Promise<void>) => {
  const saved = state.read<{ pending: TaskResult[]; final: TaskResult[] }>(FILE);
  let pending: TaskResult[] = saved?.pending ?? [];
  let final: TaskResult[] = saved?.final ?? [];
  let flushing: Promise<void> | null = null;
  const persist = () => state.write(FILE, { pending, final });

  const flush = async (): Promise<void> => {
    if (flushing) return flushing;
    flushing = (async () => {
      while (pending.length) {
        const batch = pending.slice(0, 100);
        await send(batch);
        pending = pending.filter((r) => !batch.includes(r));
        persist();
      }
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  return {
    /** Records a result and tries to send it at once; a failed send leaves it queued. */
    async report(r: TaskResult) {
      pending.push(r);
      if (r.state === 'success' || r.state === 'failure') {
        final = [...final.filter((f) => f.deliveryId !== r.deliveryId), r].slice(-KEEP);
      }
      persist();
      await flush().catch(() => undefined);
    },
    flush: () => flush().catch(() => undefined),
    /** The final result already reached for a delivery's attempt, if any. */
    finalOf: (deliveryId: string, attempt: number) =>
      final.find((f) => f.deliveryId === deliveryId && f.attempt === attempt) ?? null,
    pendingCount: () => pending.length,
  };
};
export type Results = ReturnType<typeof createResults>;
