import { z } from 'zod';
import { SnSchema } from '../device-protocol/device-protocol';
import { defineEndpoint } from '../endpoint';
import { bilingual } from '../issue-text';
import { PageQuerySchema, pageSchema } from '../pagination';

/** Longest date range the data centre reads at once, days (the hourly rollups are kept 90 days). */
export const DATA_RANGE_MAX_DAYS = 92;

const DAY_MS = 86_400_000;
const DateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, bilingual('日期格式应为 YYYY-MM-DD', 'Dates are written YYYY-MM-DD'))
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), bilingual('日期无效', 'Not a valid date'));

/** An inclusive range of days (UTC dates): the start not after the end, at most DATA_RANGE_MAX_DAYS long. */
export const DateRangeSchema = z.object({
  /** First day, YYYY-MM-DD. */
  startDate: DateSchema,
  /** Last day, YYYY-MM-DD (inclusive). */
  endDate: DateSchema,
});

/** Days in an inclusive range. */
export const daysInRange = (r: { startDate: string; endDate: string }) =>
  Math.round((Date.parse(`${r.endDate}T00:00:00Z`) - Date.parse(`${r.startDate}T00:00:00Z`)) / DAY_MS) + 1;

const checkRange = (r: { startDate: string; endDate: string }, ctx: z.RefinementCtx) => {
  const days = daysInRange(r);
  if (Number.isNaN(days)) return;
  if (days < 1)
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      ...bilingual('结束日期不能早于开始日期', 'The end date must not be before the start date'),
    });
  else if (days > DATA_RANGE_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      ...bilingual(
        `日期范围不能超过 ${DATA_RANGE_MAX_DAYS} 天`,
        `The date range must not be longer than ${DATA_RANGE_MAX_DAYS} days`,
      ),
    });
};

export const RUN_RECORD_SORTS = [
  'day',
  'sn',
  'onlineSec',
  'runtimeSec',
  'boots',
  'shutdowns',
  'mobileBytes',
  'wifiBytes',
  'batteryMin',
] as const;

/** Run-record filters: a date range and the terminal's SN (prefix), group, model and enterprise (owner). */
export const RunRecordFilterSchema = DateRangeSchema.extend({
  sn: z.string().trim().max(64).optional(),
  groupId: z.uuid().optional(),
  modelId: z.uuid().optional(),
  /** Enterprise: the owning account, with the accounts below it. */
  ownerId: z.uuid().optional(),
  sortField: z.enum(RUN_RECORD_SORTS).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
}).superRefine(checkRange);
export type RunRecordFilter = z.infer<typeof RunRecordFilterSchema>;

/** One terminal's day. */
export const RunRecordRowSchema = z.object({
  terminalId: z.string(),
  sn: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
  modelName: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** UTC date, YYYY-MM-DD. */
  day: z.string(),
  firstBootAt: z.string().nullable(),
  lastShutdownAt: z.string().nullable(),
  boots: z.number().int(),
  shutdowns: z.number().int(),
  /** Time the terminal was running: its online time (a powered-off terminal sends nothing), seconds. */
  runtimeSec: z.number().int(),
  /** Time connected to the server, seconds. */
  onlineSec: z.number().int(),
  mobileBytes: z.number(),
  wifiBytes: z.number(),
  batteryMin: z.number().int().nullable(),
});
export type RunRecordRow = z.infer<typeof RunRecordRowSchema>;

/** The detail query: one terminal over a range. */
export const RunDetailQuerySchema = DateRangeSchema.extend({ sn: SnSchema }).superRefine(checkRange);

const SeriesPointSchema = z.object({
  /** Start of the period: a day (YYYY-MM-DD) or an hour (ISO time). */
  at: z.string(),
  onlineSec: z.number().int(),
  runtimeSec: z.number().int(),
  mobileBytes: z.number(),
  wifiBytes: z.number(),
  batteryMin: z.number().int().nullable(),
  memoryFreeMinMb: z.number().int().nullable(),
  storageFreeMinMb: z.number().int().nullable(),
  boots: z.number().int(),
  shutdowns: z.number().int(),
});
export type SeriesPoint = z.infer<typeof SeriesPointSchema>;

