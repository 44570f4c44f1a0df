import type { PermissionKey } from '@cpm/contracts';
import type { ReactNode } from 'react';
import { usePermission } from './usePermission';

type AuthProps = {
  /** Permission key(s) of the menu tree; any one grants, and a misspelt key does not compile. */
  permission: PermissionKey | readonly PermissionKey[];
  children: ReactNode;
  /** Shown instead when refused; nothing by default, as the spec removes the element. */
  fallback?: ReactNode;
};

/** Renders its children only for users holding the permission. */
export const Auth = ({ permission, children, fallback = null }: AuthProps) => {
  const can = usePermission();
  return <>{can(permission) ? children : fallback}</>;
};
