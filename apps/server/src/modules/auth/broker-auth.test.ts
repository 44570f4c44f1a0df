import { isUpTopicOf } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { createBrokerAuth, isOwnDownFilter, isOwnUserFilter } from './broker-auth';

describe('isOwnUserFilter', () => {
  it('allows the user subtree and its topics', () => {
    expect(isOwnUserFilter('u1', 'cpm/user/u1/#')).toBe(true);
    expect(isOwnUserFilter('u1', 'cpm/user/u1/notice')).toBe(true);
    expect(isOwnUserFilter('u1', 'cpm/user/u1/+')).toBe(true);
  });

  it('refuses other users, wildcards over users and prefixes', () => {
    expect(isOwnUserFilter('u1', 'cpm/user/u2/#')).toBe(false);
    expect(isOwnUserFilter('u1', 'cpm/user/+/notice')).toBe(false);
    expect(isOwnUserFilter('u1', 'cpm/user/#')).toBe(false);
    expect(isOwnUserFilter('u1', 'cpm/user/u10/#')).toBe(false);
    expect(isOwnUserFilter('u1', 'cpm/user/u1')).toBe(false);
    expect(isOwnUserFilter('u1', 'cpm/user/u1/')).toBe(false);
    expect(isOwnUserFilter('u1', '#')).toBe(false);
  });
});

describe('terminal topic rules', () => {
  it('lets a terminal publish only on its own up topics', () => {
    expect(isUpTopicOf('SN01', 'cpm/dev/SN01/up/heartbeat')).toBe(true);
    expect(isUpTopicOf('SN01', 'cpm/dev/SN02/up/heartbeat')).toBe(false);
    expect(isUpTopicOf('SN01', 'cpm/dev/SN01/down/cmd')).toBe(false);
    expect(isUpTopicOf('SN01', 'cpm/dev/SN01/up/other')).toBe(false);
    expect(isUpTopicOf('SN01', 'cpm/user/u1/device')).toBe(false);
  });

  it('lets a terminal subscribe only below its own down topics', () => {
    expect(isOwnDownFilter('SN01', 'cpm/dev/SN01/down/#')).toBe(true);
    expect(isOwnDownFilter('SN01', 'cpm/dev/SN01/down/cmd')).toBe(true);
    expect(isOwnDownFilter('SN01', 'cpm/dev/+/down/#')).toBe(false);
    expect(isOwnDownFilter('SN01', 'cpm/dev/SN01/#')).toBe(false);
    expect(isOwnDownFilter('SN01', 'cpm/dev/SN01/down/a#')).toBe(false);
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
