import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { pageSchema } from '../pagination';
import { base, IdBody, name, opt, optionalText, PageOnly, TAG, uuid } from './devices.shared';

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

/** The peripheral catalogue. */
export const peripheralEndpoints = {
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
};
