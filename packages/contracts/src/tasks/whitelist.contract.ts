import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { PageQuerySchema, pageSchema } from '../pagination';
import { TaskSnSchema } from './remote-tasks.contract';
import { TASK_LIMITS } from './task-types';

const TAG = 'task';
const base = '/task/v1/task/whitelist';
const uuid = z.uuid();

/** A named list of SNs a task can be narrowed to (targets.whitelistId). */
export const WhitelistRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** SNs on the list. */
  size: z.number().int(),
  /** Active tasks narrowed to it. */
  activeTasks: z.number().int(),
  ownerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WhitelistRow = z.infer<typeof WhitelistRowSchema>;

/** One SN on a whitelist, with the terminal when the caller can see it. */
export const WhitelistEntrySchema = z.object({
  sn: z.string(),
  /** Null when no terminal of the caller's scope has this SN (yet). */
  terminalName: z.string().nullable(),
  online: z.boolean().nullable(),
  addedAt: z.string(),
});
export type WhitelistEntry = z.infer<typeof WhitelistEntrySchema>;

/** Creates a list (no id) or renames one and adds SNs to it. */
export const WhitelistSaveSchema = z.strictObject({
  id: uuid.optional(),
  name: z.string().trim().min(1).max(TASK_LIMITS.nameMax),
  description: z.string().trim().max(500).default(''),
  /** SNs to add; those already on the list are kept once. */
  sns: z.array(TaskSnSchema).max(TASK_LIMITS.whitelistMax).default([]),
});
export type WhitelistSave = z.output<typeof WhitelistSaveSchema>;

export const whitelistEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/getPage`,
    summary: 'Whitelists in the caller scope, by name',
    tag: TAG,
    permission: 'task:whitelist:view',
    query: PageQuerySchema.extend({ name: z.string().trim().max(TASK_LIMITS.nameMax).optional() }),
    result: pageSchema(WhitelistRowSchema),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: `${base}/getList`,
    summary: 'Every whitelist in the caller scope, for the task form',
    tag: TAG,
    permission: 'task:create:view',
    result: z.array(WhitelistRowSchema),
  }),
  entries: defineEndpoint({
    method: 'GET',
    path: `${base}/entries`,
    summary: "A whitelist's SNs, by SN prefix, paged",
    tag: TAG,
    permission: 'task:whitelist:view',
    query: PageQuerySchema.extend({ id: uuid, sn: z.string().trim().max(64).optional() }),
    result: pageSchema(WhitelistEntrySchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${base}/addOrUpdate`,
    summary: 'Creates a whitelist or renames one, adding the given SNs',
    tag: TAG,
    permission: 'task:whitelist:add',
    body: WhitelistSaveSchema,
    result: WhitelistRowSchema,
    oplog: {
      objectType: 'taskWhitelist',
      action: { of: ({ body }) => (body.id ? 'whitelist.update' : 'whitelist.create') },
    },
  }),
  removeSns: defineEndpoint({
    method: 'POST',
    path: `${base}/removeSns`,
    summary: 'Takes SNs off a whitelist',
    tag: TAG,
    permission: 'task:whitelist:delete',
    body: z.strictObject({ id: uuid, sns: z.array(TaskSnSchema).min(1).max(TASK_LIMITS.whitelistMax) }),
    result: WhitelistRowSchema,
    oplog: { objectType: 'taskWhitelist', action: 'whitelist.removeSns' },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: `${base}/delete`,
    summary: 'Deletes a whitelist no active task uses',
    tag: TAG,
    permission: 'task:whitelist:delete',
    body: z.strictObject({ id: uuid }),
    result: z.null(),
    oplog: { objectType: 'taskWhitelist', action: 'whitelist.delete' },
  }),
};
