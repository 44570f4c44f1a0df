import type { ReviewEntry, UserRow } from '@cpm/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { accountSubtreeSql, inDataScope } from '../../shared/data-scope';
import {
  allWhere,
  firstWhere,
  insertWithLinks,
  replaceLinks,
  updatedCount,
  uuidArray,
} from '../../shared/sql';
import { sessions } from '../auth/auth.table';
import { terminalGroups } from '../groups/groups.table';
import { menus } from '../menus/menus.table';
import { privateCustomers } from '../privatization/privatization.table';
import { roleMenus, roles } from '../roles/roles.table';
import { userReviews, userRoles, users } from './users.table';

export type UserFilter = {
  username?: string;
  name?: string;
  email?: string;
  phone?: string;
  enabled?: boolean;
  state?: number;
  roleId?: string;
};

export type UserRecord = typeof users.$inferSelect;

/** The link rows giving a user their roles. */
const roleRows = (userId: string, roleIds: string[]) => roleIds.map((roleId) => ({ userId, roleId }));

/** One step of an account's review, as the service records it. */
export type ReviewStep = Omit<typeof userReviews.$inferInsert, 'id' | 'userId'>;

const like = (column: Parameters<typeof ilike>[0], v: string) =>
  ilike(column, `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

const superior = alias(users, 'superior');

/** Whether an account is the caller or below it in the superior tree (always, for platform administrators). */
export const isAccountVisible = async (db: Db, auth: AuthContext, accountId: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, accountId), inDataScope(auth, users.id) as SQL | undefined))
  ).length > 0;

/** Storage of accounts; every read is limited to the caller's account tree. */
export const createUsersRepository = (db: Db) => {
  const where = (auth: AuthContext, f: UserFilter): SQL | undefined =>
    and(
      inDataScope(auth, users.id),
      f.username ? like(users.username, f.username) : undefined,
      f.name ? like(users.name, f.name) : undefined,
      f.email ? like(users.email, f.email) : undefined,
      f.phone ? like(users.phone, f.phone) : undefined,
      f.enabled === undefined ? undefined : eq(users.enabled, f.enabled),
      f.state === undefined ? undefined : eq(users.state, f.state),
      f.roleId
        ? sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${f.roleId})`
        : undefined,
    );

  const rolesOf = async (ids: string[]) => {
    if (!ids.length) return new Map<string, { id: string; name: string; nameEn: string }[]>();
    const rows = await db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name, nameEn: roles.nameEn })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, ids))
      .orderBy(asc(roles.name));
    const map = new Map<string, { id: string; name: string; nameEn: string }[]>();
    for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r]);
    return map;
  };

  return {
    async list(auth: AuthContext, f: UserFilter, offset: number, limit: number): Promise<UserRow[]> {
      const rows = await db
        .select({ user: users, groupName: terminalGroups.name, superiorName: superior.username })
        .from(users)
        .leftJoin(terminalGroups, eq(terminalGroups.id, users.storeScopeGroupId))
        .leftJoin(superior, eq(superior.id, users.superiorId))
        .where(where(auth, f))
        .orderBy(desc(users.createdAt), asc(users.username))
        .offset(offset)
        .limit(limit);
      const granted = await rolesOf(rows.map((r) => r.user.id));
      return rows.map(({ user: u, groupName, superiorName }) => {
        const rs = granted.get(u.id) ?? [];
        return {
          id: u.id,
          username: u.username,
          name: u.name,
          email: u.email,
          phone: u.phone,
          description: u.description,
          status: u.enabled ? 1 : 0,
          state: u.state,
          rejectReason: u.rejectReason,
          roleIds: rs.map((r) => r.id),
          roleNames: rs.map((r) => r.name),
          roleNamesEn: rs.map((r) => r.nameEn || r.name),
          systemLevel: u.systemLevel,
          storeScopeGroupId: u.storeScopeGroupId,
          storeScopeGroupName: groupName,
          superiorId: u.superiorId,
          superiorName,
          companyName: u.companyName,
          address: u.address,
          salesmanName: u.salesmanName,
          salesmanPhone: u.salesmanPhone,
          salesmanAddress: u.salesmanAddress,
          hardwareSmsAlert: u.hardwareSmsAlert,
          fenceEmailAlert: u.fenceEmailAlert,
          locationEnabled: u.locationEnabled,
          international: u.international,
          activated: u.activatedAt !== null,
          createdAt: u.createdAt.toISOString(),
        };
      });
    },

    async count(auth: AuthContext, f: UserFilter) {
      const [row] = await db.select({ n: count() }).from(users).where(where(auth, f));
      return row.n;
    },

    /** Active, enabled accounts of the tree, for selects. */
    options: (auth: AuthContext) =>
      db
        .select({ id: users.id, username: users.username, name: users.name })
        .from(users)
        .where(and(inDataScope(auth, users.id), eq(users.state, 1), eq(users.enabled, true)))
        .orderBy(asc(users.username)),

    findVisible: async (auth: AuthContext, id: string): Promise<UserRecord | null> =>
      firstWhere(db, users, and(eq(users.id, id), inDataScope(auth, users.id))),

    findById: async (id: string): Promise<UserRecord | null> => firstWhere(db, users, eq(users.id, id)),

    /** Another account with this name in any letter case. */
    usernameTaken: async (username: string, exceptId?: string) =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              sql`lower(${users.username}) = lower(${username})`,
              exceptId ? ne(users.id, exceptId) : undefined,
            ),
          )
      ).length > 0,

    /** Ids of the account and every account below it. */
    async subtreeIds(id: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.id} in ${accountSubtreeSql(id)}`);
      return new Set(rows.map((r) => r.id));
    },

    /** Whether anything still hangs off the account: subordinates, groups, customer records. */
    async hasDependents(id: string) {
      const [sub] = await db.select({ n: count() }).from(users).where(eq(users.superiorId, id));
      const [groups] = await db
        .select({ n: count() })
        .from(terminalGroups)
        .where(eq(terminalGroups.ownerId, id));
      const [customers] = await db
        .select({ n: count() })
        .from(privateCustomers)
        .where(eq(privateCustomers.ownerId, id));
      return sub.n + groups.n + customers.n > 0;
    },

    roleIdsOf: async (userId: string) =>
      (await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map(
        (r) => r.id,
      ),

    insert: (values: typeof users.$inferInsert, roleIds: string[]) =>
      insertWithLinks(db, users, values, userRoles, (userId) => roleRows(userId, roleIds)),

    async update(id: string, values: Partial<typeof users.$inferInsert>, roleIds?: string[]) {
      await db.transaction(async (tx) => {
        await tx.update(users).set(values).where(eq(users.id, id));
        if (roleIds) await replaceLinks(tx, userRoles, userRoles.userId, id, roleRows(id, roleIds));
      });
    },

    remove: (id: string) => db.delete(users).where(eq(users.id, id)),

    /**
     * Moves an account out of one of the `from` states and records the step in its review history,
     * in one transaction. False when the account was no longer in such a state (someone else decided).
     */
    recordReview: (
      id: string,
      from: readonly number[],
      values: Partial<typeof users.$inferInsert>,
      step: ReviewStep,
    ): Promise<boolean> =>
      db.transaction(async (tx) => {
        const moved = await tx
          .update(users)
          .set(values)
          .where(and(eq(users.id, id), inArray(users.state, [...from])))
          .returning({ id: users.id });
        if (!moved.length) return false;
        await tx.insert(userReviews).values({ ...step, userId: id });
        return true;
      }),

    /** The review history of an account, newest first. */
    reviewHistory: async (userId: string): Promise<ReviewEntry[]> =>
      (
        await allWhere(db, userReviews, eq(userReviews.userId, userId), [
          desc(userReviews.at),
          desc(userReviews.id),
        ])
      ).map((r) => ({
        decision: r.decision,
        reason: r.reason,
        actorName: r.actorName,
        at: r.at.toISOString(),
      })),

    /** Ends the live sessions of an account (but the one named, if any); answers how many ended. */
    async endSessions(
      userId: string,
      reason: 'password' | 'disabled' | 'kicked',
      at: Date,
      exceptSessionId?: string,
    ) {
      return updatedCount(
        db,
        sessions,
        { endedAt: at, endReason: reason },
        and(
          eq(sessions.userId, userId),
          isNull(sessions.endedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      );
    },

    /** Enabled platform administrators' addresses (they are told about new applications). */
    findReviewerEmails: async () =>
      (
        await db
          .selectDistinct({ email: users.email })
          .from(users)
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(and(eq(roles.dataScope, 'all'), eq(users.enabled, true), sql`${users.email} is not null`))
      )
        .map((r) => r.email)
        .filter((e): e is string => Boolean(e)),

    /** Enabled, active accounts among `userIds` or holding one of `roleIds`: whom an alert rule notifies. */
    findByIdsOrRoles: (userIds: string[], roleIds: string[]) =>
      db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          phone: users.phone,
          international: users.international,
        })
        .from(users)
        .where(
          and(
            eq(users.state, 1),
            eq(users.enabled, true),
            sql`(${users.id} = any(${uuidArray(userIds)}) or exists (select 1 from ${userRoles} ur
              where ur.user_id = ${users.id} and ur.role_id = any(${uuidArray(roleIds)})))`,
          ),
        ),

    /** Active, enabled accounts of the tree whose enabled roles grant a permission key, for selects. */
    findHolding: (auth: AuthContext, permission: string) =>
      db
        .select({ id: users.id, username: users.username, name: users.name, email: users.email })
        .from(users)
        .where(
          and(
            inDataScope(auth, users.id),
            eq(users.state, 1),
            eq(users.enabled, true),
            sql`exists (select 1 from ${userRoles} ur
              join ${roles} r on r.id = ur.role_id and r.enabled
              join ${roleMenus} rm on rm.role_id = r.id
              join ${menus} m on m.id = rm.menu_id and m.enabled
              where ur.user_id = ${users.id} and m.permission = ${permission})`,
          ),
        )
        .orderBy(asc(users.username))
        .limit(500),
  };
};

export type UsersRepository = ReturnType<typeof createUsersRepository>;
