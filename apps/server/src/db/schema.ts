export * from '../modules/alerts/alerts.table';
export * from '../modules/appmarket/appmarket.table';
export * from '../modules/auditstream/auditstream.table';
export * from '../modules/auth/auth.table';
export * from '../modules/blobs/blobs.table';
export * from '../modules/commands/commands.table';
export {
  ownerActivityBreakdownDaily,
  ownerActivityDaily,
  ownerRollupHourly,
  terminalRollupDaily,
  terminalRollupHourly,
} from '../modules/datacenter/datacenter.table';
export * from '../modules/devices/devices.table';
export * from '../modules/dicts/dicts.table';
export * from '../modules/geo/geo.table';
export * from '../modules/groups/groups.table';
export * from '../modules/identity/factors.table';
export * from '../modules/identity/passkeys.table';
export * from '../modules/identity/sso.table';
export * from '../modules/jobs/jobs.table';
export * from '../modules/keys/keys.table';
export * from '../modules/mail/mail.table';
export * from '../modules/media/media.table';
export * from '../modules/menus/menus.table';
export * from '../modules/messages/messages.table';
export * from '../modules/oplog/oplog.table';
export * from '../modules/policies/policies.table';
export * from '../modules/privatization/privatization.table';
export * from '../modules/registry/registry.table';
export * from '../modules/remote/remote.table';
export * from '../modules/reports/reports.table';
export * from '../modules/roles/roles.table';
export * from '../modules/serviceaccounts/serviceaccounts.table';
export * from '../modules/support/support.table';
export * from '../modules/sysfiles/sysfiles.table';
export * from '../modules/tasks/tasks.table';
export * from '../modules/users/users.table';
export * from '../modules/webhooks/webhooks.table';
