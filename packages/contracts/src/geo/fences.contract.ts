import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';

const TAG = 'device';
const base = '/device/v1/device';

/** Rules of geofences, shared by the form and the server. */
export const FENCE_LIMITS = {
  minRadiusM: 10,
  maxRadiusM: 50_000,
  maxPoints: 200,
  maxTargets: 1000,
  /** Fixes less accurate than this (metres) do not count for fences. */
  maxAccuracyM: 200,
  /** A fix within this many metres of the edge (or its accuracy, if larger) decides nothing. */
  marginM: 25,
  /** Fixes in a row that must agree before a terminal counts as out (or back). */
  confirmFixes: 2,
  /** Sides of the polygon a circle is stored as. */
  circleSides: 64,
} as const;

export const FENCE_RULES = ['inside', 'outside'] as const;
export const FENCE_SHAPES = ['polygon', 'circle'] as const;

const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);
const minuteOfDay = z.number().int().min(0).max(1439);

/** A geofence as saved by the form. */
export const FenceSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  shape: z.enum(FENCE_SHAPES),
  /** Corners `[lng, lat]` of a polygon, not repeating the first. */
  points: z
    .array(z.tuple([lng, lat]))
    .max(FENCE_LIMITS.maxPoints)
    .default([]),
  center: z.object({ lat, lng }).nullable().default(null),
  radiusM: z.number().nullable().default(null),
  rule: z.enum(FENCE_RULES),
  /** Active hours, minutes of the day in the caller's time zone; both null: always. */
  activeFrom: minuteOfDay.nullable().default(null),
  activeTo: minuteOfDay.nullable().default(null),
  enabled: z.boolean().default(true),
  /** Lock the payment app of a terminal while it breaks the rule; unlocked when it complies again. */
  lockPayment: z.boolean().default(false),
  groupIds: z.array(z.uuid()).max(FENCE_LIMITS.maxTargets).default([]),
  terminalSns: z.array(z.string().trim().min(1).max(64)).max(FENCE_LIMITS.maxTargets).default([]),
});
export type FenceSave = z.infer<typeof FenceSaveSchema>;

export const FenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  shape: z.enum(FENCE_SHAPES),
  points: z.array(z.tuple([z.number(), z.number()])),
  center: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  radiusM: z.number().nullable(),
  rule: z.enum(FENCE_RULES),
  activeFrom: z.number().nullable(),
  activeTo: z.number().nullable(),
  timezone: z.string(),
  enabled: z.boolean(),
  lockPayment: z.boolean(),
  groupIds: z.array(z.string()),
  terminalSns: z.array(z.string()),
  /** Terminals breaking the rule now. */
  violating: z.number().int(),
  updatedAt: z.string(),
});
export type Fence = z.infer<typeof FenceSchema>;

export const fenceEndpoints = {
  fencePage: defineEndpoint({
    method: 'GET',
    path: `${base}/fence/getPage`,
    summary: 'Geofences in the caller data scope',
    tag: TAG,
    query: PageQuerySchema.extend({
      name: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(LIMITS.nameMax).optional()),
    }),
    result: pageSchema(FenceSchema),
    permission: 'device:fence:view',
  }),
  fenceSave: defineEndpoint({
    method: 'POST',
    path: `${base}/fence/addOrUpdate`,
    summary: 'Add or edit a geofence (add or edit permission by whether an id is given)',
    tag: TAG,
    body: FenceSaveSchema,
    result: FenceSchema,
    permission: SIGNED_IN,
    oplog: { objectType: 'fence', action: { of: ({ body }) => (body.id ? 'fence.update' : 'fence.create') } },
  }),
  fenceDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/fence/delete`,
    summary: 'Delete geofences',
    tag: TAG,
    body: z.strictObject({ ids: z.array(z.uuid()).min(1).max(1000) }),
    result: z.object({ deleted: z.number().int() }),
    permission: 'device:fence:delete',
    oplog: { objectType: 'fence', action: 'fence.delete' },
  }),
};
