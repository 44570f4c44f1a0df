import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { parentRef, ts, uuidKey } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * Second factors of accounts, one row per enrolled factor. `kind` names the factor (`totp` now,
 * passkeys later); each kind keeps what it needs: a TOTP its seed, encrypted with the server key.
 */
export const userFactors = pgTable(
  'user_factors',
  {
    id: uuidKey(),
    userId: parentRef(() => users.id),
    kind: text({ enum: ['totp'] }).notNull(),
    /** The secret, encrypted at rest (`AppKeys.encryptSecret`); never answered by any call. */
    secretEnc: text(),
    /** Null while enrolling: an unconfirmed factor never counts at sign-in. */
    confirmedAt: ts(),
    /** The TOTP time step of the last accepted code: a code of that step or an earlier one is refused. */
    lastUsedStep: bigint({ mode: 'number' }),
    lastUsedAt: ts(),
    createdAt: ts().notNull(),
  },
  // One authenticator per account; kinds to come (passkeys) may hold several.
  (t) => [
    uniqueIndex('user_factors_one_totp_idx').on(t.userId).where(sql`${t.kind} = 'totp'`),
    index('user_factors_user_idx').on(t.userId),
  ],
);

/** One-time recovery codes (SHA-256 of the code): each signs in once in place of a factor. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuidKey(),
    userId: parentRef(() => users.id),
    codeHash: text().notNull(),
    usedAt: ts(),
    createdAt: ts().notNull(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Rules of sign-in: `enterprise` and `role` make a second factor compulsory for every account of an
 * enterprise or every holder of a role; `passwordless` lets an enterprise's accounts sign in with a
 * passkey alone.
 */
export const factorRules = pgTable(
  'factor_rules',
  {
    id: uuidKey(),
    kind: text({ enum: ['enterprise', 'role', 'passwordless'] }).notNull(),
    /**
     * The enterprise's top account (`enterprise`, `passwordless`), or the role (removed with it by the
     * service's owner checks).
     */
    targetId: uuid().notNull(),
    createdBy: uuid(),
    createdAt: ts().notNull(),
  },
  (t) => [uniqueIndex('factor_rules_target_idx').on(t.kind, t.targetId)],
);
