import { alertsEndpoints } from './alerts/alerts.contract';
import { appMarketEndpoints } from './appmarket/appmarket.contract';
import { auditStreamEndpoints } from './auditstream/auditstream.contract';
import { authEndpoints } from './auth/auth.contract';
import { factorsEndpoints } from './auth/factors.contract';
import { passkeysEndpoints } from './auth/passkeys.contract';
import { sessionsEndpoints } from './auth/sessions.contract';
import { ssoEndpoints } from './auth/sso.contract';
import { stepUpEndpoints } from './auth/stepup.contract';
import { blobEndpoints } from './blobs/blobs.contract';
import { datacenterEndpoints } from './datacenter/datacenter.contract';
import { agentEndpoints, brokerAuthEndpoints } from './device-protocol/agent.contract';
import { policyAgentEndpoints } from './device-protocol/policy-protocol';
import { taskAgentEndpoints } from './device-protocol/task-protocol';
import { devicesEndpoints } from './devices/devices.contract';
import { dictsEndpoints } from './dicts/dicts.contract';
import type { EndpointDef } from './endpoint';
import { fenceEndpoints } from './geo/fences.contract';
import { geoEndpoints } from './geo/geo.contract';
import { groupsEndpoints } from './groups/groups.contract';
import { exportsEndpoints } from './jobs/exports.contract';
import { jobsEndpoints } from './jobs/jobs.contract';
import { mediaEndpoints } from './media/media.contract';
import { messageEndpoints } from './messages/messages.contract';
import { policiesEndpoints } from './policies/policies.contract';
import { privatizationEndpoints } from './privatization/privatization.contract';
import { registryEndpoints } from './registry/registry.contract';
import { commandEndpoints } from './remote/commands.contract';
import { remoteEndpoints } from './remote/remote.contract';
import { reportsEndpoints } from './reports/reports.contract';
import { rolesEndpoints } from './roles/roles.contract';
import { serviceAccountsEndpoints } from './serviceaccounts/serviceaccounts.contract';
import { supportEndpoints } from './support/support.contract';
import { sysFileEndpoints } from './sysfiles/sysfiles.contract';
import { sysMenuEndpoints } from './sysmenu/sysmenu.contract';
import { systemEndpoints } from './system/system.contract';
import { remoteTaskEndpoints } from './tasks/remote-tasks.contract';
import { whitelistEndpoints } from './tasks/whitelist.contract';
import { usersEndpoints } from './users/users.contract';
import { webhooksEndpoints } from './webhooks/webhooks.contract';

/** Every endpoint of the API, grouped by domain. The server registers each of them. */
export const ENDPOINTS = {
  system: systemEndpoints,
  auth: authEndpoints,
  factors: factorsEndpoints,
  passkeys: passkeysEndpoints,
  sso: ssoEndpoints,
  stepUp: stepUpEndpoints,
  sessions: sessionsEndpoints,
  devices: devicesEndpoints,
  geo: geoEndpoints,
  fences: fenceEndpoints,
  agent: agentEndpoints,
  brokerAuth: brokerAuthEndpoints,
  groups: groupsEndpoints,
  users: usersEndpoints,
  roles: rolesEndpoints,
  sysMenu: sysMenuEndpoints,
  dicts: dictsEndpoints,
  privatization: privatizationEndpoints,
  sysFiles: sysFileEndpoints,
  media: mediaEndpoints,
  datacenter: datacenterEndpoints,
  registry: registryEndpoints,
  messages: messageEndpoints,
  jobs: jobsEndpoints,
  exports: exportsEndpoints,
  blobs: blobEndpoints,
  support: supportEndpoints,
  remote: remoteEndpoints,
  remoteCommands: commandEndpoints,
  appMarket: appMarketEndpoints,
  tasks: remoteTaskEndpoints,
  taskWhitelist: whitelistEndpoints,
  taskAgent: taskAgentEndpoints,
  serviceAccounts: serviceAccountsEndpoints,
  webhooks: webhooksEndpoints,
  alerts: alertsEndpoints,
  auditStream: auditStreamEndpoints,
  policies: policiesEndpoints,
  policyAgent: policyAgentEndpoints,
  reports: reportsEndpoints,
} satisfies Record<string, Record<string, EndpointDef>>;

/** All endpoint definitions as a flat list. */
export const allEndpoints = (): EndpointDef[] =>
  Object.values(ENDPOINTS).flatMap((group) => Object.values(group));
