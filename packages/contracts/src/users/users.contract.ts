import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { isStrongPassword, LIMITS, USERNAME_PATTERN } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import { ReviewEntrySchema } from '../review';

/* @__NO_SIDE_EFFECTS__ */
const text = (max: number) => z.string().trim().max(max);
/* @__NO_SIDE_EFFECTS__ */
const optionalText = (max: number) => text(max).nullish();
/** Query flags arrive as '0'/'1' (or true/false). */
const flag = z
  .union([z.enum(['0', '1', 'true', 'false']), z.boolean()])
  .transform((v) => v === true || v === '1' || v === 'true');

/** A password meeting the policy, with both texts when it does not. */
export const StrongPasswordSchema = z
  .string()
  .max(LIMITS.passwordMax)
  .refine(
    isStrongPassword,
    bilingual(
      '密码必须包含大小写字母、数字和特殊字符，且不少于8位',
      'The password must contain upper and lower case letters, digits and special characters and be at least 8 characters',
    ),
  );

/** Username rule with both texts. */
export const UsernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.usernameMax)
  .refine(
    (v) => USERNAME_PATTERN.test(v),
    bilingual(
      '用户名只能包含字母、数字和下划线，且以字母开头',
      'The username may contain letters, digits and underscores and must start with a letter',
    ),
  );

export const UserFilterSchema = z.object({
  username: text(LIMITS.usernameMax).optional(),
  name: text(LIMITS.nameMax).optional(),
  email: text(LIMITS.nameMax * 2).optional(),
  phone: text(32).optional(),
  /** 1 enabled, 0 disabled. */
  enabled: flag.optional(),
  /** Account state (0 needs details, 1 active, 2 in review, 3 rejected). */
  state: z.coerce.number().int().min(0).max(3).optional(),
  roleId: z.uuid().optional(),
});

