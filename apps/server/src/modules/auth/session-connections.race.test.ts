import { describe, expect, it } from 'vitest';
import { createSessionConnections } from './session-connections';

/**
 * The check looks up the sessions of the connections it sees, then closes those whose session ended.
 * A connection that registers while the lookup runs was not looked up and must stay open; the moment
 * it appears is placed inside the lookup here, which a real connection cannot be made to hit.
 */
describe('closing connections of ended sessions', () => {
  it('leaves alone a connection that arrived while the sessions were being looked up', async () => {
    const closed: string[] = [];
    const looked: string[][] = [];
    const connections = createSessionConnections({
      liveSessions: async (ids) => {
        looked.push(ids);
        // A new tab signs in with a fresh session while this lookup is under way.
        connections.register({
          kind: 'live',
          sessionId: 'fresh',
          userId: 'u2',
          close: () => closed.push('fresh'),
        });
        return new Map();
      },
      log: { error: () => {}, warn: () => {} },
    });
    connections.register({
      kind: 'live',
      sessionId: 'ended',
      userId: 'u1',
      close: () => closed.push('ended'),
    });
    expect(await connections.check()).toBe(1);
    expect(looked).toEqual([['ended']]);
    expect(closed).toEqual(['ended']);
    expect(connections.count()).toBe(1);
  });

  it('closes a connection whose session lives but lost a permission it needs', async () => {
    const closed: string[] = [];
    const connections = createSessionConnections({
      liveSessions: async (ids) => new Map(ids.map((id) => [id, new Set(['remote:desktop:connect'])])),
      log: { error: () => {}, warn: () => {} },
    });
    const needs = (kind: 'relayViewer' | 'relayController', permissions: string[]) =>
      connections.register({
        kind,
        sessionId: 's',
        userId: 'u',
        permissions,
        close: () => closed.push(kind),
      });
    needs('relayViewer', ['remote:desktop:connect']);
    needs('relayController', ['remote:desktop:connect', 'remote:desktop:control']);
    expect(await connections.check(new Set(['u']))).toBe(1);
    expect(closed).toEqual(['relayController']);
  });
});
