import { isUpTopicOf, UP_KINDS } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import type { BrokerIdentity } from '../../gateway/broker';
import { matchTopic } from '../../gateway/topics';
import { createBrokerAuth, isOwnDownFilter, isOwnUserFilter } from './broker-auth';

describe('isOwnUserFilter', () => {
  it('allows the user subtree and its topics', () => {
    for (const topic of ['cpm/user/u1/#', 'cpm/user/u1/notice', 'cpm/user/u1/+'])
      expect(isOwnUserFilter('u1', topic), topic).toBe(true);
  });

  it('refuses other users, wildcards over users and prefixes', () => {
    for (const topic of [
      'cpm/user/u2/#',
      'cpm/user/+/notice',
      'cpm/user/#',
      'cpm/user/u10/#',
      'cpm/user/u1',
      'cpm/user/u1/',
      '#',
    ])
      expect(isOwnUserFilter('u1', topic), topic).toBe(false);
  });
});

describe('terminal topic rules', () => {
  it('lets a terminal publish only on its own up topics', () => {
    expect(isUpTopicOf('SN01', 'cpm/dev/SN01/up/heartbeat')).toBe(true);
    for (const topic of [
      'cpm/dev/SN02/up/heartbeat',
      'cpm/dev/SN01/down/cmd',
      'cpm/dev/SN01/up/other',
      'cpm/user/u1/device',
    ])
      expect(isUpTopicOf('SN01', topic), topic).toBe(false);
  });

  it('lets a terminal subscribe only below its own down topics', () => {
    for (const topic of ['cpm/dev/SN01/down/#', 'cpm/dev/SN01/down/cmd'])
      expect(isOwnDownFilter('SN01', topic), topic).toBe(true);
    for (const topic of ['cpm/dev/+/down/#', 'cpm/dev/SN01/#', 'cpm/dev/SN01/down/a#'])
      expect(isOwnDownFilter('SN01', topic), topic).toBe(false);
  });

  it('refuses terminals when devices are served by an external broker', async () => {
    const auth = createBrokerAuth({
      resolveSession: async () => null,
      authenticateDevice: async (sn) => ({ sn }),
      devices: false,
    });
    expect(await auth.authenticate('SN01', 'secret')).toBeNull();
    const embedded = createBrokerAuth({
      resolveSession: async () => null,
      authenticateDevice: async (sn) => ({ sn }),
      devices: true,
    });
    const identity = await embedded.authenticate('SN01', 'secret');
    expect(identity).toEqual({ kind: 'device', sn: 'SN01' });
    expect(embedded.canPublish(identity as never, 'cpm/dev/SN01/up/hello')).toBe(true);
    expect(embedded.canSubscribe(identity as never, 'cpm/user/u1/#')).toBe(false);
  });
});

describe('only the server hears terminals', () => {
  // The embedded broker hands terminals' messages to the server alone (onlyServerHearsDevices): no
  // filter any client may subscribe to can match a topic any terminal may publish on.
  const auth = createBrokerAuth({
    resolveSession: async () => null,
    authenticateDevice: async (sn) => ({ sn }),
    devices: true,
  });
  const clients: BrokerIdentity[] = [
    { kind: 'user', userId: 'u1', sessionId: 's1' },
    { kind: 'device', sn: 'SN01' },
    { kind: 'device', sn: 'SN02' },
  ];
  const filters = [
    '#',
    '+/#',
    'cpm/#',
    'cpm/+/#',
    'cpm/dev/#',
    'cpm/dev/+/#',
    'cpm/dev/+/up/+',
    'cpm/dev/SN01/#',
    'cpm/dev/SN01/+/+',
    'cpm/dev/SN01/up/#',
    'cpm/dev/SN01/up/heartbeat',
    'cpm/dev/SN01/down/#',
    'cpm/dev/SN01/down/+',
    'cpm/dev/SN02/down/#',
    'cpm/user/u1/#',
    'cpm/user/u1/+',
    'cpm/user/+/#',
  ];
  const upTopics = ['SN01', 'SN02'].flatMap((sn) => UP_KINDS.map((kind) => `cpm/dev/${sn}/up/${kind}`));

  it('says so, and no client may subscribe to a filter that matches a terminal topic', () => {
    expect(auth.onlyServerHearsDevices).toBe(true);
    const allowed = clients.flatMap((identity) => filters.filter((f) => auth.canSubscribe(identity, f)));
    // Some filters are allowed (else the check below proves nothing), none of them hears a terminal.
    expect(allowed).toEqual([
      'cpm/user/u1/#',
      'cpm/user/u1/+',
      'cpm/dev/SN01/down/#',
      'cpm/dev/SN01/down/+',
      'cpm/dev/SN02/down/#',
    ]);
    for (const filter of allowed) for (const topic of upTopics) expect(matchTopic(filter, topic)).toBe(false);
    // Every topic a terminal may publish on is one of those up topics: clients other than terminals publish nothing.
    expect(auth.canPublish(clients[0], 'cpm/user/u1/x')).toBe(false);
    expect(upTopics.filter((t) => auth.canPublish(clients[1], t))).toHaveLength(UP_KINDS.length);
  });
});
