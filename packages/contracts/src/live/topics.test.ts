import { describe, expect, it } from 'vitest';
import { FleetEventSchema, NoticeEventSchema, TerminalChangedSchema } from './events';
import {
  isUpTopicOf,
  parseTerminalTopic,
  parseUpTopic,
  parseUserTopic,
  systemTopics,
  terminalFilters,
  terminalTopic,
  USER_EVENT_KINDS,
  userFilters,
  userTopic,
} from './topics';

describe('terminal topics', () => {
  it('builds the up and down topics and filters of one terminal', () => {
    expect(terminalTopic('P2000123456', 'up', 'heartbeat')).toBe('cpm/dev/P2000123456/up/heartbeat');
    expect(terminalTopic('P2000123456', 'down', 'cmd')).toBe('cpm/dev/P2000123456/down/cmd');
    expect(terminalFilters.down('P2000123456')).toBe('cpm/dev/P2000123456/down/#');
    expect(terminalFilters.upPattern('P2000123456')).toBe('cpm/dev/P2000123456/up/{kind}');
    expect(terminalFilters.upAll).toBe('cpm/dev/+/up/+');
  });

  it('parses what it builds, in both directions', () => {
    expect(parseTerminalTopic(terminalTopic('SN0001', 'up', 'event'))).toEqual({
      sn: 'SN0001',
      direction: 'up',
      kind: 'event',
    });
    expect(parseTerminalTopic(terminalTopic('SN0001', 'down', 'remote'))).toEqual({
      sn: 'SN0001',
      direction: 'down',
      kind: 'remote',
    });
    expect(parseUpTopic('cpm/dev/SN0001/up/location')).toEqual({ sn: 'SN0001', kind: 'location' });
  });

  it('refuses topics that are not a terminal topic', () => {
    for (const topic of [
      'cpm/dev/SN0001/up/other',
      'cpm/dev/SN0001/down/hello',
      'cpm/dev/SN0001/sideways/hello',
      'cpm/dev/+/up/hello',
      'cpm/dev/SN/up/hello',
      'cpm/dev/SN0001/up/hello/extra',
      'xyz/dev/SN0001/up/hello',
      'cpm/user/u1/notice',
      '',
    ])
      expect(parseTerminalTopic(topic), topic).toBeNull();
    expect(parseUpTopic('cpm/dev/SN0001/down/task')).toBeNull();
  });

  it('reads up topics in place as the general parser does, and tells whose they are', () => {
    const pieces = [
      'cpm',
      'dev',
      'SN0001',
      'S',
      'up',
      'down',
      'heartbeat',
      'result',
      'cmd',
      '',
      '+',
      'x/y',
      'A-b_9c',
    ];
    const seen = new Set<string>();
    // Disagreements are collected and compared once: an expect per topic made this test take seconds.
    const disagreements: string[] = [];
    // Every topic of up to five pieces drawn from these (a piece may hold a slash), and a few near misses.
    const build = (parts: string[]) => {
      const topic = parts.join('/');
      if (seen.has(topic)) return;
      seen.add(topic);
      const general = parseTerminalTopic(topic);
      const up = general?.direction === 'up' ? { sn: general.sn, kind: general.kind } : null;
      const parsed = parseUpTopic(topic);
      if (parsed?.sn !== up?.sn || parsed?.kind !== up?.kind) disagreements.push(`parse ${topic}`);
      for (const sn of ['SN0001', 'SN000', 'A-b_9c'])
        if (isUpTopicOf(sn, topic) !== (up?.sn === sn)) disagreements.push(`${sn} owns ${topic}`);
      if (parts.length < 5) for (const p of pieces) build([...parts, p]);
    };
    build(['cpm']);
    build(['cpm', 'dev']);
    expect(disagreements).toEqual([]);
    for (const topic of ['cpm/dev/SN0001/up/heartbeatx', 'cpm/dev//up/hello', 'cpm/devSN0001/up/hello'])
      expect(parseUpTopic(topic), topic).toBeNull();
    expect(seen.size).toBeGreaterThan(20_000);
  });
});

describe('user topics', () => {
  it('builds one topic per user and kind, and the filters over them', () => {
    expect(userTopic('u1', 'notice')).toBe('cpm/user/u1/notice');
    expect(userTopic('u1', 'device')).toBe('cpm/user/u1/device');
    expect(userTopic('u1', 'job')).toBe('cpm/user/u1/job');
    expect(userFilters.all('u1')).toBe('cpm/user/u1/#');
    expect(userFilters.everyone).toBe('cpm/user/#');
  });

  it('parses every kind it builds and nothing else', () => {
    for (const kind of USER_EVENT_KINDS)
      expect(parseUserTopic(userTopic('u-9', kind))).toEqual({ userId: 'u-9', kind });
    for (const topic of [
      'cpm/user/u1/other',
      'cpm/user/u1',
      'cpm/user/+/notice',
      'cpm/user//notice',
      'cpm/dev/u1/notice',
    ])
      expect(parseUserTopic(topic), topic).toBeNull();
  });

  it('describes the payloads the server sends', () => {
    expect(NoticeEventSchema.parse({ type: 'message', event: 'read', messageId: null })).toBeTruthy();
    expect(NoticeEventSchema.safeParse({ type: 'message', event: 'deleted', messageId: null }).success).toBe(
      false,
    );
    expect(
      FleetEventSchema.parse({
        type: 'terminals',
        more: false,
        changes: [{ sn: 'SN0001', kind: 'online', online: true }],
      }),
    ).toBeTruthy();
    expect(FleetEventSchema.safeParse({ type: 'terminals', changes: [] }).success).toBe(false);
  });
});

describe('system topics', () => {
  it('sit outside what terminals and console users own', () => {
    expect(systemTopics.terminalChanged.startsWith('cpm/sys/')).toBe(true);
    expect(parseTerminalTopic(systemTopics.terminalChanged)).toBeNull();
    expect(parseUserTopic(systemTopics.terminalChanged)).toBeNull();
    expect(TerminalChangedSchema.safeParse({ sns: [] }).success).toBe(false);
  });
});
