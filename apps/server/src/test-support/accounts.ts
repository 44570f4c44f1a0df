import { eq, inArray, like } from 'drizzle-orm';
import { menus } from '../modules/menus/menus.table';
import { roleMenus, roles } from '../modules/roles/roles.table';
import { userRoles, users } from '../modules/users/users.table';
import { hashPassword } from '../shared/crypto';
import { loginAs, type TestApp } from './test-app';

/** The password every account made by `createAccount` gets. */
export const ACCOUNT_PASSWORD = 'Acct#Pass1';

// scrypt is slow on purpose; one hash of the shared password serves every account of a test file.
let accountPasswordHash: Promise<string> | undefined;
const hashOfAccountPassword = () => {
  accountPasswordHash ??= hashPassword(ACCOUNT_PASSWORD);
  return accountPasswordHash;
};

/** Inserts an active account holding a role (by code) and signs it in. */
export const createAccount = async (
  t: TestApp,
  opts: { username: string; roleCode?: string; roleId?: string; superiorId?: string | null; email?: string },
) => {
  const [user] = await t.database.db
    .insert(users)
    .values({
      username: opts.username,
      name: opts.username,
      email: opts.email ?? `${opts.username}@example.test`,
      passwordHash: await hashOfAccountPassword(),
      superiorId: opts.superiorId ?? null,
      state: 1,
    })
    .returning();
  const roleId =
    opts.roleId ??
    (
      await t.database.db
        .select()
        .from(roles)
        .where(eq(roles.code, opts.roleCode ?? 'enterprise_admin'))
    )[0].id;
  await t.database.db.insert(userRoles).values({ userId: user.id, roleId });
  const { token } = await loginAs(t.app, opts.username, ACCOUNT_PASSWORD);
  return { id: user.id, token, username: opts.username };
};

/** Calls the API as a client would and returns the parsed envelope. */
export const callApi = async (
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { satoken: token } : {},
    payload: method === 'POST' ? (payload ?? {}) : undefined,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

/**
 * Inserts a role over the account tree granting the menu entries of `permissions`: a LIKE pattern
 * (`support:%`) or the exact keys; answers its id for `createAccount`.
 */
export const createRole = async (
  t: TestApp,
  role: { code: string; name: string; nameEn: string },
  permissions: string | readonly string[],
) => {
  const [row] = await t.database.db
    .insert(roles)
    .values({ ...role, dataScope: 'tree' })
    .returning();
  const entries = await t.database.db
    .select()
    .from(menus)
    .where(
      typeof permissions === 'string'
        ? like(menus.permission, permissions)
        : inArray(menus.permission, [...permissions]),
    );
  await t.database.db.insert(roleMenus).values(entries.map((m) => ({ roleId: row.id, menuId: m.id })));
  return row.id;
};
