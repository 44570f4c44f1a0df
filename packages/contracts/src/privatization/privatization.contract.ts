import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { httpUrlSchema } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';

/** An http(s) URL, with both texts when it is not. */
export const InterfaceUrlSchema = httpUrlSchema(
  LIMITS.titleMax * 2,
  '接口地址不是有效的 http(s) 网址',
  'The interface URL is not a valid http(s) URL',
);

export const PrivateCustomerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
  country: z.string(),
  region: z.string(),
  address: z.string(),
  /** Dictionary `deployment_status`: 0 not deployed, 1 deployed. */
  deploymentStatus: z.string(),
  /** Dictionary `network_type`. */
  networkType: z.string(),
  interfaceUrl: z.string(),
  serviceIp: z.string(),
  /** The customer system's user. */
  sysUser: z.string(),
  /** Whether a password is stored; the password itself is only given by the reveal call. */
  hasPassword: z.boolean(),
  remark: z.string().nullable(),
  ownerId: z.string(),
  createdAt: z.string(),
});
export type PrivateCustomerRow = z.infer<typeof PrivateCustomerRowSchema>;

/* @__NO_SIDE_EFFECTS__ */
const required = (max: number) => z.string().trim().min(1).max(max);

export const PrivateCustomerSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  name: required(LIMITS.nameMax * 2),
  contact: required(LIMITS.nameMax),
  phone: required(32),
  email: z.email().max(LIMITS.nameMax * 2),
  country: required(LIMITS.nameMax),
  region: required(LIMITS.nameMax),
  address: required(LIMITS.titleMax * 2),
  deploymentStatus: required(16),
  networkType: required(32),
  interfaceUrl: InterfaceUrlSchema,
  serviceIp: required(64),
  sysUser: required(LIMITS.usernameMax * 2),
  /** Required when creating; empty keeps the stored one when editing. */
  password: z
    .string()
    .max(LIMITS.passwordMax * 2)
    .optional(),
  remark: z.string().trim().max(LIMITS.textMax).nullish(),
});
export type PrivateCustomerSave = z.infer<typeof PrivateCustomerSaveSchema>;

export const PrivateFilterSchema = z.object({
  name: z.string().trim().max(LIMITS.nameMax).optional(),
  deploymentStatus: z.string().trim().max(16).optional(),
  country: z.string().trim().max(LIMITS.nameMax).optional(),
});

export const privatizationEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/cpmPrivatization/getPage',
    summary: 'Private-deployment customers, filtered and paged (passwords never included)',
    tag: 'upms',
    permission: 'user:private:view',
    query: PageQuerySchema.extend(PrivateFilterSchema.shape),
    result: pageSchema(PrivateCustomerRowSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/cpmPrivatization/addOrUpdate',
    summary:
      'Create or edit a customer record (user:private:add / user:private:edit); the password is stored encrypted',
    tag: 'upms',
    permission: SIGNED_IN,
    body: PrivateCustomerSaveSchema,
    result: z.object({ id: z.string() }),
  }),
  remove: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/upms/v1/upms/cpmPrivatization/delete',
    summary: 'Delete a customer record',
    tag: 'upms',
    permission: 'user:private:delete',
    query: z.object({ id: z.uuid() }),
    result: z.null(),
  }),
  reveal: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/cpmPrivatization/revealPassword',
    summary: "Reveal the customer system's password; the reveal is recorded in the operation log",
    tag: 'upms',
    permission: 'user:private:reveal',
    body: z.strictObject({ id: z.uuid() }),
    result: z.object({ password: z.string() }),
    oplog: { objectType: 'privateCustomer', action: 'private.reveal' },
  }),
  exportXlsx: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/upms/v1/upms/cpmPrivatization/export',
    rateLimit: 'jobs',
    summary: 'The filtered customer list as an Excel file (without passwords)',
    tag: 'upms',
    permission: 'user:private:export',
    query: PrivateFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
};
