/** A permission key; becomes the contracts' typed key union in one place. */
export type PermissionKeyLike = string;
