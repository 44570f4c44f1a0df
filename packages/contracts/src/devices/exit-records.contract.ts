import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { pageSchema } from '../pagination';
import { base, opt, PageOnly, TAG } from './devices.shared';
import { ImportReportSchema, TERMINAL_STATUSES } from './terminals.contract';

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

/** Factory exit records. */
export const exitRecordEndpoints = {
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
    rateLimit: 'files',
    result: ImportReportSchema,
    permission: 'device:exit:import',
  }),
};
