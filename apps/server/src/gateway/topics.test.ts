import { describe, expect, it } from 'vitest';
import { isValidFilter, isValidTopic, matchTopic } from './topics';

describe('matchTopic', () => {
  it('answers as the level-by-level rule of the spec for every filter and topic of a few levels', () => {
    // The rule as the spec words it, on split levels: the reference the in-place walk must equal.
    const byLevels = (filter: string, topic: string) => {
      if (topic.startsWith('$') && (filter.startsWith('+') || filter.startsWith('#'))) return false;
      const f = filter.split('/');
      const t = topic.split('/');
      for (let i = 0; i < f.length; i++) {
        if (f[i] === '#') return true;
        if (i >= t.length) return false;
        if (f[i] !== '+' && f[i] !== t[i]) return false;
      }
      return f.length === t.length;
    };
    const levels = ['a', 'ab', '', '$SYS', '+', '#'];
    const strings: string[] = [];
    const grow = (prefix: string[]) => {
      strings.push(prefix.join('/'));
      if (prefix.length < 4) for (const l of levels) grow([...prefix, l]);
    };
    for (const l of levels) grow([l]);
    const filters = strings.filter(isValidFilter);
    const topics = strings.filter(isValidTopic);
    let compared = 0;
    for (const filter of filters)
      for (const topic of topics) {
        expect(matchTopic(filter, topic), `${filter} ${topic}`).toBe(byLevels(filter, topic));
        compared++;
      }
    expect(compared).toBeGreaterThan(100_000);
  });

  it.each([
    ['cpm/user/u1/#', 'cpm/user/u1/notice', true],
    ['cpm/user/u1/#', 'cpm/user/u1', true],
    ['cpm/user/u1/#', 'cpm/user/u2/notice', false],
    ['cpm/dev/+/up/heartbeat', 'cpm/dev/SN1/up/heartbeat', true],
    ['cpm/dev/+/up/heartbeat', 'cpm/dev/SN1/up/location', false],
    ['cpm/dev/+/up/+', 'cpm/dev/SN1/up', false],
    ['cpm/dev/+', 'cpm/dev/', true],
    ['#', 'anything/at/all', true],
    ['#', '$SYS/broker/uptime', false],
    ['+/broker/uptime', '$SYS/broker/uptime', false],
    ['$SYS/#', '$SYS/broker/uptime', true],
    ['a/b', 'a/b', true],
    ['a/b', 'a/b/c', false],
    ['a/b/c', 'a/b', false],
  ])('%s matches %s: %s', (filter, topic, expected) => {
    expect(matchTopic(filter, topic)).toBe(expected);
  });
});

describe.each([
  {
    name: 'isValidFilter',
    check: isValidFilter,
    cases: [
      ['cpm/user/u1/#', true],
      ['+/+/#', true],
      ['#', true],
      ['cpm/#/x', false],
      ['cpm/u#', false],
      ['cpm/u+', false],
      ['', false],
      ['a\u0000b', false],
    ],
  },
  {
    name: 'isValidTopic',
    check: isValidTopic,
    cases: [
      ['cpm/dev/SN1/down/task', true],
      ['cpm/dev/+/down/task', false],
      ['cpm/#', false],
      ['', false],
    ],
  },
] satisfies { name: string; check: (value: string) => boolean; cases: [string, boolean][] }[])(
  '$name',
  ({ check, cases }) => {
    it.each(cases)('%s: %s', (value, expected) => {
      expect(check(value)).toBe(expected);
    });
  },
);
