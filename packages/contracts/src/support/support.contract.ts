import { inspectionsEndpoints } from './inspections.contract';
import { ordersEndpoints } from './orders.contract';

export * from './inspections.contract';
export * from './orders.contract';

/** Technical support: after-sales orders, inspection processes and inspection records. */
export const supportEndpoints = { ...ordersEndpoints, ...inspectionsEndpoints };
