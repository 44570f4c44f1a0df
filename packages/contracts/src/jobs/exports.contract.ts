import { z } from 'zod';
import { RunRecordFilterSchema } from '../datacenter/datacenter.contract';
import { TerminalFilterSchema } from '../devices/devices.contract';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { ComplianceFilterSchema } from '../policies/policies.contract';
import { RecordFilterSchema } from '../support/inspections.contract';
import { OrderFilterSchema } from '../support/orders.contract';
import { UserFilterSchema } from '../users/users.contract';

/**
 * Above this many matching rows an export runs as a background job into the file store; at or
 * below it the console downloads the list's own export endpoint directly.
 */
export const EXPORT_JOB_THRESHOLD = 5000;

/** Above this many rows an export is written as CSV (an XLSX of a million rows needs ~430 MB to write). */
export const EXPORT_CSV_THRESHOLD = 200_000;

/** How long an exported file stays downloadable. */
export const EXPORT_RETENTION_DAYS = 7;

/** The job kind of exports. */
export const EXPORT_JOB_KIND = 'export';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** Lists that can be exported as a job, each with its own list filter (the same as its page query). */
export const EXPORT_LISTS = [
  'terminals',
  'users',
  'runRecords',
  'supportOrders',
  'inspectionRecords',
  'policyCompliance',
] as const;
export const ExportListSchema = z.enum(EXPORT_LISTS);
export type ExportList = z.infer<typeof ExportListSchema>;

/** The permission each list's export needs (the same as its direct export endpoint). */
export const EXPORT_PERMISSIONS: Record<ExportList, string> = {
  terminals: 'device:terminal:export',
  users: 'user:user:export',
  runRecords: 'data:run:export',
  supportOrders: 'support:order:export',
  inspectionRecords: 'support:record:export',
  // Whoever reads a policy's compliance may take it away as a file (the view's own export).
  policyCompliance: 'device:policy:view',
};

/** `format` absent: XLSX up to EXPORT_CSV_THRESHOLD rows, CSV past it; `csv` forces a job. */
const format = ExportFormatSchema.optional();

export const StartExportBodySchema = z.discriminatedUnion('list', [
  z.strictObject({ list: z.literal('terminals'), filter: TerminalFilterSchema.default({}), format }),
  z.strictObject({ list: z.literal('users'), filter: UserFilterSchema.default({}), format }),
  z.strictObject({ list: z.literal('runRecords'), filter: RunRecordFilterSchema, format }),
  z.strictObject({ list: z.literal('supportOrders'), filter: OrderFilterSchema.default({}), format }),
  z.strictObject({ list: z.literal('inspectionRecords'), filter: RecordFilterSchema.default({}), format }),
  z.strictObject({ list: z.literal('policyCompliance'), filter: ComplianceFilterSchema, format }),
]);
export type StartExportBody = z.infer<typeof StartExportBodySchema>;

/**
 * `direct`: few enough rows; download the list's own export endpoint now. `job`: the export runs in
 * the background; follow it on the job topic or with `getById`; a bell notice brings the link.
 */
export const StartExportResultSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('direct'), total: z.number().int() }),
  z.object({ mode: z.literal('job'), total: z.number().int(), jobId: z.string() }),
]);
export type StartExportResult = z.infer<typeof StartExportResultSchema>;

/** The `result` of a finished export job. */
export const ExportResultSchema = z.object({
  fileName: z.string(),
  format: ExportFormatSchema,
  rows: z.number().int(),
  bytes: z.number().int(),
  /** Relative URL that downloads the file without a session header (it carries its own token). */
  downloadUrl: z.string(),
  expiresAt: z.string(),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;

/** Starting a large export and fetching its file. */
export const exportsEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/export/start',
    rateLimit: 'jobs',
    summary:
      "Export a list with the list's filter: answers `direct` for small sets, else starts a background job and answers its id",
    tag: 'upms',
    permission: SIGNED_IN,
    body: StartExportBodySchema,
    result: StartExportResultSchema,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/export/download',
    summary: "An export job's file; the link's token stands in for the session, until the file expires",
    tag: 'upms',
    public: true,
    query: z.object({ id: z.uuid(), token: z.string().min(16).max(128) }),
    result: z.unknown(),
    binary: true,
  }),
};
