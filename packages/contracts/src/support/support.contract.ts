import { healthEndpoints } from './health.contract';
import { inspectionsEndpoints } from './inspections.contract';
import { ordersEndpoints } from './orders.contract';

export * from './health.contract';
export * from './inspections.contract';
export * from './orders.contract';

/** Technical support: after-sales orders, inspection processes and records, peripheral health. */
export const supportEndpoints = { ...ordersEndpoints, ...inspectionsEndpoints, ...healthEndpoints };
