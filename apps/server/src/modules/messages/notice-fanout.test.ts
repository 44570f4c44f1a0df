import { describe, expect, it } from 'vitest';
import { EVERYONE_ROOT } from './messages.table';
import { createNoticeFanout } from './notice-fanout';

const ids = Array.from({ length: 25 }, (_, i) => `u${String(i).padStart(3, '0')}`);

describe('notice fan-out', () => {
  it('walks the recipients in batches and notifies each once, after the caller returned', async () => {
    const sent: string[] = [];
    const calls: (string | null)[] = [];
    const fanout = createNoticeFanout({
      send: async (userIds) => void sent.push(...userIds),
      findRecipients: async (_a, after, limit) => {
        calls.push(after);
        return ids.filter((id) => after === null || id > after).slice(0, limit);
      },
      onError: (err) => {
        throw err;
      },
      batchSize: 10,
    });
    fanout.toAudience(
      { scope: 'all', rootId: EVERYONE_ROOT, targetIds: [] },
      { type: 'message', event: 'published', messageId: 'm' },
    );
    expect(sent).toEqual([]);
    await fanout.idle();
    expect(sent).toEqual(ids);
    expect(calls).toEqual([null, 'u009', 'u019']);
  });

  it('keeps going after a failed fan-out and reports the failure', async () => {
    const errors: unknown[] = [];
    const sent: string[] = [];
    let first = true;
    const fanout = createNoticeFanout({
      send: async (userIds) => {
        if (first) {
          first = false;
          throw new Error('broker down');
        }
        sent.push(...userIds);
      },
      findRecipients: async () => [],
      onError: (err) => errors.push(err),
    });
    fanout.toUser('a', { type: 'message', event: 'read', messageId: null });
    fanout.toUser('b', { type: 'message', event: 'read', messageId: null });
    await fanout.idle();
    expect(errors).toHaveLength(1);
    expect(sent).toEqual(['b']);
  });

  it('does nothing without a broker', async () => {
    let asked = false;
    const fanout = createNoticeFanout({
      send: null,
      findRecipients: async () => {
        asked = true;
        return [];
      },
      onError: () => undefined,
    });
    fanout.toAudience(
      { scope: 'all', rootId: EVERYONE_ROOT, targetIds: [] },
      { type: 'message', event: 'published', messageId: 'm' },
    );
    await fanout.idle();
    expect(asked).toBe(false);
  });
});
