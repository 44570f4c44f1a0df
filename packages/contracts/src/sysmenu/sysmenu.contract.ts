import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { LIMITS } from '../limits';

/** A menu entry as the menu-management page sees it. */
export type SysMenuNode = {
  id: string;
  parentId: string | null;
  /** 0 system, 1 module, 2 menu page, 3 button. */
  menuType: number;
  name: string;
  menuEnglishName: string;
  sysCode: string;
  url: string;
  permission: string;
  icon: string;
  enabled: boolean;
  hidden: boolean;
  sort: number;
  /** Seeded entries keep their place when the server upgrades. */
  builtIn: boolean;
  children: SysMenuNode[];
};

// The id names the recursive tree once in the API document instead of nesting it per endpoint.
export const SysMenuNodeSchema: z.ZodType<SysMenuNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      parentId: z.string().nullable(),
      menuType: z.number().int(),
      name: z.string(),
      menuEnglishName: z.string(),
      sysCode: z.string(),
      url: z.string(),
      permission: z.string(),
      icon: z.string(),
      enabled: z.boolean(),
      hidden: z.boolean(),
      sort: z.number().int(),
      builtIn: z.boolean(),
      children: z.array(SysMenuNodeSchema),
    }),
  )
  .meta({ id: 'SysMenuNode' });

export const SysMenuSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  parentId: z.uuid().nullish(),
  menuType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  name: z.string().trim().min(1).max(LIMITS.nameMax),
  menuEnglishName: z.string().trim().min(1).max(LIMITS.nameMax),
  sysCode: z.string().trim().min(1).max(16).default('cpm'),
  /** Path segment (`device`, `index`, `deviceDetail/:sn`) or an http(s) link. */
  url: z
    .string()
    .trim()
    .max(LIMITS.titleMax * 2)
    .default(''),
  /** Permission identifier, `domain:resource:action`. */
  permission: z.string().trim().max(LIMITS.titleMax).default(''),
  icon: z.string().trim().max(64).default(''),
  enabled: z.boolean().default(true),
  hidden: z.boolean().default(false),
  sort: z.number().int().min(0).max(100000).default(0),
});
export type SysMenuSave = z.infer<typeof SysMenuSaveSchema>;

export const sysMenuEndpoints = {
  tree: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/sysMenu/getTree',
    summary: 'The whole menu tree with every field, for menu management',
    tag: 'upms',
    permission: 'user:menu:view',
    result: z.array(SysMenuNodeSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/sysMenu/addOrUpdate',
    summary: 'Create a menu entry, or edit it when id is given (user:menu:add / user:menu:edit)',
    tag: 'upms',
    permission: SIGNED_IN,
    body: SysMenuSaveSchema,
    result: z.object({ id: z.string() }),
    oplog: { objectType: 'menu', action: { of: ({ body }) => (body.id ? 'menu.update' : 'menu.create') } },
  }),
  remove: defineEndpoint({
    method: ['GET', 'POST'],
    path: '/upms/v1/upms/sysMenu/delete',
    summary: 'Delete a menu entry without children; roles lose the grant',
    tag: 'upms',
    permission: 'user:menu:delete',
    query: z.object({ id: z.uuid() }),
    result: z.null(),
    oplog: { objectType: 'menu', action: 'menu.delete' },
  }),
};
