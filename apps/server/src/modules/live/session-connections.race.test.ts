import { describe, expect, it } from 'vitest';
import type { Broker, BrokerIdentity } from '../../gateway/broker';
import { watchSessionConnections } from './session-connections';

/**
 * The periodic check looks up the sessions of the connections it sees, then closes those whose
 * session ended. A tab that connects while the lookup runs was not looked up and must stay open.
 * A broker holding a list of identities stands in for the MQTT broker: what matters is the moment a
 * connection appears, which a real broker cannot place inside the lookup.
 */
describe('closing connections of ended sessions', () => {
  it('leaves alone a connection that arrived while the sessions were being looked up', async () => {
    const connected: BrokerIdentity[] = [{ kind: 'user', userId: 'u1', sessionId: 'ended' }];
    const broker = {
      connectedIdentities: () => [...connected],
      disconnect: (match: (identity: BrokerIdentity) => boolean) => {
        const closing = connected.filter(match);
        for (const identity of closing) connected.splice(connected.indexOf(identity), 1);
        return closing.length;
      },
      subscribe: async () => async () => {},
    } as unknown as Broker;
    const looked: string[][] = [];
    const watcher = await watchSessionConnections({
      broker,
      liveSessionIds: async (ids) => {
        looked.push(ids);
        // A new tab signs in with a fresh session while this lookup is under way.
        connected.push({ kind: 'user', userId: 'u2', sessionId: 'fresh' });
        return new Set();
      },
      log: { error: () => {}, warn: () => {} },
      intervalMs: 60_000,
    });
    try {
      expect(await watcher.check()).toBe(1);
      expect(looked).toEqual([['ended']]);
      expect(connected).toEqual([{ kind: 'user', userId: 'u2', sessionId: 'fresh' }]);
    } finally {
      await watcher.stop();
    }
  });
});
