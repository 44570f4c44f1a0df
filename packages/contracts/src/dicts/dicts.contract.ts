import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';

export const DictItemSchema = z.object({
  id: z.string(),
  dictId: z.string(),
  /** Chinese label. */
  label: z.string(),
  /** English label. */
  englishName: z.string(),
  value: z.string(),
  sort: z.number().int(),
  /** Usable items appear in selects. */
  enabled: z.boolean(),
});
export type DictItem = z.infer<typeof DictItemSchema>;

export const DictRowSchema = z.object({
  id: z.string(),
  /** Stable code the console looks dictionaries up by (`terminal_status`). */
  code: z.string(),
  name: z.string(),
  englishName: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  itemCount: z.number().int(),
});
export type DictRow = z.infer<typeof DictRowSchema>;

export const DictSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z][a-z0-9_]*$/),
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  englishName: z.string().trim().min(1).max(LIMITS.nameMax),
  description: z.string().trim().max(LIMITS.textMax).nullish(),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(100000).default(0),
});

export const DictItemSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  dictId: z.uuid(),
  label: z.string().trim().min(1).max(LIMITS.nameMax),
  englishName: z.string().trim().min(1).max(LIMITS.nameMax),
  value: z.string().trim().min(1).max(64),
  sort: z.number().int().min(0).max(100000).default(0),
  enabled: z.boolean().default(true),
});

/** Every usable dictionary with its usable items, keyed by code: what the console's selects and tags read. */
export const DictBundleSchema = z.record(
  z.string(),
  z.array(z.object({ value: z.string(), label: z.string(), englishName: z.string() })),
);
export type DictBundle = z.infer<typeof DictBundleSchema>;

export const dictsEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/dicInfo/getPage',
    summary: 'Dictionaries, filtered by name or code, paged',
    tag: 'upms',
    permission: 'user:dict:view',
    query: PageQuerySchema.extend({ keyword: z.string().trim().max(LIMITS.nameMax).optional() }),
    result: pageSchema(DictRowSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/dicInfo/addOrUpdate',
    summary: 'Create a dictionary, or edit it when id is given (user:dict:add / user:dict:edit)',
    tag: 'upms',
    permission: SIGNED_IN,
    body: DictSaveSchema,
    result: z.object({ id: z.string() }),
  }),
  remove: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/upms/v1/upms/dicInfo/delete',
    summary: 'Delete a dictionary and its items',
    tag: 'upms',
    permission: 'user:dict:delete',
    query: z.object({ id: z.uuid() }),
    result: z.null(),
  }),
  items: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/dicItem/getList',
    summary: 'Items of one dictionary, sorted',
    tag: 'upms',
    permission: 'user:dict:view',
    query: z.object({ dictId: z.uuid() }),
    result: z.array(DictItemSchema),
  }),
  saveItem: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/dicItem/addOrUpdate',
    summary: 'Create a dictionary item, or edit it when id is given (user:dict:add / user:dict:edit)',
    tag: 'upms',
    permission: SIGNED_IN,
    body: DictItemSaveSchema,
    result: z.object({ id: z.string() }),
  }),
  removeItem: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/upms/v1/upms/dicItem/delete',
    summary: 'Delete a dictionary item',
    tag: 'upms',
    permission: 'user:dict:delete',
    query: z.object({ id: z.uuid() }),
    result: z.null(),
  }),
  bundle: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/dicInfo/getAll',
    summary: 'Every usable dictionary with its usable items, for selects and tags',
    tag: 'upms',
    permission: SIGNED_IN,
    result: DictBundleSchema,
  }),
};
