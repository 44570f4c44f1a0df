import { z } from 'zod';
import type { MenuNode } from './menu';

// The id names the recursive tree once in the API document instead of nesting it per endpoint.
export const MenuNodeSchema: z.ZodType<MenuNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      name: z.string(),
      menuEnglishName: z.string(),
      url: z.string(),
      icon: z.string(),
      hidden: z.union([z.literal(0), z.literal(1)]),
      parentId: z.string().nullable(),
      menuType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
      permission: z.string(),
      sort: z.number().int(),
      menuVoList: z.array(MenuNodeSchema),
    }),
  )
  .meta({ id: 'MenuNode' });
