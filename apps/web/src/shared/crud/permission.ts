import type { PermissionKey } from '@cpm/contracts';

/** A permission key of the kit's gates: the contracts' typed key union. */
export type PermissionKeyLike = PermissionKey;
