import { describe, expect, it } from 'vitest';
import { isOwnUserFilter } from './broker-auth';

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
