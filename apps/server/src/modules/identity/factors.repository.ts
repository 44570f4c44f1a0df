import { and, count, eq, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deletedCount, replaceLinks, updatedCount } from '../../shared/sql';
import { roles } from '../roles/roles.table';
import { users } from '../users/users.table';
import { factorRules, recoveryCodes, userFactors } from './factors.table';
import { passkeys } from './passkeys.table';

export type FactorRecord = typeof userFactors.$inferSelect;
export type FactorRuleKind = (typeof factorRules.$inferSelect)['kind'];
/** A rule with the name of what it targets (null when that account or role is gone). */
export type FactorRuleRecord = { kind: FactorRuleKind; targetId: string; targetName: string | null };

/** Storage of second factors, recovery codes and the rules that require a second factor. */
export const createFactorsRepository = (db: Db) => ({
  /** Every factor of an account, confirmed or still enrolling. */
  findFactors: (userId: string): Promise<FactorRecord[]> =>
    db.select().from(userFactors).where(eq(userFactors.userId, userId)).orderBy(userFactors.createdAt),

  /**
   * Stores a new, unconfirmed authenticator secret for an account, replacing one still enrolling;
   * answers null when a confirmed authenticator exists (it is never overwritten).
   */
  async savePendingTotp(userId: string, secretEnc: string, now: Date) {
    const [row] = await db
      .insert(userFactors)
      .values({ userId, kind: 'totp', secretEnc, createdAt: now })
      .onConflictDoUpdate({
        target: userFactors.userId,
        targetWhere: eq(userFactors.kind, 'totp'),
        set: { secretEnc, createdAt: now, lastUsedStep: null, lastUsedAt: null },
        setWhere: isNull(userFactors.confirmedAt),
      })
      .returning({ id: userFactors.id });
    return row?.id ?? null;
  },

  /** Confirms an enrolling factor with the step of its first code; false when it was confirmed already. */
  confirm: async (id: string, step: number, now: Date) =>
    (await updatedCount(
      db,
      userFactors,
      { confirmedAt: now, createdAt: now, lastUsedStep: step },
      and(eq(userFactors.id, id), isNull(userFactors.confirmedAt)),
    )) > 0,

  /**
   * Records a sign-in with the code of `step`, only when that step is newer than the last one used:
   * two requests with the same code cannot both pass.
   */
  useStep: async (id: string, step: number, now: Date) =>
    (await updatedCount(
      db,
      userFactors,
      { lastUsedStep: step, lastUsedAt: now },
      and(
        eq(userFactors.id, id),
        isNotNull(userFactors.confirmedAt),
        or(isNull(userFactors.lastUsedStep), lt(userFactors.lastUsedStep, step)),
      ),
    )) > 0,

  /** Replaces an account's recovery codes by new ones (hashes). */
  replaceRecoveryCodes: (userId: string, hashes: string[], now: Date) =>
    db.transaction((tx) =>
      replaceLinks(
        tx,
        recoveryCodes,
        recoveryCodes.userId,
        userId,
        hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })),
      ),
    ),

  /** Marks an unused recovery code used; false when there is none with this hash (or it was used). */
  useRecoveryCode: async (userId: string, codeHash: string, now: Date) =>
    (await updatedCount(
      db,
      recoveryCodes,
      { usedAt: now },
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )) > 0,

  recoveryCodesLeft: async (userId: string) =>
    (
      await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    )[0]?.n ?? 0,

  /**
   * Removes the account's authenticator (enrolling or confirmed), and its recovery codes when no
   * passkey is left to need them; answers whether there was one.
   */
  removeTotp: (userId: string) =>
    db.transaction(async (tx) => {
      const removed = await deletedCount(tx, userFactors, eq(userFactors.userId, userId));
      const [{ keys }] = await tx.select({ keys: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      if (removed && keys === 0) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      return removed > 0;
    }),

  /** Removes every factor, passkey and recovery code of an account; answers how many factors went. */
  removeAll: (userId: string) =>
    db.transaction(async (tx) => {
      const removed = await deletedCount(
        tx,
        userFactors,
        and(eq(userFactors.userId, userId), isNotNull(userFactors.confirmedAt)),
      );
      await tx.delete(userFactors).where(eq(userFactors.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      return removed + (await deletedCount(tx, passkeys, eq(passkeys.userId, userId)));
    }),

  /** Rules with their target's name: every rule, or those of one enterprise and some roles. */
  listRules: async (only?: { enterpriseId: string; roleIds: string[] }): Promise<FactorRuleRecord[]> => {
    const rows = await db
      .select({
        kind: factorRules.kind,
        targetId: factorRules.targetId,
        userName: users.username,
        roleName: roles.name,
      })
      .from(factorRules)
      .leftJoin(users, and(ne(factorRules.kind, 'role'), eq(users.id, factorRules.targetId)))
      .leftJoin(roles, and(eq(factorRules.kind, 'role'), eq(roles.id, factorRules.targetId)))
      .where(
        only
          ? or(
              and(eq(factorRules.kind, 'enterprise'), eq(factorRules.targetId, only.enterpriseId)),
              only.roleIds.length
                ? and(eq(factorRules.kind, 'role'), inArray(factorRules.targetId, only.roleIds))
                : undefined,
            )
          : undefined,
      )
      .orderBy(factorRules.createdAt);
    return rows.map((r) => ({ kind: r.kind, targetId: r.targetId, targetName: r.userName ?? r.roleName }));
  },

  /** Whether a rule of this kind exists for this enterprise or role. */
  hasRule: async (kind: FactorRuleKind, targetId: string) =>
    (
      await db
        .select({ id: factorRules.id })
        .from(factorRules)
        .where(and(eq(factorRules.kind, kind), eq(factorRules.targetId, targetId)))
        .limit(1)
    ).length > 0,

  saveRule: (kind: FactorRuleKind, targetId: string, createdBy: string, now: Date) =>
    db.insert(factorRules).values({ kind, targetId, createdBy, createdAt: now }).onConflictDoNothing(),

  removeRule: (kind: FactorRuleKind, targetId: string) =>
    db.delete(factorRules).where(and(eq(factorRules.kind, kind), eq(factorRules.targetId, targetId))),
});

export type FactorsRepository = ReturnType<typeof createFactorsRepository>;
