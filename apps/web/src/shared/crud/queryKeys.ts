import { ALERT_RULES_QUERY_KEY, ALERTS_QUERY_KEY, FLEET_QUERY_ROOT } from '../live/useLiveEvents';

/**
 * Query keys of every console domain, in one place. Fleet lists sit under the fleet root so live
 * terminal events refresh them (alerts also on alert events); invalidating a domain's `all` refreshes every list and detail of it.
 */
export const queryKeys = {
  users: { all: ['users'] as const },
  roles: { all: ['roles'] as const },
  groups: { all: ['group-tree'] as const },
  menus: { all: ['menus'] as const },
  dicts: { all: ['dicts'] as const, items: ['dicts', 'items'] as const, bundle: ['dict-bundle'] as const },
  privateDeployments: { all: ['private-deployments'] as const },
  serviceAccounts: { all: ['service-accounts'] as const },
  operationLog: { all: ['operation-log'] as const },
  webhooks: { all: ['webhooks'] as const },
  sso: { all: ['sso-providers'] as const },
  review: { all: ['review'] as const },
  fleet: { all: [FLEET_QUERY_ROOT] as const },
  models: { all: [FLEET_QUERY_ROOT, 'models'] as const },
  peripherals: { all: [FLEET_QUERY_ROOT, 'peripherals'] as const },
  modelPeripherals: { all: [FLEET_QUERY_ROOT, 'model-peripherals'] as const },
  faults: { all: [FLEET_QUERY_ROOT, 'faults'] as const },
  warnings: { all: [FLEET_QUERY_ROOT, 'warnings'] as const },
  policies: { all: [FLEET_QUERY_ROOT, 'policies'] as const },
  alerts: { all: ALERTS_QUERY_KEY },
  alertRules: { all: ALERT_RULES_QUERY_KEY },
  reports: { all: ['reports'] as const },
  jobs: { all: ['jobs'] as const },
  sysFiles: { all: ['sys-files'] as const },
  supportOrders: { all: ['support-orders'] as const },
  remoteSessions: { all: ['remote-sessions'] as const },
  appMarket: { all: ['app-market'] as const },
  tasks: { all: ['tasks'] as const },
  taskWhitelists: { all: ['task-whitelists'] as const },
} as const;

export type DomainKey = readonly unknown[];
