import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';

/** A terminal group as the console sees it, with its children. */
export type GroupNode = {
  id: string;
  parentId: string | null;
  name: string;
  /** Store or branch number; unique per enterprise. */
  number: string;
  /** Dictionary `group_type` value. */
  type: string;
  areaCode: string | null;
  address: string | null;
  contact: string | null;
  phone: string | null;
  /** IANA time zone of the store; null inherits the nearest ancestor's. */
  timeZone: string | null;
  /** The enterprise account owning the group. */
  ownerId: string;
  sort: number;
  children: GroupNode[];
};

// The id names the recursive tree once in the API document instead of nesting it per endpoint.
export const GroupNodeSchema: z.ZodType<GroupNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      parentId: z.string().nullable(),
      name: z.string(),
      number: z.string(),
      type: z.string(),
      areaCode: z.string().nullable(),
      address: z.string().nullable(),
      contact: z.string().nullable(),
      phone: z.string().nullable(),
      timeZone: z.string().nullable(),
      ownerId: z.string(),
      sort: z.number().int(),
      children: z.array(GroupNodeSchema),
    }),
  )
  .meta({ id: 'GroupNode' });

/* @__NO_SIDE_EFFECTS__ */
const optionalText = (max: number) => z.string().trim().max(max).nullish();

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone this runtime knows; empty clears it (the group then inherits its parent's). */
export const GroupTimeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine((tz) => tz === '' || isTimeZone(tz), bilingual('未知的时区', 'Unknown time zone'))
  .nullish();

export const GroupSaveSchema = z.strictObject({
  /** Present when editing. */
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  number: z.string().trim().min(1).max(LIMITS.nameMax),
  type: z.string().trim().min(1).max(32).default('store'),
  /** Parent group; empty for a top-level group. */
  parentId: z.uuid().nullish(),
  areaCode: optionalText(32),
  address: optionalText(LIMITS.titleMax * 2),
  contact: optionalText(LIMITS.nameMax),
  phone: optionalText(32),
  timeZone: GroupTimeZoneSchema,
  sort: z.number().int().min(0).max(100000).default(0),
  /** Owning enterprise account (platform administrators only); defaults to the parent's owner or the caller. */
  ownerId: z.uuid().nullish(),
});
export type GroupSave = z.infer<typeof GroupSaveSchema>;

export const groupsEndpoints = {
  tree: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/equipment/getTree',
    summary: 'The terminal-group tree visible to the caller (optionally filtered by name or number)',
    tag: 'upms',
    permission: SIGNED_IN,
    query: z.object({ keyword: z.string().trim().max(LIMITS.nameMax).optional() }),
    result: z.array(GroupNodeSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/equipment/addOrUpdate',
    summary: 'Create a group, or edit it when id is given (needs user:group:add or user:group:edit)',
    tag: 'upms',
    permission: SIGNED_IN,
    body: GroupSaveSchema,
    result: z.object({ id: z.string() }),
  }),
  remove: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/upms/v1/upms/equipment/delete',
    summary: 'Delete a group that has no children, terminals or users scoped to it',
    tag: 'upms',
    permission: 'user:group:delete',
    query: z.object({ id: z.uuid() }),
    result: z.null(),
  }),
  move: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/equipment/move',
    summary: 'Move a group under another parent (or to the top level); never under its own descendant',
    tag: 'upms',
    permission: 'user:group:move',
    body: z.strictObject({ id: z.uuid(), parentId: z.uuid().nullable() }),
    result: z.null(),
  }),
};
