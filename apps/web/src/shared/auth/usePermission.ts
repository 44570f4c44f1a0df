import type { PermissionKey } from '@cpm/contracts';
import { useCallback } from 'react';
import { useSessionStore } from '../session/sessionStore';
import { hasPermission } from './permission';

/** `can(key)` for the signed-in user, by the spec's removal rule. */
export const usePermission = () => {
  const permissions = useSessionStore((s) => s.permissions);
  return useCallback(
    (required: PermissionKey | readonly PermissionKey[]) => hasPermission(permissions, required),
    [permissions],
  );
};
