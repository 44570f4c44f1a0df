import type { AuthContext } from '../plugins/auth-context';
import { AppError } from './app-error';

/** Refuses with 403 unless the caller holds the permission key (for endpoints whose key depends on the input). */
export const requirePermission = (auth: AuthContext, key: string) => {
  if (!auth.permissions.has(key)) throw new AppError('forbidden');
};

/** The add key when creating, the edit key when an id is given. */
export const requireAddOrEdit = (auth: AuthContext, resource: string, id: string | undefined) =>
  requirePermission(auth, `${resource}:${id ? 'edit' : 'add'}`);

/** Platform-wide configuration (menus, dictionaries, built-in roles) is changed by platform administrators only. */
export const requirePlatformScope = (auth: AuthContext) => {
  if (auth.dataScope !== 'all') throw new AppError('forbidden');
};
