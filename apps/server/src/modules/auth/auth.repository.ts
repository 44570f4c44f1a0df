import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstWhere } from '../../shared/sql';
import { findUserMenuTree } from '../menus/menus.repository';
import { users } from '../users/users.table';
import { captchas, loginThrottle, sessions } from './auth.table';

type EndReason = NonNullable<(typeof sessions.$inferSelect)['endReason']>;

/** Storage of captchas, sessions and failed-login counters. */
export const createAuthRepository = (db: Db) => ({
  /** The user's menu tree as the console receives it. */
  userMenuTree: (userId: string) => findUserMenuTree(db, userId),

  /** Stores a captcha answer hash and drops expired ones. */
  async saveCaptcha(answerHash: string, expiresAt: Date, now: Date) {
    await db.delete(captchas).where(lt(captchas.expiresAt, now));
    const [row] = await db.insert(captchas).values({ answerHash, expiresAt }).returning({ id: captchas.id });
    return row.id;
  },

  /** Removes a captcha and returns it: a captcha can be tried once. */
  async takeCaptcha(id: string) {
    const [row] = await db.delete(captchas).where(eq(captchas.id, id)).returning();
    return row ?? null;
  },

  findUserByUsername: async (username: string) =>
    firstWhere(db, users, sql`lower(${users.username}) = lower(${username})`),

  findUserById: async (id: string) => firstWhere(db, users, eq(users.id, id)),

  async createSession(values: typeof sessions.$inferInsert) {
    const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
    return row.id;
  },

  /** A live (not ended) session and its user, by token hash. */
  async findLiveSession(tokenHash: string) {
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)));
    return row ?? null;
  },

  /** The sessions among `ids` not ended yet, with their times and whether their account is enabled. */
  findOpenSessions: (ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: sessions.id,
            userId: sessions.userId,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
            enabled: users.enabled,
            state: users.state,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(inArray(sessions.id, ids), isNull(sessions.endedAt))),

  /** Remembers that the session's password was entered again now. */
  stepUp: (id: string, at: Date) => db.update(sessions).set({ steppedUpAt: at }).where(eq(sessions.id, id)),

  steppedUpAt: async (id: string) =>
    (await db.select({ at: sessions.steppedUpAt }).from(sessions).where(eq(sessions.id, id)))[0]?.at ?? null,

  /** The single sign-on provider and ID token a session was opened with, if any. */
  ssoBindingOf: async (id: string) =>
    (
      await db
        .select({ providerId: sessions.ssoProviderId, idTokenEnc: sessions.ssoIdTokenEnc })
        .from(sessions)
        .where(eq(sessions.id, id))
    )[0] ?? null,

  /** Remembers that a second factor was confirmed in the session now. */
  stepUpByFactor: (id: string, at: Date) =>
    db.update(sessions).set({ factorSteppedUpAt: at }).where(eq(sessions.id, id)),

  factorSteppedUpAt: async (id: string) =>
    (await db.select({ at: sessions.factorSteppedUpAt }).from(sessions).where(eq(sessions.id, id)))[0]?.at ??
    null,

  touchSession: (id: string, at: Date) =>
    db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id)),

  endSession: (id: string, reason: EndReason, at: Date) =>
    db
      .update(sessions)
      .set({ endedAt: at, endReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.endedAt))),

  endSessionByTokenHash: (tokenHash: string, at: Date) =>
    db
      .update(sessions)
      .set({ endedAt: at, endReason: 'logout' })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)))
      .returning({ userId: sessions.userId }),

  /** A user's sessions not ended yet, newest first (the service drops those past their limits). */
  listOpenSessions: (userId: string) =>
    db
      .select({
        id: sessions.id,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .orderBy(desc(sessions.createdAt)),

  /** Ends one open session of a user; false when it is not theirs or already ended. */
  endSessionOf: async (userId: string, id: string, reason: EndReason, at: Date) =>
    (
      await db
        .update(sessions)
        .set({ endedAt: at, endReason: reason })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.endedAt)))
        .returning({ id: sessions.id })
    ).length > 0,

  /** Ends every live session of a user (password change, disable, kick-out). */
  endUserSessions: (userId: string, reason: EndReason, at: Date) =>
    db
      .update(sessions)
      .set({ endedAt: at, endReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt))),

  /**
   * Locks the counters of `keys` for one transaction (creating missing ones at zero when `create` is
   * set) and writes what `decide` returns for them. Attempts on the same counters run one after
   * another, so parallel logins cannot all read a count before any of them writes it.
   */
  updateThrottle: <T>(
    keys: string[],
    opts: { create: boolean; now: Date },
    decide: (rows: Map<string, ThrottleRow>) => { writes: ThrottleRow[]; result: T },
  ): Promise<T> =>
    db.transaction(async (tx) => {
      const sorted = [...new Set(keys)].sort();
      if (opts.create)
        await tx
          .insert(loginThrottle)
          .values(sorted.map((key) => ({ key, failures: 0, windowStart: opts.now, blockedUntil: null })))
          .onConflictDoNothing();
      const rows = await tx
        .select()
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, sorted))
        .orderBy(loginThrottle.key)
        .for('update');
      const { writes, result } = decide(new Map(rows.map((row) => [row.key, row])));
      for (const row of writes)
        await tx
          .update(loginThrottle)
          .set({ failures: row.failures, windowStart: row.windowStart, blockedUntil: row.blockedUntil })
          .where(eq(loginThrottle.key, row.key));
      return result;
    }),

  clearThrottle: (keys: string[]) => db.delete(loginThrottle).where(inArray(loginThrottle.key, keys)),
});

export type ThrottleRow = typeof loginThrottle.$inferSelect;

export type AuthRepository = ReturnType<typeof createAuthRepository>;
