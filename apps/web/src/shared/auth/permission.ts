import type { PermissionKey } from '@cpm/contracts';

/**
 * The permission directive's rule (spec section 5): an element stays only when the user's stored
 * permission list holds its key; an empty or missing list removes every gated element.
 * With several keys, holding any one of them is enough.
 */
export const hasPermission = (
  granted: readonly string[] | null | undefined,
  required: PermissionKey | readonly PermissionKey[],
) => {
  if (!granted || granted.length === 0) return false;
  const needed = typeof required === 'string' ? [required] : required;
  if (needed.length === 0) return false;
  return needed.some((key) => granted.includes(key));
};
