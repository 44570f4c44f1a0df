export * from '../modules/auth/auth.table';
export * from '../modules/devices/devices.table';
export * from '../modules/groups/groups.table';
export * from '../modules/menus/menus.table';
export * from '../modules/roles/roles.table';
export * from '../modules/users/users.table';
