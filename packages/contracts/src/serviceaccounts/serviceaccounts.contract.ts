import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { isPermissionKey } from '../menu-tree';
import { PageQuerySchema, pageSchema } from '../pagination';

/** Limits of service accounts and their keys, shared by the server and the console. */
export const API_KEY_LIMITS = {
  /** Longest lifetime of a key: two years. */
  expiresInHoursMax: 2 * 365 * 24,
  /** Longest time an old key stays valid after a rotation: one week. */
  overlapMinutesMax: 7 * 24 * 60,
  allowedSourcesMax: 20,
  rateLimitPerMinuteDefault: 600,
  rateLimitPerMinuteMax: 6000,
  /** Failed authentications (a wrong secret for a prefix, or unknown prefixes from one address) before a lock. */
  failuresBeforeLock: 25,
  /** How long failures are counted, and how long a lock then lasts at most. */
  lockWindowMinutes: 15,
} as const;

/** Where a key stands: usable, usable until its overlap after a rotation ends, or no longer usable. */
export const API_KEY_STATUSES = ['active', 'rotating', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const ApiKeyRowSchema = z.object({
  id: z.string(),
  /** The public part of the key, before the dot; keys are looked up by it. */
  prefix: z.string(),
  name: z.string(),
  /** Permission keys the key may use, within the service account's role. */
  scopes: z.array(z.string()),
  expiresAt: z.string(),
  /** Addresses and networks (CIDR) the key may be used from; empty for anywhere. */
  allowedSources: z.array(z.string()),
  rateLimitPerMinute: z.number().int(),
  /** When and from where the key was last used, to the minute. */
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
  createdAt: z.string(),
});
export type ApiKeyRow = z.infer<typeof ApiKeyRowSchema>;

export const ServiceAccountRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  roleId: z.string(),
  /** The role's name, in both languages. */
  roleName: z.string(),
  roleNameEn: z.string(),
  enabled: z.boolean(),
  /** The account whose data the service account reaches, as a user's data scope does. */
  ownerId: z.string(),
  createdAt: z.string(),
  /** Its keys, newest first; the secrets are never included. */
  keys: z.array(ApiKeyRowSchema),
});
export type ServiceAccountRow = z.infer<typeof ServiceAccountRowSchema>;

export const ServiceAccountSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  description: z.string().trim().max(LIMITS.textMax).nullish(),
  /** One of the roles the caller may assign, as for a user. */
  roleId: z.uuid(),
  enabled: z.boolean().default(true),
});
export type ServiceAccountSave = z.infer<typeof ServiceAccountSaveSchema>;

/** An IPv4 or IPv6 address, or a network in CIDR notation. */
export const SourceAddressSchema = z
  .string()
  .trim()
  .refine(
    (v) => [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()].some((s) => s.safeParse(v).success),
    bilingual('不是有效的 IP 地址或 CIDR 网段', 'Not a valid IP address or CIDR network'),
  );

const ScopeSchema = z
  .string()
  .refine(isPermissionKey, bilingual('不是已知的权限标识', 'Not a known permission key'));

const expiresInHours = z.coerce.number().int().min(1).max(API_KEY_LIMITS.expiresInHoursMax);

export const ApiKeyIssueSchema = z.strictObject({
  serviceAccountId: z.uuid(),
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  scopes: z.array(ScopeSchema).min(1),
  /** The key stops working this many hours after it is issued. */
  expiresInHours,
  allowedSources: z.array(SourceAddressSchema).max(API_KEY_LIMITS.allowedSourcesMax).default([]),
  rateLimitPerMinute: z.coerce
    .number()
    .int()
    .min(1)
    .max(API_KEY_LIMITS.rateLimitPerMinuteMax)
    .default(API_KEY_LIMITS.rateLimitPerMinuteDefault),
});
export type ApiKeyIssue = z.infer<typeof ApiKeyIssueSchema>;

export const ApiKeyRotateSchema = z.strictObject({
  id: z.uuid(),
  /** How long the old key stays valid beside the new one (0: it stops at once). */
  overlapMinutes: z.coerce.number().int().min(0).max(API_KEY_LIMITS.overlapMinutesMax),
  /** The new key's lifetime; name, scopes, sources and limit are the old key's. */
  expiresInHours,
});
export type ApiKeyRotate = z.infer<typeof ApiKeyRotateSchema>;

/** A newly issued key: `key` is `prefix.secret`, shown this once and never again. */
export const IssuedApiKeySchema = z.object({
  id: z.string(),
  prefix: z.string(),
  key: z.string(),
  expiresAt: z.string(),
});
export type IssuedApiKey = z.infer<typeof IssuedApiKeySchema>;

const base = '/upms/v1/upms/serviceAccount';

export const serviceAccountsEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/getPage`,
    summary: 'Service accounts in the caller’s data scope with their keys (never the secrets), paged',
    tag: 'upms',
    permission: 'user:serviceaccount:view',
    query: PageQuerySchema.extend({ name: z.string().trim().max(LIMITS.nameMax).optional() }),
    result: pageSchema(ServiceAccountRowSchema),
  }),
  roleOptions: defineEndpoint({
    method: 'GET',
    path: `${base}/getRoleOptions`,
    summary: 'Enabled roles the caller may give a service account, with the permission keys each grants',
    tag: 'upms',
    permission: 'user:serviceaccount:view',
    result: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        nameEn: z.string(),
        code: z.string(),
        permissions: z.array(z.string()),
      }),
    ),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${base}/addOrUpdate`,
    stepUp: true,
    summary: 'Create or edit a service account (user:serviceaccount:add / user:serviceaccount:edit)',
    tag: 'upms',
    permission: SIGNED_IN,
    body: ServiceAccountSaveSchema,
    result: z.object({ id: z.string() }),
    oplog: {
      objectType: 'serviceAccount',
      action: { of: ({ body }) => (body.id ? 'serviceaccount.update' : 'serviceaccount.create') },
    },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: `${base}/delete`,
    summary: 'Delete a service account; its keys stop working at once',
    tag: 'upms',
    permission: 'user:serviceaccount:delete',
    body: z.strictObject({ id: z.uuid() }),
    result: z.null(),
    oplog: { objectType: 'serviceAccount', action: 'serviceaccount.delete' },
  }),
  issueKey: defineEndpoint({
    method: 'POST',
    path: `${base}/issueKey`,
    stepUp: true,
    summary: 'Issue an API key; the answer holds the whole key, which is never shown again',
    tag: 'upms',
    permission: 'user:serviceaccount:keys',
    body: ApiKeyIssueSchema,
    result: IssuedApiKeySchema,
    oplog: { objectType: 'apiKey', action: 'serviceaccount.key.issue' },
  }),
  rotateKey: defineEndpoint({
    method: 'POST',
    path: `${base}/rotateKey`,
    stepUp: true,
    summary: 'Issue a successor to a key; the old key stays valid for the chosen overlap, then stops',
    tag: 'upms',
    permission: 'user:serviceaccount:keys',
    body: ApiKeyRotateSchema,
    result: IssuedApiKeySchema,
    oplog: { objectType: 'apiKey', action: 'serviceaccount.key.rotate' },
  }),
  revokeKey: defineEndpoint({
    method: 'POST',
    path: `${base}/revokeKey`,
    summary: 'Revoke a key; the very next request with it is refused',
    tag: 'upms',
    permission: 'user:serviceaccount:keys',
    body: z.strictObject({ id: z.uuid() }),
    result: z.null(),
    oplog: { objectType: 'apiKey', action: 'serviceaccount.key.revoke' },
  }),
};
