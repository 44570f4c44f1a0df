import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import { SysMenuNodeSchema } from '../sysmenu/sysmenu.contract';

export const RoleRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  /** 1 enabled, 0 disabled. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** 'all' sees every tenant's data; 'tree' the holder's own account tree. */
  dataScope: z.enum(['all', 'tree']),
  /** Granted menu and button entries. */
  menuIds: z.array(z.string()),
  /** Accounts holding the role. */
  userCount: z.number().int(),
  /** True for the starting roles every deployment has (only platform administrators change them). */
  builtIn: z.boolean(),
  createdAt: z.string(),
});
export type RoleRow = z.infer<typeof RoleRowSchema>;

export const RoleSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  nameEn: z.string().trim().max(LIMITS.nameMax).default(''),
  code: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.nameMax)
    .refine(
      (v) => /^[A-Za-z][A-Za-z0-9_:-]*$/.test(v),
      bilingual(
        '角色编码只能包含字母、数字、下划线、冒号和短横线，且以字母开头',
        'The role code may contain letters, digits, _ : - and must start with a letter',
      ),
    ),
  description: z.string().trim().max(LIMITS.textMax).nullish(),
  enabled: z.boolean().default(true),
  /** Platform administrators only may set 'all'. */
  dataScope: z.enum(['all', 'tree']).default('tree'),
  /** Granted menu and button entries. */
  menuIds: z.array(z.uuid()).max(2000).default([]),
});
export type RoleSave = z.infer<typeof RoleSaveSchema>;

export const rolesEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/role/getPage',
    summary: 'Roles the caller may see (built-in roles and those of its account tree), paged',
    tag: 'upms',
    permission: 'user:role:view',
    query: PageQuerySchema.extend({
      name: z.string().trim().max(LIMITS.nameMax).optional(),
      code: z.string().trim().max(LIMITS.nameMax).optional(),
    }),
    result: pageSchema(RoleRowSchema),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/role/getOptions',
    summary: 'Enabled roles the caller may assign to a user',
    tag: 'upms',
    permission: 'user:user:view',
    result: z.array(z.object({ id: z.string(), name: z.string(), nameEn: z.string(), code: z.string() })),
  }),
  grantable: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/role/getGrantableTree',
    summary: 'The menu and button entries the caller may grant, as a tree',
    tag: 'upms',
    permission: 'user:role:view',
    result: z.array(SysMenuNodeSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/role/addOrUpdate',
    stepUp: true,
    summary:
      'Create or edit a role and its granted menuIds (user:role:add / edit; changing grants needs user:role:grant)',
    tag: 'upms',
    permission: SIGNED_IN,
    body: RoleSaveSchema,
    result: z.object({ id: z.string() }),
    oplog: { objectType: 'role', action: { of: ({ body }) => (body.id ? 'role.update' : 'role.create') } },
  }),
  remove: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/upms/v1/upms/role/delete',
    stepUp: true,
    summary: 'Delete a role no account holds',
    tag: 'upms',
    permission: 'user:role:delete',
    query: z.object({ id: z.uuid() }),
    result: z.null(),
    oplog: { objectType: 'role', action: 'role.delete' },
  }),
};
