import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nullOnUniqueViolation, updatedCount } from '../../shared/sql';
import { passkeys, webauthnChallenges } from './passkeys.table';

export type PasskeyRecord = typeof passkeys.$inferSelect;
export type NewPasskey = Omit<typeof passkeys.$inferInsert, 'id' | 'lastUsedAt'>;
export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];
export type ChallengeRecord = typeof webauthnChallenges.$inferSelect;

/** Storage of passkeys and of the WebAuthn challenges waiting for their answer. */
export const createPasskeysRepository = (db: Db) => ({
  /** An account's passkeys, oldest first. */
  listOf: (userId: string): Promise<PasskeyRecord[]> =>
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt)),

  findByCredential: async (credentialId: string): Promise<PasskeyRecord | null> =>
    (await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1))[0] ?? null,

  /** Stores a verified passkey; null when that credential is registered already (to anyone). */
  add: (row: NewPasskey) =>
    nullOnUniqueViolation(async () => {
      const [saved] = await db.insert(passkeys).values(row).returning({ id: passkeys.id });
      return saved?.id ?? null;
    }),

  /** Renames one of the account's passkeys; false when it has none with that id. */
  rename: async (userId: string, id: string, name: string) =>
    (await updatedCount(db, passkeys, { name }, and(eq(passkeys.id, id), eq(passkeys.userId, userId)))) > 0,

  /** Removes one of the account's passkeys; answers its name, null when it has none with that id. */
  remove: async (userId: string, id: string) =>
    (
      await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ name: passkeys.name })
    )[0]?.name ?? null,

  /**
   * Records a use with the authenticator's new counter, only when the stored one is still the one the
   * check read: two answers racing with the same counter cannot both pass.
   */
  markUsed: async (id: string, before: number, counter: number, now: Date) =>
    (await updatedCount(
      db,
      passkeys,
      { counter, lastUsedAt: now },
      and(eq(passkeys.id, id), eq(passkeys.counter, before)),
    )) > 0,

  /** Keeps a challenge until it is answered or expires; challenges past their time go at the same time. */
  saveChallenge: async (
    row: { purpose: ChallengePurpose; userId: string | null; challenge: string; expiresAt: Date },
    now: Date,
  ) => {
    await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
    const [saved] = await db.insert(webauthnChallenges).values(row).returning({ id: webauthnChallenges.id });
    if (!saved) throw new Error('challenge not stored');
    return saved.id;
  },

  /** Takes (deletes) a challenge of this purpose: whoever takes it first is the only one to see it. */
  takeChallenge: async (id: string, purpose: ChallengePurpose): Promise<ChallengeRecord | null> =>
    (
      await db
        .delete(webauthnChallenges)
        .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose)))
        .returning()
    )[0] ?? null,
});

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
