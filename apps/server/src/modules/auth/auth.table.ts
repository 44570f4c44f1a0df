import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { parentRef, ts, uuidKey } from '../../db/columns';
import { users } from '../users/users.table';

/** Sessions: only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidKey(),
    tokenHash: text().notNull().unique(),
    userId: parentRef(() => users.id),
    ip: text(),
    userAgent: text(),
    createdAt: ts().notNull().defaultNow(),
    lastSeenAt: ts().notNull().defaultNow(),
    expiresAt: ts().notNull(),
    endedAt: ts(),
    endReason: text({ enum: ['logout', 'idle', 'expired', 'password', 'disabled', 'kicked'] }),
    /** When the password was last entered again in this session (step-up before a sensitive act). */
    steppedUpAt: ts(),
    /** When a second factor was last confirmed in this session (step-up of an account that has one). */
    factorSteppedUpAt: ts(),
    /** The single sign-on provider that opened the session, for signing out there too. */
    ssoProviderId: text(),
    /** The provider's ID token (encrypted with the server key): the hint its sign-out asks for. */
    ssoIdTokenEnc: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Captcha answers (hashed), single use, short-lived; kept in the database so any instance can check. */
export const captchas = pgTable('captchas', {
  id: uuidKey(),
  answerHash: text().notNull(),
  expiresAt: ts().notNull(),
});

/** Failed-login counters per account (`u:name`) and per address (`ip:addr`). */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStart: ts().notNull().defaultNow(),
  blockedUntil: ts(),
});