export const UserRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  /** 1 enabled (已启用), 0 disabled (已禁用). */
  status: z.union([z.literal(0), z.literal(1)]),
  /** Account state (the login answer's verify). */
  state: z.number().int(),
  rejectReason: z.string().nullable(),
  roleIds: z.array(z.string()),
  roleNames: z.array(z.string()),
  roleNamesEn: z.array(z.string()),
  /** Dictionary `system_level` value. */
  systemLevel: z.string(),
  storeScopeGroupId: z.string().nullable(),
  storeScopeGroupName: z.string().nullable(),
  superiorId: z.string().nullable(),
  superiorName: z.string().nullable(),
  companyName: z.string().nullable(),
  address: z.string().nullable(),
  salesmanName: z.string().nullable(),
  salesmanPhone: z.string().nullable(),
  salesmanAddress: z.string().nullable(),
  /** SMS on hardware exceptions. */
  hardwareSmsAlert: z.boolean(),
  /** Mail when a terminal leaves its geofence. */
  fenceEmailAlert: z.boolean(),
  /** Terminals of this user report their location. */
  locationEnabled: z.boolean(),
  /** International user: mails and SMS to this account are in English, otherwise in Chinese. */
  international: z.boolean(),
  /** Activated from the registration mail, or created by an administrator. */
  activated: z.boolean(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

export const UserSaveSchema = z.strictObject({
  /** Present when editing. */
  id: z.uuid().optional(),
  username: UsernameSchema,
  /** Required when creating; ignored when editing (use reset password). */
  password: StrongPasswordSchema.optional(),
  name: text(LIMITS.nameMax).default(''),
  email: z
    .email()
    .max(LIMITS.nameMax * 2)
    .nullish(),
  phone: optionalText(32),
  description: optionalText(LIMITS.textMax),
  roleIds: z.array(z.uuid()).max(20).default([]),
  systemLevel: text(32).default('enterprise'),
  storeScopeGroupId: z.uuid().nullish(),
  /** Defaults to the caller. */
  superiorId: z.uuid().nullish(),
  enabled: z.boolean().default(true),
  companyName: optionalText(LIMITS.titleMax),
  address: optionalText(LIMITS.titleMax * 2),
  salesmanName: optionalText(LIMITS.nameMax),
  salesmanPhone: optionalText(32),
  salesmanAddress: optionalText(LIMITS.titleMax * 2),
  hardwareSmsAlert: z.boolean().default(false),
  fenceEmailAlert: z.boolean().default(false),
  locationEnabled: z.boolean().default(true),
  /** International user: mails and SMS in English instead of Chinese. */
  international: z.boolean().default(false),
});
export type UserSave = z.infer<typeof UserSaveSchema>;

/** The applicant's own details ("complete your information"). */
export const CompleteInfoSchema = z.strictObject({
  name: text(LIMITS.nameMax).min(1),
  companyName: text(LIMITS.titleMax).min(1),
  address: text(LIMITS.titleMax * 2).min(1),
  salesmanName: text(LIMITS.nameMax).min(1),
  salesmanPhone: text(32).min(1),
  salesmanAddress: text(LIMITS.titleMax * 2).min(1),
});

export const AuditBodySchema = z
  .strictObject({
    id: z.uuid(),
    approve: z.boolean(),
    /** Required when rejecting; the applicant sees it. */
    reason: text(LIMITS.textMax).optional(),
  })
  .refine(
    (b) => b.approve || Boolean(b.reason),
    bilingual('驳回时必须填写原因', 'A reason is required when rejecting'),
  );

export const OperationLogRowSchema = z.object({
  id: z.string(),
  /** UTC time, ISO 8601. */
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  ip: z.string().nullable(),
  /** `login`, `role.save`, `user.audit`, `password.change`, `session.kick`... */
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  objectName: z.string().nullable(),
  result: z.enum(['success', 'failure']),
  detail: z.string().nullable(),
});
export type OperationLogRow = z.infer<typeof OperationLogRowSchema>;

export const OperationLogFilterSchema = z.object({
  actorName: text(LIMITS.usernameMax).optional(),
  action: text(64).optional(),
  result: z.enum(['success', 'failure']).optional(),
  /** ISO time, inclusive. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** ISO time, exclusive. */
  to: z.iso.datetime({ offset: true }).optional(),
});

const idQuery = z.object({ id: z.uuid() });

export const usersEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/user/getPage',
    summary: 'Users in the caller’s account tree, filtered and paged',
    tag: 'upms',
    permission: 'user:user:view',
    query: PageQuerySchema.extend(UserFilterSchema.shape),
    result: pageSchema(UserRowSchema),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/user/getOptions',
    summary: 'Active accounts in the caller’s tree, for superior-account selects',
    tag: 'upms',
    permission: 'user:user:view',
    result: z.array(z.object({ id: z.string(), username: z.string(), name: z.string() })),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/user/addOrUpdate',
    stepUp: true,
    summary: 'Create a user, or edit one when id is given (needs user:user:add or user:user:edit)',
    tag: 'upms',
    permission: SIGNED_IN,
    body: UserSaveSchema,
    result: z.object({ id: z.string() }),
    oplog: { objectType: 'user', action: { of: ({ body }) => (body.id ? 'user.update' : 'user.create') } },
  }),
  remove: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/upms/v1/upms/user/delete',
    summary: 'Delete a user that has no subordinate accounts and owns no groups',
    tag: 'upms',
    permission: 'user:user:delete',
    query: idQuery,
    result: z.null(),
    oplog: { objectType: 'user', action: 'user.delete' },
  }),
  setStatus: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/user/updateStatus',
    summary: 'Enable or disable a user; disabling ends their sessions',
    tag: 'upms',
    permission: 'user:user:enable',
    body: z.strictObject({ id: z.uuid(), enabled: z.boolean() }),
    result: z.null(),
    oplog: {
      objectType: 'user',
      action: { of: ({ body }) => (body.enabled ? 'user.enable' : 'user.disable') },
    },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/user/resetPassword',
    summary: 'Set a new password for a user; their sessions end',
    tag: 'upms',
    permission: 'user:user:resetPassword',
    body: z.strictObject({ id: z.uuid(), password: StrongPasswordSchema }),
    result: z.null(),
    oplog: { objectType: 'user', action: 'password.reset' },
  }),
  kick: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/user/kickOut',
    summary: 'End every session of a user',
    tag: 'upms',
    permission: 'user:user:kick',
    body: z.strictObject({ id: z.uuid() }),
    result: z.object({ ended: z.number().int() }),
    oplog: { objectType: 'user', action: 'session.kick' },
  }),
  exportXlsx: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/upms/v1/upms/user/export',
    rateLimit: 'jobs',
    summary: 'The filtered user list as an Excel file',
    tag: 'upms',
    permission: 'user:user:export',
    query: UserFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
  reviewPage: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/user/getAuditPage',
    summary: 'Accounts waiting for review (state 2 by default), paged',
    tag: 'upms',
    permission: 'user:review:view',
    query: PageQuerySchema.extend(UserFilterSchema.shape),
    result: pageSchema(UserRowSchema),
  }),
  audit: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/user/audit',
    summary: 'Approve an account, or reject it with a reason; the applicant is told by mail',
    tag: 'upms',
    permission: 'user:review:audit',
    body: AuditBodySchema,
    result: z.null(),
    oplog: {
      objectType: 'user',
      action: { of: ({ body }) => (body.approve ? 'user.approve' : 'user.reject') },
    },
  }),
  reviewHistory: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/user/getAuditHistory',
    summary: "An account's review history: each submission and each decision with its reason, newest first",
    tag: 'upms',
    permission: 'user:review:view',
    query: z.strictObject({ id: z.uuid() }),
    result: z.array(ReviewEntrySchema),
  }),
  completeInfo: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/user/completeInfo',
    consoleOnly: true,
    summary: 'The applicant completes their details and the account goes to review',
    tag: 'upms',
    permission: SIGNED_IN,
    body: CompleteInfoSchema,
    result: z.object({ verify: z.number().int() }),
    oplog: { objectType: 'user', action: 'account.details' },
  }),
  logPage: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/operationLog/getPage',
    summary: 'Operation log (logins, permission changes, reviews, passwords, kick-outs), newest first',
    tag: 'upms',
    permission: 'user:oplog:view',
    query: PageQuerySchema.extend(OperationLogFilterSchema.shape),
    result: pageSchema(OperationLogRowSchema),
  }),
  logExport: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/upms/v1/upms/operationLog/export',
    rateLimit: 'jobs',
    summary: 'The filtered operation log as an Excel file',
    tag: 'upms',
    permission: 'user:oplog:export',
    query: OperationLogFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
};
