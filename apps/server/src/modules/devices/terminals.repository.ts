import type { TerminalFilter } from '@cpm/contracts';
import { and, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope, visibleAccountsSql } from '../../shared/data-scope';
import { existsWhere, firstWhere, rowsWhere } from '../../shared/sql';
import { subtreeIds } from '../groups/group-tree';
import { terminalGroups } from '../groups/groups.table';
import { users } from '../users/users.table';
import {
  enrollmentKeys,
  terminalFavorites,
  terminalLocations,
  terminalLogs,
  terminalModels,
  terminalStatusLog,
  terminals,
} from './devices.table';
import { selectRows, type TerminalRawRow, terminalFilterSql } from './terminal-rows.repository';

export {
  LONG_OFFLINE_MS,
  type TerminalRawRow,
  terminalFilterSql,
  terminalRowColumns,
  toTerminalRow,
} from './terminal-rows.repository';

export type TerminalRecord = typeof terminals.$inferSelect;
export type NewTerminal = typeof terminals.$inferInsert;

/**
 * Totals above this are not counted exactly: counting half a million matching rows costs more than
 * the page itself, and nobody pages that far (they narrow the filter). The answer says "at least".
 */
export const LIST_COUNT_CAP = 10_000;

/** The account ids a caller's data scope covers, or null for platform administrators (no filter). */
export const visibleOwnerIds = async (db: Db, scope: Scope): Promise<string[] | null> => {
  const visible = visibleAccountsSql(scope);
  if (!visible) return null;
  const result = await db.execute<{ id: string }>(sql`${visible}`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
};

/** Storage of terminals and their history. */
/** A terminal's newest rows in one of its history tables. */
const newestOf = <T extends typeof terminalStatusLog | typeof terminalLocations | typeof terminalLogs>(
  db: Db,
  table: T,
  terminalId: string,
  limit: number,
) => rowsWhere(db, table, eq(table.terminalId, terminalId), [desc(table.at)], 0, limit);

export const createTerminalsRepository = (db: Db) => ({
  visibleOwnerIds: (scope: Scope) => visibleOwnerIds(db, scope),

  /**
   * The statements of one list page, newest first: its total counted up to the cap, and its rows by
   * either of two plans. `ordered` walks the list order and keeps the matches, which is quick when
   * matches are common. When they are few (the total is within the cap) that walk can pass most of the
   * table before finding any (an SN prefix whose terminals are old), so `matchesFirst` takes the
   * matches from the index that fits the filter (with the order columns in it) and sorts only them.
   * Either way only the page's own rows are read from the table. (The list benchmark explains them.)
   */
  pageStatements(where: SQL | undefined, offset: number, limit: number) {
    const order = [desc(terminals.createdAt), desc(terminals.id)];
    const rowsOf = (pageIds: SQLWrapper) =>
      selectRows(db)
        .where(inArray(terminals.id, pageIds))
        .orderBy(...order);
    const pickIds = () =>
      db
        .select({ id: terminals.id })
        .from(terminals)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
    // The limit keeps the planner from folding the matches into the ordered walk; it never cuts, as
    // this plan is only used when the total is within it.
    const matches = db
      .select({ id: terminals.id, createdAt: terminals.createdAt })
      .from(terminals)
      .where(where)
      .limit(LIST_COUNT_CAP + 1)
      .as('matches');
    return {
      total: db.select({ total: sql<number>`count(*)::int` }).from(
        db
          .select({ one: sql`1` })
          .from(terminals)
          .where(where)
          .limit(LIST_COUNT_CAP + 1)
          .as('capped'),
      ),
      ordered: rowsOf(pickIds()),
      matchesFirst: rowsOf(
        db
          .select({ id: matches.id })
          .from(matches)
          .orderBy(desc(matches.createdAt), desc(matches.id))
          .limit(limit)
          .offset(offset),
      ),
    };
  },

  /** One page of the list, newest first, with its total (capped). */
  async findPage(where: SQL | undefined, offset: number, limit: number) {
    const statements = this.pageStatements(where, offset, limit);
    const [{ total }] = await statements.total;
    const rows =
      total <= LIST_COUNT_CAP && offset >= total
        ? []
        : await (where && total <= LIST_COUNT_CAP ? statements.matchesFirst : statements.ordered);
    return { rows, total: Math.min(total, LIST_COUNT_CAP), totalCapped: total > LIST_COUNT_CAP };
  },

  /** The exact number of rows matching a filter (background exports; the list caps its count). */
  count: async (where: SQL | undefined) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(terminals).where(where))[0].n,

  /** Rows matching a filter in batches, for streaming exports. */
  async *iterate(where: SQL | undefined, batch = 2000) {
    // The cursor keeps the database's own text of the timestamp: PostgreSQL stores microseconds and a
    // JavaScript Date only milliseconds, so rows created in one statement would all fall past it.
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const cursor: SQL | undefined = after
        ? sql`(${terminals.createdAt}, ${terminals.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
        : undefined;
      const rows: TerminalRawRow[] = await selectRows(db)
        .where(and(where, cursor))
        .orderBy(desc(terminals.createdAt), desc(terminals.id))
        .limit(batch);
      if (rows.length === 0) return;
      yield rows;
      const lastId = rows[rows.length - 1].id as string;
      const [exact] = await db
        .select({ createdAt: sql<string>`${terminals.createdAt}::text` })
        .from(terminals)
        .where(eq(terminals.id, lastId));
      // A row deleted meanwhile leaves only the JavaScript time to go on.
      const fallback = (rows[rows.length - 1].createdAt as Date).toISOString();
      after = { createdAt: exact?.createdAt ?? fallback, id: lastId };
      if (rows.length < batch) return;
    }
  },

  /** One page of the terminals matching the list filter in the caller's data scope. */
  findMatchingPage(scope: Scope, filter: TerminalFilter, now: Date, offset: number, limit: number) {
    return this.findPage(terminalFilterSql(scope, filter, now), offset, limit);
  },

  /** The exact number of terminals matching the list filter in the caller's data scope. */
  countMatching(scope: Scope, filter: TerminalFilter, now: Date) {
    return this.count(terminalFilterSql(scope, filter, now));
  },

  /** Rows matching the list filter in batches, for streaming exports. */
  iterateMatching(scope: Scope, filter: TerminalFilter, now: Date, batch?: number) {
    return this.iterate(terminalFilterSql(scope, filter, now), batch);
  },

  /** A terminal's list row, when it is in the caller's data scope. */
  findRowBySn: async (scope: Scope, sn: string) =>
    (await selectRows(db).where(and(inDataScope(scope, terminals.ownerId), eq(terminals.sn, sn))))[0] ?? null,

  findBySn: async (sn: string) => firstWhere(db, terminals, eq(terminals.sn, sn)),

  findById: async (id: string) => firstWhere(db, terminals, eq(terminals.id, id)),

  findByMac: async (mac: string) =>
    (
      await db.select({ id: terminals.id, sn: terminals.sn }).from(terminals).where(eq(terminals.mac, mac))
    )[0] ?? null,

  /** Of these MAC addresses, those of terminals the caller may see. */
  visibleMacs: async (scope: Scope, macs: string[]) =>
    new Set(
      macs.length
        ? (
            await db
              .select({ mac: terminals.mac })
              .from(terminals)
              .where(and(inDataScope(scope, terminals.ownerId), inArray(terminals.mac, macs)))
          ).map((t) => t.mac)
        : [],
    ),

  /** Terminals by SN that the caller may see. */
  findInScope: (scope: Scope, sns: string[]) =>
    db
      .select({ id: terminals.id, sn: terminals.sn, ownerId: terminals.ownerId })
      .from(terminals)
      .where(and(inDataScope(scope, terminals.ownerId), inArray(terminals.sn, sns))),

  insert: async (values: typeof terminals.$inferInsert) =>
    (await db.insert(terminals).values(values).returning())[0],

  update: (id: string, values: Partial<typeof terminals.$inferInsert>) =>
    db.update(terminals).set(values).where(eq(terminals.id, id)),

  deleteByIds: async (ids: string[]) =>
    (await db.delete(terminals).where(inArray(terminals.id, ids)).returning({ id: terminals.id })).length,

  moveToGroup: async (ids: string[], groupId: string, at: Date) =>
    (
      await db
        .update(terminals)
        .set({ groupId, updatedAt: at })
        .where(inArray(terminals.id, ids))
        .returning({ id: terminals.id })
    ).length,

  modelExists: async (id: string) =>
    (await db.select({ id: terminalModels.id }).from(terminalModels).where(eq(terminalModels.id, id)))
      .length > 0,

  /** The group, when the caller may see it. */
  findGroup: async (scope: Scope, id: string) =>
    (
      await db
        .select({ id: terminalGroups.id, ownerId: terminalGroups.ownerId })
        .from(terminalGroups)
        .where(and(eq(terminalGroups.id, id), inDataScope(scope, terminalGroups.ownerId)))
    )[0] ?? null,

  /**
   * The groups a user's store scope lets them add terminals to: the scope's group and every group
   * below it; null when the account has no store scope.
   */
  storeScopeGroupIds: async (userId: string): Promise<Set<string> | null> => {
    const [user] = await db
      .select({ groupId: users.storeScopeGroupId })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.groupId) return null;
    const [root] = await db
      .select({ ownerId: terminalGroups.ownerId })
      .from(terminalGroups)
      .where(eq(terminalGroups.id, user.groupId));
    if (!root) return new Set();
    const tree = await db
      .select({ id: terminalGroups.id, parentId: terminalGroups.parentId })
      .from(terminalGroups)
      .where(eq(terminalGroups.ownerId, root.ownerId));
    return subtreeIds(tree, user.groupId);
  },

  /** An account the caller may see. */
  accountVisible: async (scope: Scope, id: string) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), inDataScope(scope, users.id)))
    ).length > 0,

  groupOptions: (scope: Scope) =>
    db
      .select({ id: terminalGroups.id, name: terminalGroups.name, number: terminalGroups.number })
      .from(terminalGroups)
      .where(inDataScope(scope, terminalGroups.ownerId))
      .orderBy(terminalGroups.name)
      .limit(1000),

  ownerOptions: async (scope: Scope) =>
    (
      await db
        .select({ id: users.id, name: users.name, username: users.username })
        .from(users)
        .where(inDataScope(scope, users.id))
        .orderBy(users.username)
        .limit(1000)
    ).map((u) => ({ id: u.id, name: u.name || u.username })),

  history: async (terminalId: string) => ({
    statuses: await newestOf(db, terminalStatusLog, terminalId, 200),
    locations: await newestOf(db, terminalLocations, terminalId, 200),
  }),

  logs: (terminalId: string) => newestOf(db, terminalLogs, terminalId, 20),

  isFavorite: async (userId: string, terminalId: string) =>
    existsWhere(
      db,
      terminalFavorites,
      and(eq(terminalFavorites.userId, userId), eq(terminalFavorites.terminalId, terminalId)),
    ),

  saveEnrollmentKey: (ownerId: string, keyHash: string, at: Date) =>
    db
      .insert(enrollmentKeys)
      .values({ ownerId, keyHash, createdAt: at })
      .onConflictDoUpdate({ target: enrollmentKeys.ownerId, set: { keyHash, createdAt: at } }),

  logStatus: (rows: (typeof terminalStatusLog.$inferInsert)[]) =>
    rows.length ? db.insert(terminalStatusLog).values(rows) : Promise.resolve(),

  /** Model ids by lower-case name, for imports. */
  modelIdsByName: async () =>
    new Map(
      (await db.select({ id: terminalModels.id, name: terminalModels.name }).from(terminalModels)).map(
        (m) => [m.name.toLowerCase(), m.id],
      ),
    ),

  /** Visible group ids by group number, for imports. */
  groupIdsByNumber: async (scope: Scope) =>
    new Map(
      (
        await db
          .select({ id: terminalGroups.id, number: terminalGroups.number })
          .from(terminalGroups)
          .where(inDataScope(scope, terminalGroups.ownerId))
      ).map((g) => [g.number, g.id]),
    ),

  /** Which of these SNs are already registered. */
  takenSns: async (sns: string[]) =>
    new Set(
      sns.length
        ? (await db.select({ sn: terminals.sn }).from(terminals).where(inArray(terminals.sn, sns))).map(
            (t) => t.sn,
          )
        : [],
    ),

  /** Which of these MAC addresses are already used. */
  takenMacs: async (macs: string[]) =>
    new Set(
      macs.length
        ? (await db.select({ mac: terminals.mac }).from(terminals).where(inArray(terminals.mac, macs))).map(
            (t) => t.mac,
          )
        : [],
    ),

  /** Inserts many terminals in one transaction: all or none. */
  insertMany: (values: (typeof terminals.$inferInsert)[]) =>
    db.transaction(async (tx) => {
      for (let i = 0; i < values.length; i += 500)
        await tx.insert(terminals).values(values.slice(i, i + 500));
    }),

  /** Visible accounts by username (case-insensitive), for the factory import's enterprise column. */
  accountsByUsername: async (scope: Scope, names: string[]) =>
    names.length
      ? db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(
            and(
              inDataScope(scope, users.id),
              inArray(
                sql`lower(${users.username})`,
                names.map((n) => n.toLowerCase()),
              ),
            ),
          )
      : [],

  transaction: <T>(fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db)),
});

export type TerminalsRepository = ReturnType<typeof createTerminalsRepository>;
