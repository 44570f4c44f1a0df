import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from './endpoint';
import { isPermissionKey, PERMISSION_KEYS, type PermissionKey } from './menu-tree';

describe('PermissionKey', () => {
  it('is a union of literal keys, not a loose string', () => {
    expectTypeOf<'device:terminal:add'>().toMatchTypeOf<PermissionKey>();
    expectTypeOf<'user:review:audit'>().toMatchTypeOf<PermissionKey>();
    expectTypeOf<string>().not.toMatchTypeOf<PermissionKey>();
    // @ts-expect-error: a misspelt action is not a permission key.
    const misspelt: PermissionKey = 'device:terminal:ad';
    // @ts-expect-error: a page that does not exist has no keys.
    const unknownPage: PermissionKey = 'device:terminals:view';
    expect([misspelt, unknownPage].some(isPermissionKey)).toBe(false);
  });

  it('types the endpoint definition, so a misspelt key in a contract does not compile', () => {
    const ok = defineEndpoint({
      method: 'GET',
      path: '/x',
      summary: 'x',
      tag: 'x',
      result: z.null(),
      permission: 'user:review:audit',
    });
    const signedIn = defineEndpoint({ ...ok, permission: SIGNED_IN });
    defineEndpoint({
      ...ok,
      // @ts-expect-error: 'user:review:approve' is not a key of the menu tree.
      permission: 'user:review:approve',
    });
    expect([ok.permission, signedIn.permission]).toEqual(['user:review:audit', SIGNED_IN]);
  });

  it('lists the same keys at run time as the type names', () => {
    const keys: readonly PermissionKey[] = PERMISSION_KEYS;
    expect(keys).toContain('device:detail:view');
    expect(keys).toContain('file:file:upload');
    expect(new Set(keys).size).toBe(keys.length);
    expect(isPermissionKey('device:terminal:add')).toBe(true);
    expect(isPermissionKey('device:terminal:ad')).toBe(false);
  });
});
