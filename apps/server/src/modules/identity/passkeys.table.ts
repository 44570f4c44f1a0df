import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { parentRef, ts, uuidKey } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * Passkeys (WebAuthn credentials) of accounts, several per account. Only the public key is kept: the
 * private key never leaves the user's authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuidKey(),
    userId: parentRef(() => users.id),
    /** The name the user gave it ("Work laptop"). */
    name: text().notNull(),
    /** The authenticator's credential id, base64url. */
    credentialId: text().notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The authenticator's signature counter (0 for authenticators without one). */
    counter: bigint({ mode: 'number' }).notNull(),
    /** How the browser may reach it (`internal`, `usb`, `hybrid`...), handed back in sign-in options. */
    transports: jsonb().$type<string[]>().notNull(),
    /** Whether it is synced between the user's devices (backup eligible). */
    synced: text({ enum: ['single', 'multi'] }).notNull(),
    lastUsedAt: ts(),
    createdAt: ts().notNull(),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered: each is taken (deleted) by its answer, so it
 * serves once, and refused after `expiresAt`. `userId` is null for a sign-in without a password,
 * where the passkey itself names the account.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuidKey(),
    purpose: text({ enum: ['register', 'signIn', 'stepUp'] }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    challenge: text().notNull(),
    expiresAt: ts().notNull(),
  },
  (t) => [index('webauthn_challenges_expiry_idx').on(t.expiresAt)],
);