export const RunDetailSchema = z.object({
  terminal: z.object({
    sn: z.string(),
    name: z.string(),
    online: z.boolean(),
    lastSeenAt: z.string().nullable(),
    modelName: z.string().nullable(),
    groupName: z.string().nullable(),
  }),
  /** `hour` for ranges up to 7 days, `day` beyond. */
  granularity: z.enum(['hour', 'day']),
  series: z.array(SeriesPointSchema),
  totals: z.object({
    onlineSec: z.number().int(),
    runtimeSec: z.number().int(),
    mobileBytes: z.number(),
    wifiBytes: z.number(),
    boots: z.number().int(),
    shutdowns: z.number().int(),
  }),
  /** The range's events, newest first (at most 500). */
  events: z.array(z.object({ kind: z.string(), detail: z.string().nullable(), at: z.string() })),
});
export type RunDetail = z.infer<typeof RunDetailSchema>;

/** Fleet activity filters. */
export const MonitorQuerySchema = DateRangeSchema.extend({
  groupId: z.uuid().optional(),
  modelId: z.uuid().optional(),
}).superRefine(checkRange);
export type MonitorQuery = z.infer<typeof MonitorQuerySchema>;

const CountSchema = z.object({
  /** The model or group id, or the version itself; null for terminals without one. */
  key: z.string().nullable(),
  /** The model's or group's name, or the version. */
  label: z.string().nullable(),
  /** Terminal-days online: each terminal counts once for every day of the range it was online. */
  count: z.number().int(),
});

export const MonitorOverviewSchema = z.object({
  /**
   * Per day: terminals online at all, terminals active (online an hour or more), new activations. A
   * terminal counts for the account that owned it that day; with a group or model filter, for its owner now.
   */
  days: z.array(
    z.object({
      day: z.string(),
      online: z.number().int(),
      active: z.number().int(),
      activated: z.number().int(),
    }),
  ),
  /**
   * Terminal-days online in the range (a terminal online on three days counts three) by model, group,
   * OS version and app (agent) version, the 20 largest of each, largest first. A terminal counts under
   * the values it had when it first came online that day; with a group or model filter, under those it
   * has now.
   */
  byModel: z.array(CountSchema),
  byGroup: z.array(CountSchema),
  byOsVersion: z.array(CountSchema),
  byAppVersion: z.array(CountSchema),
  /** Terminals online per weekday (0 Sunday) and hour of day (UTC), summed over the range. */
  heatmap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number().int() })),
  /** Terminals offline longest (never seen last). */
  offlineLongest: z.array(
    z.object({
      sn: z.string(),
      name: z.string(),
      lastSeenAt: z.string().nullable(),
      ownerName: z.string().nullable(),
    }),
  ),
});
export type MonitorOverview = z.infer<typeof MonitorOverviewSchema>;

export const datacenterEndpoints = {
  runRecords: defineEndpoint({
    method: 'GET',
    path: '/device/v1/dataCenter/runRecord/getPage',
    summary: 'Run records: one row per terminal and day, filtered, sorted and paged',
    tag: 'device',
    permission: 'data:run:view',
    query: PageQuerySchema.extend(RunRecordFilterSchema.shape).superRefine(checkRange),
    result: pageSchema(RunRecordRowSchema),
  }),
  exportRunRecords: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/device/v1/dataCenter/runRecord/export',
    rateLimit: 'jobs',
    summary: 'The filtered run records as an Excel file',
    tag: 'device',
    permission: 'data:run:export',
    query: RunRecordFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
  runDetail: defineEndpoint({
    method: 'GET',
    path: '/device/v1/dataCenter/runRecord/detail',
    summary: "One terminal's activity over a range: series for the charts, totals and events",
    tag: 'device',
    permission: 'data:runDetail:view',
    query: RunDetailQuerySchema,
    result: RunDetailSchema,
  }),
  monitor: defineEndpoint({
    method: 'GET',
    path: '/device/v1/dataCenter/monitor/overview',
    summary:
      'Fleet activity over a range: daily counts, breakdowns, hour-by-weekday heat map, longest offline',
    tag: 'device',
    permission: 'data:monitor:view',
    query: MonitorQuerySchema,
    result: MonitorOverviewSchema,
  }),
};
