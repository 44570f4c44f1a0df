import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createAccount } from './accounts';
import { ADMIN_PASSWORD, createFilesTestApp, loginAs } from './test-app';

/** The usernames of a file world's three accounts. */
export type FileWorldNames = { ent: string; other: string; sales: string };

/**
 * What the file and media route tests share: an app with its own data folder, the administrator
 * signed in, an enterprise below the administrator, an unrelated enterprise and a salesperson below
 * the first (to check the data scope both ways).
 */
export const openFileWorld = async (
  name: string,
  names: FileWorldNames,
  opts: Parameters<typeof createFilesTestApp>[1] = {},
) => {
  const t = await createFilesTestApp(name, opts);
  const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
  const ent = await createAccount(t, { username: names.ent, superiorId: admin.userId });
  const other = await createAccount(t, { username: names.other });
  const sales = await createAccount(t, { username: names.sales, roleCode: 'sales', superiorId: ent.id });
  /** Upload files still in the blob store's temporary folder (none once every upload has ended). */
  const tmpFiles = () => readdir(path.join(t.dataDir, 'blobs', 'tmp')).catch(() => [] as string[]);
  return { t, admin, ent, other, sales, tmpFiles };
};

/** An open file world. */
export type FileWorld = Awaited<ReturnType<typeof openFileWorld>>;
