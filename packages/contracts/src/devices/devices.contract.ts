import { z } from 'zod';
import { SnSchema } from '../device-protocol/device-protocol';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';

/** Terminal life cycle (spec section 4); online and offline are tracked beside it. */
export const TERMINAL_STATUSES = ['warehoused', 'shipped', 'activated', 'loggedOff'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** Terminal password: 4-16 letters or digits. */
export const TERMINAL_PASSWORD_PATTERN = new RegExp(
  `^[A-Za-z0-9]{${LIMITS.terminalPasswordMin},${LIMITS.terminalPasswordMax}}$`,
);

/** MAC address, colon or dash separated; stored upper case with colons. */
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/;

const name = z.string().trim().min(1).max(LIMITS.nameMax);
const optionalText = z.string().trim().max(LIMITS.textMax).optional();
const uuid = z.uuid();
const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
/** Empty query values (a cleared filter) count as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

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

const SnListSchema = z.strictObject({ sns: z.array(SnSchema).min(1).max(1000) });

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

export const ModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** 1 enabled, 0 disabled. */
  state: z.number().int(),
  terminalCount: z.number().int(),
  createdAt: z.string(),
});
export const ModelSaveSchema = z.strictObject({
  id: uuid.optional(),
  name,
  description: optionalText,
  state: z.union([z.literal(0), z.literal(1)]).default(1),
});

export const PeripheralSchema = z.object({
  id: z.string(),
  kind: z.enum(['serial', 'usb']),
  pid: z.string().nullable(),
  vid: z.string().nullable(),
  name: z.string(),
  manufacturer: z.string().nullable(),
  brand: z.string().nullable(),
  identifier: z.string().nullable(),
  baudRate: z.number().int().nullable(),
  authCode: z.string().nullable(),
  createdAt: z.string(),
});
const hex4 = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{1,4}$/, bilingual('须为 1-4 位十六进制数', 'Must be 1-4 hexadecimal digits'));
export const PeripheralSaveSchema = z.strictObject({
  id: uuid.optional(),
  kind: z.enum(['serial', 'usb']),
  pid: hex4.optional(),
  vid: hex4.optional(),
  name,
  manufacturer: optionalText,
  brand: optionalText,
  identifier: optionalText,
  baudRate: z.number().int().min(300).max(4_000_000).optional(),
  authCode: optionalText,
});

export const ModelPeripheralSchema = z.object({
  id: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  peripheralId: z.string(),
  peripheralName: z.string(),
  required: z.boolean(),
});
export const ModelPeripheralSaveSchema = z.strictObject({
  id: uuid.optional(),
  modelId: uuid,
  peripheralId: uuid,
  /** A required peripheral that is missing or faulty raises a warning. */
  required: z.boolean().default(true),
});

export const PeripheralFaultSchema = z.object({
  id: z.string(),
  sn: z.string(),
  terminalName: z.string(),
  peripheralName: z.string(),
  kind: z.string().nullable(),
  detail: z.string().nullable(),
  at: z.string(),
  handled: z.boolean(),
});

export const WARNING_KINDS = ['longOffline', 'lowBattery', 'peripheralFault'] as const;
export const WarningSchema = z.object({
  id: z.string(),
  sn: z.string(),
  terminalName: z.string(),
  kind: z.enum(WARNING_KINDS),
  detail: z.string().nullable(),
  at: z.string(),
  /** Accounts told about it. */
  alerted: z.array(z.string()),
  handled: z.boolean(),
});

export const EXIT_STATUSES = ['warehoused', 'shipped'] as const;
export const ExitRecordSchema = z.object({
  id: z.string(),
  sn: z.string(),
  modelName: z.string().nullable(),
  status: z.enum(TERMINAL_STATUSES),
  ownerName: z.string().nullable(),
  productionDate: z.string().nullable(),
  shippingDate: z.string().nullable(),
  createdAt: z.string(),
});

/** Fleet figures for the dashboard. */
export const DashboardSchema = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  /** Offline for more than 72 hours. */
  longOffline: z.number().int(),
  activatedThisMonth: z.number().int(),
  byStatus: z.array(z.object({ status: z.enum(TERMINAL_STATUSES), count: z.number().int() })),
  byModel: z.array(z.object({ model: z.string(), count: z.number().int() })),
  /** Online count per hour over the last 24 hours. */
  onlineTrend: z.array(z.object({ at: z.string(), online: z.number().int() })),
  latestWarnings: z.array(WarningSchema),
});

const PageOnly = PageQuerySchema;
const IdBody = z.strictObject({ id: uuid });
const IdsBody = z.strictObject({ ids: z.array(uuid).min(1).max(1000) });

const TAG = 'device';
const base = '/device/v1/device';

