import type { PermissionKey } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';

/** The shared catalogue: models, peripherals and which peripherals a model expects. */
export type CatalogueArea = 'device:model' | 'device:peripheral' | 'device:modelPeripheral';

const CATALOGUE_AREAS: readonly CatalogueArea[] = [
  'device:model',
  'device:peripheral',
  'device:modelPeripheral',
];

/** The buttons that change the shared catalogue; only a platform-wide data scope may use them. */
export const CATALOGUE_CHANGES: ReadonlySet<string> = new Set(
  CATALOGUE_AREAS.flatMap((area) => ['add', 'edit', 'delete'].map((action) => `${area}:${action}`)),
);

/**
 * The permissions a caller can use: a role of an enterprise's scope may hold the catalogue's
 * change buttons (the starting enterprise role holds every page), but they would only be refused,
 * so the caller does not get them and the console does not show them.
 */
export const usablePermissions = (granted: Set<string>, dataScope: 'all' | 'tree'): Set<string> =>
  dataScope === 'all' ? granted : new Set([...granted].filter((p) => !CATALOGUE_CHANGES.has(p)));

/**
 * Models and peripherals are one list every enterprise's terminals point at, so they belong to the
 * platform: only a caller whose data scope is the whole platform may change them, whatever buttons a
 * role grants (an enterprise renaming a model would rename it on every other enterprise's terminals).
 * Adding, editing and deleting each need their own button; the endpoint itself checked `:add` or `:delete`.
 */
export const assertCatalogueChange = (
  auth: AuthContext,
  area: CatalogueArea,
  action: 'add' | 'edit' | 'delete',
) => {
  if (auth.dataScope !== 'all') throw new AppError('catalogueShared');
  if (!auth.permissions.has(`${area}:${action}` as PermissionKey)) throw new AppError('forbidden');
};
