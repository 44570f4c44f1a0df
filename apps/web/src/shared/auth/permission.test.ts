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
    expect(hasPermission(['a:b:c'], ['x:y:z', 'a:b:c'])).toBe(true);
    expect(hasPermission(['a:b:c'], [])).toBe(false);
  });
});
