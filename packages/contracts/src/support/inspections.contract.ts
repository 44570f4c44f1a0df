import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';

/** Where an inspection process stands (dictionary `inspection_process_status`). */
export const PROCESS_STATUSES = ['draft', 'active', 'inactive', 'deleted'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

/** Every state change of a process, listed once; the server applies each with a guarded update. */
export const PROCESS_TRANSITIONS = {
  publish: { from: ['draft'], to: 'active' },
  disable: { from: ['active'], to: 'inactive' },
  enable: { from: ['inactive'], to: 'active' },
  delete: { from: ['draft', 'inactive'], to: 'deleted' },
} as const satisfies Record<string, { from: readonly ProcessStatus[]; to: ProcessStatus }>;
export type ProcessAction = keyof typeof PROCESS_TRANSITIONS;
export const PROCESS_ACTIONS = Object.keys(PROCESS_TRANSITIONS) as [ProcessAction, ...ProcessAction[]];

/** The actions allowed from a state. */
export const processActionsFrom = (status: ProcessStatus): ProcessAction[] =>
  PROCESS_ACTIONS.filter((a) => (PROCESS_TRANSITIONS[a].from as readonly ProcessStatus[]).includes(status));

/** How a content item is checked: pass or fail, or a measured value within limits. */
export const CHECK_KINDS = ['passFail', 'value'] as const;

const name = z.string().trim().min(1).max(LIMITS.titleMax);

/** One content item of a standard (a checklist line). */
export const CheckItemSchema = z
  .strictObject({
    /** Stable within the process, so results name their item. */
    key: z.string().trim().min(1).max(32),
    content: name,
    kind: z.enum(CHECK_KINDS),
    min: z.number().nullish(),
    max: z.number().nullish(),
    unit: z.string().trim().max(16).nullish(),
    photoRequired: z.boolean().default(false),
  })
  .refine((v) => v.kind !== 'value' || v.min == null || v.max == null || v.min <= v.max, {
    ...bilingual('下限不能大于上限', 'The lower limit cannot be above the upper limit'),
    path: ['max'],
  });
export type CheckItem = z.infer<typeof CheckItemSchema>;

/** A standard: a named group of content items. */
export const StandardSchema = z.strictObject({
  name,
  items: z.array(CheckItemSchema).min(1).max(100),
});
export type Standard = z.infer<typeof StandardSchema>;

export const ProcessRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PROCESS_STATUSES),
  /** Current version number (1 for a process never edited after publishing). */
  version: z.number(),
  versionId: z.string(),
  standardCount: z.number(),
  itemCount: z.number(),
  ownerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProcessRow = z.infer<typeof ProcessRowSchema>;

/** One version of a process's checklist. */
export const ProcessVersionSchema = z.object({ id: z.string(), version: z.number(), createdAt: z.string() });

/** One step of a process's history: its creation, each edit and each state change. */
export const ProcessEventSchema = z.object({
  kind: z.string(),
  fromStatus: z.enum(PROCESS_STATUSES).nullable(),
  toStatus: z.enum(PROCESS_STATUSES).nullable(),
  version: z.number(),
  actorName: z.string(),
  at: z.string(),
});
export type ProcessEvent = z.infer<typeof ProcessEventSchema>;

export const ProcessDetailSchema = ProcessRowSchema.extend({
  standards: z.array(StandardSchema),
  actions: z.array(z.enum(PROCESS_ACTIONS)),
  /** Every version, newest first. */
  versions: z.array(ProcessVersionSchema),
  /** Oldest first. */
  history: z.array(ProcessEventSchema),
  /** Records filed against this process (any version). */
  recordCount: z.number(),
});
export type ProcessDetail = z.infer<typeof ProcessDetailSchema>;

const keysUnique = (standards: Standard[]) => {
  const keys = standards.flatMap((s) => s.items.map((i) => i.key));
  return new Set(keys).size === keys.length;
};

export const ProcessSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  name,
  description: z.string().trim().max(LIMITS.textMax).default(''),
  standards: z
    .array(StandardSchema)
    .min(1)
    .max(50)
    .refine(keysUnique, bilingual('检查项标识不能重复', 'Each content item needs its own key')),
});
export type ProcessSave = z.infer<typeof ProcessSaveSchema>;

/** The result of one content item in a record. */
export const ItemResultSchema = z.strictObject({
  key: z.string().trim().min(1).max(32),
  /** For pass/fail items. */
  passed: z.boolean().nullish(),
  /** For value items. */
  value: z.number().nullish(),
  note: z.string().trim().max(LIMITS.textMax).nullish(),
  /** Stored photos of kind `supportMedia`. */
  photoIds: z.array(z.uuid()).max(9).default([]),
});
export type ItemResult = z.infer<typeof ItemResultSchema>;

/** A result as stored: with the item it answered and whether it passed. */
export const CheckedItemSchema = ItemResultSchema.extend({
  standard: z.string(),
  content: z.string(),
  kind: z.enum(CHECK_KINDS),
  min: z.number().nullish(),
  max: z.number().nullish(),
  unit: z.string().nullish(),
  ok: z.boolean(),
});
export type CheckedItem = z.infer<typeof CheckedItemSchema>;

