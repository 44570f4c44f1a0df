import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appKeys } from './keys.table';

/** Storage of the application's keys, one row per key name. */
export const createKeysRepository = (db: Db) => ({
  findValue: async (name: string) =>
    (await db.select({ value: appKeys.value }).from(appKeys).where(eq(appKeys.name, name)))[0]?.value ?? null,

  /** Stores a key unless another instance stored one under the name first. */
  insertIfMissing: async (name: string, value: string) => {
    await db.insert(appKeys).values({ name, value }).onConflictDoNothing();
  },
});

export type KeysRepository = ReturnType<typeof createKeysRepository>;
