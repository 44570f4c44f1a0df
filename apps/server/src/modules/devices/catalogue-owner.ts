import type { PermissionKey } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';

/** The shared catalogue: models, peripherals and which peripherals a model expects. */
type CatalogueArea = 'device:model' | 'device:peripheral' | 'device:modelPeripheral';

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
