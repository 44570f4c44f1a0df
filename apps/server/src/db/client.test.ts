// Runs in the first server pass only: the embedded database on disk is what it tests, and the seed
// it checks also builds every test database of both passes.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../shared/crypto';
import { openTestDatabase } from '../test-support/test-app';
import { knownMigrations, openDatabase } from './client';
import { menus, roleMenus, roles, users } from './schema';
import { seedDatabase } from './seed/seed';

// Creating and migrating a fresh embedded database: up to two minutes on a busy two-core machine.
const COLD_START_MS = 120_000;

describe('embedded database in DATA_DIR', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpm-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'is created migrated, keeps data across a restart and seeds only once',
    async () => {
      const first = await openDatabase({ dataDir });
      // Created with every migration applied before the server opens it.
      const applied = await first.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect((applied as unknown as { rows: { n: number }[] }).rows[0].n).toBe(knownMigrations().length);
      expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
      const seeded = await seedDatabase(first.db, {});
      expect(seeded.generatedAdminPassword).toMatch(/.{12,}/);
      const counts = async (db: typeof first.db) => ({
        menus: (await db.select({ n: count() }).from(menus))[0].n,
        roles: (await db.select({ n: count() }).from(roles))[0].n,
        grants: (await db.select({ n: count() }).from(roleMenus))[0].n,
        users: (await db.select({ n: count() }).from(users))[0].n,
      });
      const before = await counts(first.db);
      await first.close();

      const second = await openDatabase({ dataDir });
      const again = await seedDatabase(second.db, { adminPassword: 'Another#Pass1' });
      expect(again.generatedAdminPassword).toBeNull();
      expect(await counts(second.db)).toEqual(before);
      const [admin] = await second.db.select().from(users).where(eq(users.username, 'admin'));
      // The first password stays; a later ADMIN_PASSWORD does not overwrite it.
      expect(await verifyPassword(seeded.generatedAdminPassword as string, admin.passwordHash)).toBe(true);
      await second.close();
    },
    COLD_START_MS * 2,
  );
});

describe('seed', () => {
  it(
    'gives the platform administrator every entry and the other roles a subset',
    async () => {
      const db = await openTestDatabase();
      await seedDatabase(db.db, { adminPassword: 'Admin#Pass1' });
      const total = (await db.db.select({ n: count() }).from(menus))[0].n;
      const grantsOf = async (code: string) => {
        const [role] = await db.db.select().from(roles).where(eq(roles.code, code));
        return (await db.db.select({ n: count() }).from(roleMenus).where(eq(roleMenus.roleId, role.id)))[0].n;
      };
      // Modules are implied by their pages, so the administrator holds every page and button.
      const modules = (await db.db.select({ n: count() }).from(menus).where(eq(menus.menuType, 1)))[0].n;
      expect(await grantsOf('platform_admin')).toBe(total - modules);
      const enterprise = await grantsOf('enterprise_admin');
      const sales = await grantsOf('sales');
      expect(enterprise).toBeLessThan(total - modules);
      expect(sales).toBeLessThan(enterprise);
      expect(sales).toBeGreaterThan(0);
      await db.close();
    },
    COLD_START_MS,
  );
});
