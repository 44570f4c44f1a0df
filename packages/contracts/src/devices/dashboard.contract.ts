import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { WarningSchema } from './alerts.contract';
import { base, TAG } from './devices.shared';
import { TERMINAL_STATUSES } from './terminals.contract';

export const DashboardSchema = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  /** Offline for more than 72 hours. */
  longOffline: z.number().int(),
  activatedThisMonth: z.number().int(),
  byStatus: z.array(z.object({ status: z.enum(TERMINAL_STATUSES), count: z.number().int() })),
  byModel: z.array(z.object({ model: z.string(), count: z.number().int() })),
  /**
   * The online trend: for each of the 24 whole hours before the current one (`at` = the hour's start,
   * UTC), the average number of terminals online during it (their online seconds / 3600, rounded);
   * then the count online now, at the current time.
   */
  onlineTrend: z.array(z.object({ at: z.string(), online: z.number().int() })),
  latestWarnings: z.array(WarningSchema),
});

/** The dashboard. */
export const dashboardEndpoints = {
  dashboard: defineEndpoint({
    method: 'GET',
    path: `${base}/dashboard/overview`,
    summary: 'Fleet figures for the dashboard',
    tag: TAG,
    result: DashboardSchema,
    permission: 'dashboard:home:view',
  }),
};
