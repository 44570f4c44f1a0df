import { z } from 'zod';
import { SnSchema } from '../device-protocol/device-protocol';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import { base, boolQuery, name, opt, TAG, uuid } from './devices.shared';

/** Terminal life cycle (spec section 4); online and offline are tracked beside it. */
export const TERMINAL_STATUSES = ['warehoused', 'shipped', 'activated', 'loggedOff'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** Terminal password: 4-16 letters or digits. */
export const TERMINAL_PASSWORD_PATTERN = new RegExp(
  `^[A-Za-z0-9]{${LIMITS.terminalPasswordMin},${LIMITS.terminalPasswordMax}}$`,
);

/** MAC address, colon or dash separated; stored upper case with colons. */
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/;

/** Filters of the terminal list (also used by its export). */
export const TerminalFilterSchema = z.object({
  /** SN prefix, case-insensitive. */
  sn: opt(z.string().trim().max(64)),
  /** Part of the name. */
  name: opt(z.string().trim().max(LIMITS.nameMax)),
  status: opt(z.enum(TERMINAL_STATUSES)),
  online: opt(boolQuery),
  modelId: opt(uuid),
  groupId: opt(uuid),
  storeName: opt(z.string().trim().max(LIMITS.nameMax)),
  /** Enterprise account. */
  ownerId: opt(uuid),
  /** Only terminals offline for more than 72 hours. */
  longOffline: opt(boolQuery),
});
export type TerminalFilter = z.infer<typeof TerminalFilterSchema>;
export const TerminalPageQuerySchema = PageQuerySchema.extend(TerminalFilterSchema.shape);

/** One row of the terminal list. */
export const TerminalRowSchema = z.object({
  id: z.string(),
  sn: z.string(),
  name: z.string(),
  platform: z.string(),
  modelId: z.string().nullable(),
  modelName: z.string().nullable(),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  storeName: z.string(),
  mac: z.string().nullable(),
  status: z.enum(TERMINAL_STATUSES),
  online: z.boolean(),
  /** Last message from the terminal, ISO time. */
  lastSeenAt: z.string().nullable(),
  /** Offline for more than 72 hours (or never seen): highlighted everywhere. */
  longOffline: z.boolean(),
  battery: z.number().nullable(),
  ip: z.string().nullable(),
  osVersion: z.string().nullable(),
  agentVersion: z.string().nullable(),
  activationDate: z.string().nullable(),
  createdAt: z.string(),
});
export type TerminalRow = z.infer<typeof TerminalRowSchema>;

/** Everything the detail page shows about one terminal. */
export const TerminalDetailSchema = TerminalRowSchema.extend({
  productionDate: z.string().nullable(),
  shippingDate: z.string().nullable(),
  hardware: z.record(z.string(), z.unknown()),
  network: z.record(z.string(), z.unknown()),
  metrics: z.record(z.string(), z.unknown()),
  apps: z.array(z.record(z.string(), z.unknown())),
  /** The app market's name of each installed package it knows (among apps the caller may see), by package. */
  appNames: z.record(z.string(), z.string()),
  peripherals: z.array(z.record(z.string(), z.unknown())),
  firmwareVersion: z.string().nullable(),
  bootCount: z.number(),
  lastBootAt: z.string().nullable(),
  lastShutdownAt: z.string().nullable(),
  helloAt: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  locatedAt: z.string().nullable(),
  enrolled: z.boolean(),
  favorite: z.boolean(),
  /**
   * The payment-app lock a geofence put on the terminal: what the server asked (`locked`, by which
   * fence, since when) and what the terminal last reported holding. Null: never locked.
   */
  paymentLock: z
    .object({
      locked: z.boolean(),
      fence: z.string().nullable(),
      since: z.string(),
      /** True once the terminal reported the state asked for. */
      confirmed: z.boolean(),
      confirmedAt: z.string().nullable(),
    })
    .nullable(),
});
export type TerminalDetail = z.infer<typeof TerminalDetailSchema>;

/** Add or edit a terminal ("add device"); `id` set means edit. */
export const TerminalSaveSchema = z.strictObject({
  id: uuid.optional(),
  sn: SnSchema,
  name,
  platform: z.enum(['android', 'linux', 'windows']).default('android'),
  modelId: uuid,
  groupId: uuid,
  storeName: name,
  mac: z.string().trim().regex(MAC_PATTERN, bilingual('MAC 地址格式不正确', 'Not a valid MAC address')),
  /** Terminal password: 4-16 letters or digits; left empty on edit keeps the current one. */
  password: z
    .string()
    .regex(
      TERMINAL_PASSWORD_PATTERN,
      bilingual('终端密码须为 4-16 位字母或数字', 'The terminal password must be 4-16 letters or digits'),
    )
    .optional(),
  status: z.enum(TERMINAL_STATUSES).optional(),
  /** Enterprise account; defaults to the caller's own. */
  ownerId: uuid.optional(),
  productionDate: z.iso.date().optional(),
  shippingDate: z.iso.date().optional(),
});
export type TerminalSave = z.infer<typeof TerminalSaveSchema>;

export const SnListSchema = z.strictObject({ sns: z.array(SnSchema).min(1).max(1000) });

/** Status change or location fix in a terminal's history. */
export const TerminalHistorySchema = z.object({
  statuses: z.array(z.object({ at: z.string(), kind: z.string(), detail: z.string().nullable() })),
  locations: z.array(
    z.object({ at: z.string(), lat: z.number(), lng: z.number(), accuracy: z.number().nullable() }),
  ),
});

/** One line of an import report. */
export const ImportReportSchema = z.object({
  /** True when every row was written; false means nothing was written. */
  ok: z.boolean(),
  imported: z.number().int(),
  errors: z.array(
    z.object({ row: z.number().int(), field: z.string(), message: z.string(), messageEn: z.string() }),
  ),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** Terminals: list, detail, add and edit, delete, move, import and export, history and logs, enrollment key. */
export const terminalEndpoints = {
  terminalPage: defineEndpoint({
    method: 'GET',
    path: `${base}/terminal/getPage`,
    summary: 'Terminals matching the filter, a page at a time',
    tag: TAG,
    query: TerminalPageQuerySchema,
    result: pageSchema(TerminalRowSchema).extend({
      /** True when more rows match than are counted (10,000): `total` is then a lower bound. */
      totalCapped: z.boolean(),
    }),
    permission: 'device:terminal:view',
  }),
  terminalBySn: defineEndpoint({
    method: 'GET',
    path: `${base}/terminal/getBySn`,
    summary: 'One terminal with its hardware, network, apps and peripherals',
    tag: TAG,
    query: z.object({ sn: SnSchema }),
    result: TerminalDetailSchema,
    permission: 'device:detail:view',
  }),
  terminalSave: defineEndpoint({
    method: 'POST',
    path: `${base}/terminal/addOrUpdate`,
    summary: 'Add a terminal, or edit one when id is given',
    tag: TAG,
    body: TerminalSaveSchema,
    result: TerminalRowSchema,
    permission: 'device:terminal:add',
  }),
  terminalDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/terminal/delete`,
    summary: 'Delete terminals by SN',
    tag: TAG,
    body: SnListSchema,
    result: z.object({ deleted: z.number().int() }),
    permission: 'device:terminal:delete',
  }),
  terminalMove: defineEndpoint({
    method: 'POST',
    path: `${base}/terminal/move`,
    summary: 'Move terminals to another group',
    tag: TAG,
    body: SnListSchema.extend({ groupId: uuid }),
    result: z.object({ moved: z.number().int() }),
    permission: 'device:terminal:move',
  }),
  terminalExport: defineEndpoint({
    method: ['GET', 'POST'],
    path: `${base}/terminal/export`,
    rateLimit: 'jobs',
    summary: 'Excel file of the terminals matching the filter (streamed)',
    tag: TAG,
    query: TerminalFilterSchema,
    result: z.unknown(),
    permission: 'device:terminal:export',
    binary: true,
  }),
  terminalTemplate: defineEndpoint({
    method: 'GET',
    path: `${base}/terminal/template`,
    summary: 'Excel template for importing terminals',
    tag: TAG,
    result: z.unknown(),
    permission: 'device:terminal:import',
    binary: true,
  }),
  terminalImport: defineEndpoint({
    method: 'POST',
    path: `${base}/terminal/import`,
    summary: 'Import terminals from Excel: all rows or none, with a row-by-row report',
    tag: TAG,
    upload: true,
    rateLimit: 'files',
    result: ImportReportSchema,
    permission: 'device:terminal:import',
  }),
  terminalHistory: defineEndpoint({
    method: 'GET',
    path: `${base}/terminal/history`,
    summary: 'Status and location history of a terminal',
    tag: TAG,
    query: z.object({ sn: SnSchema }),
    result: TerminalHistorySchema,
    permission: 'device:detail:view',
  }),
  terminalRequestLog: defineEndpoint({
    method: 'POST',
    path: `${base}/terminal/requestLog`,
    summary: 'Ask a terminal to upload its log; it arrives on the detail page',
    tag: TAG,
    body: z.strictObject({ sn: SnSchema }),
    result: z.object({ requestId: z.string() }),
    permission: 'device:terminal:log',
  }),
  terminalLogs: defineEndpoint({
    method: 'GET',
    path: `${base}/terminal/logs`,
    summary: 'Logs a terminal uploaded on request, newest first',
    tag: TAG,
    query: z.object({ sn: SnSchema }),
    result: z.array(z.object({ requestId: z.string(), at: z.string(), text: z.string() })),
    permission: 'device:detail:view',
  }),
  enrollmentKey: defineEndpoint({
    method: 'POST',
    path: `${base}/terminal/rotateEnrollmentKey`,
    summary: "Issue a new enrollment key for the caller's enterprise (shown once)",
    tag: TAG,
    result: z.object({ enrollmentKey: z.string() }),
    permission: 'device:terminal:add',
  }),
  groupOptions: defineEndpoint({
    method: 'GET',
    path: `${base}/terminal/groupOptions`,
    summary: 'Terminal groups the caller may place terminals in, for pickers',
    tag: TAG,
    result: z.array(z.object({ id: z.string(), name: z.string(), number: z.string() })),
    permission: SIGNED_IN,
  }),
  ownerOptions: defineEndpoint({
    method: 'GET',
    path: `${base}/terminal/ownerOptions`,
    summary: 'Enterprise accounts the caller may see, for the enterprise filter',
    tag: TAG,
    result: z.array(z.object({ id: z.string(), name: z.string() })),
    permission: SIGNED_IN,
  }),
};