export const RecordSaveSchema = z.strictObject({
  processId: z.uuid(),
  storeName: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.nameMax * 2),
  contact: z.string().trim().min(1).max(LIMITS.nameMax),
  phone: z.string().trim().min(1).max(32),
  address: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.titleMax * 2),
  /** Visit time, ISO. */
  visitedAt: z.iso.datetime({ offset: true }),
  /** Where the inspector's browser placed the visit (WGS-84), when it could. */
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
  results: z.array(ItemResultSchema).min(1).max(500),
  /** The proposed inspection this visit answers; it is marked done with the record. */
  proposalId: z.uuid().optional(),
});
export type RecordSave = z.infer<typeof RecordSaveSchema>;

export const RecordRowSchema = z.object({
  id: z.string(),
  processId: z.string(),
  processName: z.string(),
  version: z.number(),
  storeName: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  inspectorName: z.string(),
  visitedAt: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  failedCount: z.number(),
  itemCount: z.number(),
  createdAt: z.string(),
});
export type RecordRow = z.infer<typeof RecordRowSchema>;

export const RecordDetailSchema = RecordRowSchema.extend({
  results: z.array(CheckedItemSchema),
  /** Orders opened from failed items, by item key. */
  orders: z.array(z.object({ key: z.string(), orderId: z.string(), number: z.string() })),
  /** A short-lived link to each photo of the record, by photo id. */
  photoUrls: z.record(z.string(), z.string()),
});
export type RecordDetail = z.infer<typeof RecordDetailSchema>;

export const ProcessFilterSchema = z.object({
  name: z.string().trim().max(LIMITS.nameMax).optional(),
  status: z.enum(PROCESS_STATUSES).optional(),
});
export const RecordFilterSchema = z.object({
  keyword: z.string().trim().max(LIMITS.nameMax).optional(),
  processId: z.uuid().optional(),
  failed: z.enum(['1']).optional(),
});
export type RecordFilter = z.infer<typeof RecordFilterSchema>;

const proc = '/support/v1/support/inspectionProcess';
const rec = '/support/v1/support/inspectionRecord';

/** Inspection processes (versioned checklists) and the records inspectors fill against them. */
export const inspectionsEndpoints = {
  processPage: defineEndpoint({
    method: 'GET',
    path: `${proc}/getPage`,
    summary: 'Inspection processes (deleted ones left out unless asked for), filtered and paged',
    tag: 'support',
    permission: 'support:process:view',
    query: PageQuerySchema.extend(ProcessFilterSchema.shape),
    result: pageSchema(ProcessRowSchema),
  }),
  processDetail: defineEndpoint({
    method: 'GET',
    path: `${proc}/getById`,
    summary: 'One process with the standards of its current version (or of a given version)',
    tag: 'support',
    permission: SIGNED_IN,
    query: z.object({ id: z.uuid(), versionId: z.uuid().optional() }),
    result: ProcessDetailSchema,
  }),
  processSave: defineEndpoint({
    method: 'POST',
    path: `${proc}/addOrUpdate`,
    summary:
      'Create a process as a draft, or edit one: a draft in place, an active or inactive one as a new version',
    tag: 'support',
    permission: SIGNED_IN,
    body: ProcessSaveSchema,
    result: z.object({ id: z.string(), version: z.number(), versionId: z.string() }),
  }),
  processTransition: defineEndpoint({
    method: 'POST',
    path: `${proc}/transition`,
    summary: 'Publish, disable, enable or delete a process',
    tag: 'support',
    permission: SIGNED_IN,
    body: z.strictObject({ id: z.uuid(), action: z.enum(PROCESS_ACTIONS) }),
    result: ProcessDetailSchema,
  }),
  recordPage: defineEndpoint({
    method: 'GET',
    path: `${rec}/getPage`,
    summary: 'Inspection records, filtered and paged',
    tag: 'support',
    permission: 'support:record:view',
    query: PageQuerySchema.extend(RecordFilterSchema.shape),
    result: pageSchema(RecordRowSchema),
  }),
  recordDetail: defineEndpoint({
    method: 'GET',
    path: `${rec}/getById`,
    summary: 'One record with each item checked against the version it was filled for',
    tag: 'support',
    permission: 'support:record:view',
    query: z.object({ id: z.uuid() }),
    result: RecordDetailSchema,
  }),
  recordSave: defineEndpoint({
    method: 'POST',
    path: `${rec}/add`,
    summary:
      'File a record against an active process; every item needs its result, and a photo where required',
    tag: 'support',
    permission: 'support:record:view',
    body: RecordSaveSchema,
    result: z.object({ id: z.string(), failedCount: z.number() }),
  }),
  recordOpenOrder: defineEndpoint({
    method: 'POST',
    path: `${rec}/openOrder`,
    summary: 'Open an after-sales order from a failed item of a record, with its photos',
    tag: 'support',
    permission: 'support:order:add',
    body: z.strictObject({
      id: z.uuid(),
      key: z.string().min(1).max(32),
      faultType: z.string().trim().min(1).max(32),
      /** As for opening an order: the same key again answers the order it opened. */
      requestKey: z.string().trim().min(8).max(64).optional(),
    }),
    result: z.object({ orderId: z.string(), number: z.string() }),
  }),
  recordExport: defineEndpoint({
    method: ['GET', 'POST'],
    path: `${rec}/export`,
    rateLimit: 'jobs',
    summary: 'The inspection records under the filter as an Excel file, with the failed items of each',
    tag: 'support',
    permission: 'support:record:export',
    query: RecordFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
};
