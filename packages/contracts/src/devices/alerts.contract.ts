import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { pageSchema } from '../pagination';
import { base, boolQuery, IdsBody, opt, PageOnly, TAG } from './devices.shared';

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

export const WARNING_KINDS = [
  'longOffline',
  'lowBattery',
  'peripheralFault',
  'fenceBreach',
  'fenceReturn',
] as const;
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

/** Peripheral faults terminals report. */
export const faultEndpoints = {
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
};

/** Warnings: long offline, low battery, peripheral fault. */
export const warningEndpoints = {
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
};