/** Terminals, models, peripherals, factory records, warnings and the dashboard. */
export const devicesEndpoints = {
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
  modelPage: defineEndpoint({
    method: 'GET',
    path: `${base}/model/getPage`,
    summary: 'Terminal models',
    tag: TAG,
    query: PageOnly.extend({ name: opt(z.string().max(LIMITS.nameMax)) }),
    result: pageSchema(ModelSchema),
    permission: 'device:model:view',
  }),
  modelList: defineEndpoint({
    method: 'GET',
    path: `${base}/model/getList`,
    summary: 'Every enabled model, for pickers',
    tag: TAG,
    result: z.array(z.object({ id: z.string(), name: z.string() })),
    permission: SIGNED_IN,
  }),
  modelSave: defineEndpoint({
    method: 'POST',
    path: `${base}/model/addOrUpdate`,
    summary: 'Add or edit a model',
    tag: TAG,
    body: ModelSaveSchema,
    result: ModelSchema,
    permission: 'device:model:add',
  }),
  modelDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/model/delete`,
    summary: 'Delete a model no terminal uses',
    tag: TAG,
    body: IdBody,
    result: z.null(),
    permission: 'device:model:delete',
  }),
  peripheralPage: defineEndpoint({
    method: 'GET',
    path: `${base}/peripheral/getPage`,
    summary: 'Peripheral catalogue',
    tag: TAG,
    query: PageOnly.extend({
      name: opt(z.string().max(LIMITS.nameMax)),
      kind: opt(z.enum(['serial', 'usb'])),
    }),
    result: pageSchema(PeripheralSchema),
    permission: 'device:peripheral:view',
  }),
  peripheralList: defineEndpoint({
    method: 'GET',
    path: `${base}/peripheral/getList`,
    summary: 'Every peripheral, for pickers',
    tag: TAG,
    result: z.array(z.object({ id: z.string(), name: z.string() })),
    permission: SIGNED_IN,
  }),
  peripheralSave: defineEndpoint({
    method: 'POST',
    path: `${base}/peripheral/addOrUpdate`,
    summary: 'Add or edit a peripheral',
    tag: TAG,
    body: PeripheralSaveSchema,
    result: PeripheralSchema,
    permission: 'device:peripheral:add',
  }),
  peripheralDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/peripheral/delete`,
    summary: 'Delete a peripheral',
    tag: TAG,
    body: IdBody,
    result: z.null(),
    permission: 'device:peripheral:delete',
  }),
  modelPeripheralPage: defineEndpoint({
    method: 'GET',
    path: `${base}/modelPeripheral/getPage`,
    summary: 'Peripherals expected on each model',
    tag: TAG,
    query: PageOnly.extend({ modelId: opt(uuid) }),
    result: pageSchema(ModelPeripheralSchema),
    permission: 'device:modelPeripheral:view',
  }),
  modelPeripheralSave: defineEndpoint({
    method: 'POST',
    path: `${base}/modelPeripheral/addOrUpdate`,
    summary: 'Expect a peripheral on a model',
    tag: TAG,
    body: ModelPeripheralSaveSchema,
    result: ModelPeripheralSchema,
    permission: 'device:modelPeripheral:add',
  }),
  modelPeripheralDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/modelPeripheral/delete`,
    summary: 'Stop expecting a peripheral on a model',
    tag: TAG,
    body: IdBody,
    result: z.null(),
    permission: 'device:modelPeripheral:delete',
  }),
  peripheralFaultPage: defineEndpoint({
    method: 'GET',
    path: `${base}/peripheralFault/getPage`,
    summary: 'Peripheral faults reported by terminals',
    tag: TAG,
    query: PageOnly.extend({ sn: opt(z.string().max(64)), handled: opt(boolQuery) }),
    result: pageSchema(PeripheralFaultSchema),
    permission: 'device:peripheralFault:view',
  }),
  peripheralFaultHandle: defineEndpoint({
    method: 'POST',
    path: `${base}/peripheralFault/handle`,
    summary: 'Mark peripheral faults handled',
    tag: TAG,
    body: IdsBody,
    result: z.object({ handled: z.number().int() }),
    permission: 'device:peripheralFault:handle',
  }),
  favoritePage: defineEndpoint({
    method: 'GET',
    path: `${base}/favorite/getPage`,
    summary: "The caller's favourite terminals",
    tag: TAG,
    query: PageOnly,
    result: pageSchema(TerminalRowSchema),
    permission: 'device:favorite:view',
  }),
  favoriteToggle: defineEndpoint({
    method: 'POST',
    path: `${base}/favorite/toggle`,
    summary: 'Add terminals to or remove them from favourites',
    tag: TAG,
    body: SnListSchema.extend({ favorite: z.boolean() }),
    result: z.object({ changed: z.number().int() }),
    permission: 'device:favorite:favorite',
  }),
  exitRecordPage: defineEndpoint({
    method: 'GET',
    path: `${base}/exitRecord/getPage`,
    summary: 'Factory exit records (terminals warehoused or shipped, not yet activated)',
    tag: TAG,
    query: PageOnly.extend({ sn: opt(z.string().max(64)), status: opt(z.enum(TERMINAL_STATUSES)) }),
    result: pageSchema(ExitRecordSchema),
    permission: 'device:exit:view',
  }),
  exitRecordTemplate: defineEndpoint({
    method: 'GET',
    path: `${base}/exitRecord/template`,
    summary: 'Excel template for factory exit records',
    tag: TAG,
    result: z.unknown(),
    permission: 'device:exit:import',
    binary: true,
  }),
  exitRecordImport: defineEndpoint({
    method: 'POST',
    path: `${base}/exitRecord/import`,
    summary: 'Import SN lists: creates warehoused or shipped terminals, all rows or none',
    tag: TAG,
    upload: true,
    result: ImportReportSchema,
    permission: 'device:exit:import',
  }),
  warningPage: defineEndpoint({
    method: 'GET',
    path: `${base}/warning/getPage`,
    summary: 'Early warnings: offline too long, low battery, abnormal peripherals',
    tag: TAG,
    query: PageOnly.extend({ kind: opt(z.enum(WARNING_KINDS)), handled: opt(boolQuery) }),
    result: pageSchema(WarningSchema),
    permission: 'device:warning:view',
  }),
  warningHandle: defineEndpoint({
    method: 'POST',
    path: `${base}/warning/handle`,
    summary: 'Mark warnings handled',
    tag: TAG,
    body: IdsBody,
    result: z.object({ handled: z.number().int() }),
    permission: 'device:warning:handle',
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: `${base}/dashboard/overview`,
    summary: 'Fleet figures for the dashboard',
    tag: TAG,
    result: DashboardSchema,
    permission: 'dashboard:home:view',
  }),
};
