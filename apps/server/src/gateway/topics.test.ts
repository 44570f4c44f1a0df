import { describe, expect, it } from 'vitest';
import { isValidFilter, isValidTopic, matchTopic } from './topics';

describe('matchTopic', () => {
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

describe('isValidFilter', () => {
  it.each([
    ['cpm/user/u1/#', true],
    ['+/+/#', true],
    ['#', true],
    ['cpm/#/x', false],
    ['cpm/u#', false],
    ['cpm/u+', false],
    ['', false],
    ['a\u0000b', false],
  ])('%s: %s', (filter, expected) => {
    expect(isValidFilter(filter)).toBe(expected);
  });
});

describe('isValidTopic', () => {
  it.each([
    ['cpm/dev/SN1/down/task', true],
    ['cpm/dev/+/down/task', false],
    ['cpm/#', false],
    ['', false],
  ])('%s: %s', (topic, expected) => {
    expect(isValidTopic(topic)).toBe(expected);
  });
});
