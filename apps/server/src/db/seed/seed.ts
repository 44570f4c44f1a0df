import { DEFAULT_MENU, MENU_TYPE, viewKey } from '@cpm/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { seedDicts } from '../../modules/dicts/dicts.repository';
import { menus } from '../../modules/menus/menus.table';
import { roleMenus, roles } from '../../modules/roles/roles.table';
import { userRoles, users } from '../../modules/users/users.table';
import { hashPassword, randomStrongPassword } from '../../shared/crypto';
import type { Db } from '../client';

type MenuInsert = typeof menus.$inferInsert;

/** Seed keys of the default menu: `m:device`, `p:device/index`, `b:device/index#add`. */
export const seedKeys = {
  module: (m: string) => `m:${m}`,
  page: (m: string, p: string) => `p:${m}/${p}`,
  button: (m: string, p: string, action: string) => `b:${m}/${p}#${action}`,
};

type RoleSeed = {
  code: string;
  name: string;
  nameEn: string;
  dataScope: 'all' | 'tree';
  /** 'all', every page but `exclude`, or only `include` (with only the `buttons` actions, when given). */
  pages: 'all' | { exclude: string[] } | { include: string[]; buttons?: string[] };
};

/** Pages (by `module/page`) each starting role is granted; buttons listed are granted with them. */
const ROLE_SEEDS: RoleSeed[] = [
  {
    code: 'platform_admin',
    name: '平台管理员',
    nameEn: 'Platform administrator',
    dataScope: 'all',
    pages: 'all',
  },
  {
    code: 'enterprise_admin',
    name: '企业管理员',
    nameEn: 'Enterprise administrator',
    dataScope: 'tree',
    pages: {
      exclude: [
        'user/sysMenu',
        'user/dicInfo',
        'user/cpmPrivatization',
        'user/auditStream',
        'user/toExamine',
        'appMarket/appAudit',
      ],
    },
  },
  {
    code: 'sales',
    name: '销售人员',
    nameEn: 'Sales staff',
    dataScope: 'tree',
    pages: {
      include: [
        'dashboard/index',
        'device/index',
        'device/deviceDetail/:sn',
        'device/deviceMap',
        'device/deviceFavorites',
        'dataCenter/index',
        'dataCenter/deviceRunInfo/:sn',
        'technicalSupport/index',
        'messageManage/myMessage',
        'messageManage/helpManual',
      ],
      buttons: ['export', 'favorite'],
    },
  },
];

/** Inserts the default menu entries that are missing; entries already there (perhaps edited) are kept. */
const seedMenus = async (db: Db) => {
  const existing = new Map(
    (await db.select({ id: menus.id, seedKey: menus.seedKey }).from(menus)).map((r) => [r.seedKey, r.id]),
  );
  const ensure = async (rows: MenuInsert[]) => {
    const missing = rows.filter((r) => !existing.has(r.seedKey ?? ''));
    if (missing.length === 0) return;
    const inserted = await db
      .insert(menus)
      .values(missing)
      .onConflictDoNothing()
      .returning({ id: menus.id, seedKey: menus.seedKey });
    for (const row of inserted) existing.set(row.seedKey, row.id);
  };
  await ensure(
    DEFAULT_MENU.map((m, i) => ({
      seedKey: seedKeys.module(m.url),
      menuType: MENU_TYPE.module,
      name: m.zh,
      englishName: m.en,
      url: m.url,
      icon: m.icon,
      sort: i,
    })),
  );
  await ensure(
    DEFAULT_MENU.flatMap((m) =>
      m.pages.map((p, i) => ({
        seedKey: seedKeys.page(m.url, p.url),
        parentId: existing.get(seedKeys.module(m.url)),
        menuType: MENU_TYPE.page,
        name: p.zh,
        englishName: p.en,
        url: p.url,
        icon: p.icon,
        hidden: p.hidden ?? false,
        permission: viewKey(p),
        sort: i,
      })),
    ),
  );
  await ensure(
    DEFAULT_MENU.flatMap((m) =>
      m.pages.flatMap((p) =>
        p.buttons.map((b, i) => ({
          seedKey: seedKeys.button(m.url, p.url, b.action),
          parentId: existing.get(seedKeys.page(m.url, p.url)),
          menuType: MENU_TYPE.button,
          name: b.zh,
          englishName: b.en,
          permission: `${p.resource}:${b.action}`,
          sort: i,
        })),
      ),
    ),
  );
  return existing;
};

/** Seed keys a starting role gets. */
const roleSeedKeys = (seed: RoleSeed): string[] => {
  const keys: string[] = [];
  for (const m of DEFAULT_MENU) {
    for (const p of m.pages) {
      const route = `${m.url}/${p.url}`;
      const pages = seed.pages;
      const granted =
        pages === 'all' ||
        ('exclude' in pages ? !pages.exclude.includes(route) : pages.include.includes(route));
      if (!granted) continue;
      keys.push(seedKeys.page(m.url, p.url));
      for (const b of p.buttons) {
        const buttonGranted =
          pages === 'all' || !('include' in pages) || !pages.buttons || pages.buttons.includes(b.action);
        if (buttonGranted) keys.push(seedKeys.button(m.url, p.url, b.action));
      }
    }
  }
  return keys;
};

/**
 * Starting roles: created once with their grants (later edits are kept); the platform
 * administrator always holds every default entry, so new pages reach it on upgrade.
 */
const seedRoles = async (db: Db, menuIds: Map<string | null, string>) => {
  const roleIds = new Map<string, string>();
  for (const seed of ROLE_SEEDS) {
    const [created] = await db
      .insert(roles)
      .values({ code: seed.code, name: seed.name, nameEn: seed.nameEn, dataScope: seed.dataScope })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    const [row] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.code, seed.code), isNull(roles.ownerId)));
    roleIds.set(seed.code, row.id);
    if (created || seed.pages === 'all') {
      const grants = roleSeedKeys(seed)
        .map((key) => menuIds.get(key))
        .filter((id): id is string => Boolean(id))
        .map((menuId) => ({ roleId: row.id, menuId }));
      if (grants.length) await db.insert(roleMenus).values(grants).onConflictDoNothing();
    }
  }
  return roleIds;
};

/** Result of seeding: the first administrator's password, only when it was generated just now. */
export type SeedResult = { generatedAdminPassword: string | null };

/** Idempotent start-up seed: menus, starting roles and the `admin` account. */
export const seedDatabase = async (db: Db, opts: { adminPassword?: string }): Promise<SeedResult> =>
  db.transaction(async (tx) => {
    const menuIds = await seedMenus(tx as unknown as Db);
    const roleIds = await seedRoles(tx as unknown as Db, menuIds);
    await seedDicts(tx as unknown as Db);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    if (admin) return { generatedAdminPassword: null };
    const password = opts.adminPassword ?? randomStrongPassword();
    const [created] = await tx
      .insert(users)
      .values({
        username: 'admin',
        name: 'Administrator',
        passwordHash: await hashPassword(password),
        state: 1,
      })
      .returning({ id: users.id });
    await tx
      .insert(userRoles)
      .values({ userId: created.id, roleId: roleIds.get('platform_admin') as string });
    return { generatedAdminPassword: opts.adminPassword ? null : password };
  });
