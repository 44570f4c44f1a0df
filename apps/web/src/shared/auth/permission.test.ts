import { describe, expect, it } from 'vitest';
import { hasPermission } from './permission';

describe('hasPermission', () => {
  it('grants what the list holds', () => {
    expect(hasPermission(['device:terminal:add'], 'device:terminal:add')).toBe(true);
    expect(hasPermission(['device:terminal:add'], 'device:terminal:delete')).toBe(false);
  });

  it('removes everything when the list is empty or missing', () => {
    expect(hasPermission([], 'device:terminal:add')).toBe(false);
    expect(hasPermission(null, 'device:terminal:add')).toBe(false);
    expect(hasPermission(undefined, 'device:terminal:add')).toBe(false);
  });

  it('accepts any one of several keys, and never an empty requirement', () => {
    expect(hasPermission(['user:user:add'], ['user:user:edit', 'user:user:add'])).toBe(true);
    expect(hasPermission(['user:user:add'], [])).toBe(false);
  });

  it('takes only keys of the menu tree', () => {
    // @ts-expect-error: a misspelt key does not compile, so it cannot silently hide a button.
    expect(hasPermission(['device:terminal:add'], 'device:terminal:ad')).toBe(false);
  });
});
