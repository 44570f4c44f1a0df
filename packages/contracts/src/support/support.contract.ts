import { ordersEndpoints } from './orders.contract';

export * from './orders.contract';

/** Technical support: after-sales orders (inspections join here). */
export const supportEndpoints = { ...ordersEndpoints };
