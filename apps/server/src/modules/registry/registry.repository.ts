import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstWhere } from '../../shared/sql';
import { roles } from '../roles/roles.table';
import { users } from '../users/users.table';
import { emailCodes, pendingRegistrations } from './registry.table';
import { hitLimit } from './request-counters.repository';

export type NewEmailCode = Omit<typeof emailCodes.$inferInsert, 'id'>;
export type NewPendingRegistration = Omit<typeof pendingRegistrations.$inferInsert, 'id'>;

/** Storage of mailed codes, pending registrations and the shared request counters. */
export const createRegistryRepository = (db: Db) => ({
  /** Counts a request in its window; throws 429 once the limit is passed (see `hitLimit`). */
  hitLimit: (
    key: string,
    rule: { limit: number; windowMs: number },
    now: Date,
    error?: 'tooManyRequests' | 'emailCodeTooSoon',
  ) => hitLimit(db, key, rule, now, error),

  /** The account whose username and email both match, case-insensitively. */
  findAccount: async (name: string, email: string) =>
    firstWhere(
      db,
      users,
      and(sql`lower(${users.username}) = ${name}`, sql`lower(${users.email}) = ${email}`),
    ),

  /** Saves a new code after dropping the expired ones. */
  async insertCode(values: NewEmailCode, now: Date) {
    await db.delete(emailCodes).where(lt(emailCodes.expiresAt, now));
    const [row] = await db.insert(emailCodes).values(values).returning({ id: emailCodes.id });
    return row.id;
  },

  deleteCode: (id: string) => db.delete(emailCodes).where(eq(emailCodes.id, id)),

  /** The newest unused, unexpired code for the address and name that has tries left. */
  findUsableCode: async (email: string, username: string, now: Date, maxAttempts: number) =>
    firstWhere(
      db,
      emailCodes,
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.username, username),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, now),
        lt(emailCodes.attempts, maxAttempts),
      ),
      [desc(emailCodes.createdAt)],
    ),

  countWrongAttempt: async (codeId: string) => {
    await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, codeId));
  },

  /** Marks a code used; false when another request used it first. */
  useCode: async (codeId: string, now: Date) =>
    (
      await db
        .update(emailCodes)
        .set({ usedAt: now })
        .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.usedAt)))
        .returning({ id: emailCodes.id })
    ).length > 0,

  /** Whether an unexpired registration waits for this username (expired ones are dropped first). */
  async pendingUsernameTaken(username: string, now: Date) {
    await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now));
    const rows = await db
      .select({ id: pendingRegistrations.id })
      .from(pendingRegistrations)
      .where(sql`lower(${pendingRegistrations.username}) = ${username}`);
    return rows.length > 0;
  },

  insertPending: async (values: NewPendingRegistration) => {
    await db.insert(pendingRegistrations).values(values);
  },

  /** Removes and answers the registration with this token hash; each link works once. */
  takePending: async (tokenHash: string) =>
    (
      await db.delete(pendingRegistrations).where(eq(pendingRegistrations.tokenHash, tokenHash)).returning()
    )[0] ?? null,

  /** A built-in role by its code. */
  roleIdByCode: async (code: string) =>
    (
      await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.code, code), isNull(roles.ownerId)))
    )[0]?.id ?? null,
});

export type RegistryRepository = ReturnType<typeof createRegistryRepository>;
