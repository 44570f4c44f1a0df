import type { MessageScope, MessageStatus, NoticeText } from '@cpm/contracts';
import { and, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { accountSubtreeSql, inDataScope } from '../../shared/data-scope';
import { containsIn, firstWhere, insertLinks } from '../../shared/sql';
import { terminalGroups } from '../groups/groups.table';
import { roles } from '../roles/roles.table';
import { users } from '../users/users.table';
import {
  escapeLike,
  type MineFilter,
  mineCountSql,
  mineCte,
  mineFrom,
  type Reach,
  reachSql,
  uuidArray,
} from './inbox-sql.repository';
import { EVERYONE_ROOT, messageReceipts, messages, messageTargets } from './messages.table';

/** The audience root of a message every tenant receives. */
export { EVERYONE_ROOT, mineCountSql, type Reach };

type Scoped = Pick<AuthContext, 'userId' | 'dataScope'>;

/** Roles a caller may name: the built-in ones (no owner) and those of accounts in the caller's data scope. */
const visibleRole = (auth: Scoped) => {
  const scoped = inDataScope(auth, roles.ownerId);
  return scoped ? or(isNull(roles.ownerId), scoped) : undefined;
};
export type MessageRow = typeof messages.$inferSelect;

/** Who a published message reaches; enough to list its recipients even after the row is gone. */
export type Audience = { scope: MessageScope; rootId: string; targetIds: readonly string[] };

/** One row of a user's own message box. */
export type MyMessageRow = {
  id: string;
  title: string;
  content: string;
  publishedAt: Date;
  publisherName: string;
  notice: NoticeText | null;
  readAt: Date | null;
};

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Storage of messages, their audiences and read receipts. */
export const createMessagesRepository = (db: Db) => ({
  /** Who the user is for audiences: roots above them and target keys. */
  async findReach(userId: string): Promise<Reach> {
    const [row] = await rowsOf<{ roots: string | null; keys: string | null }>(db, reachSql(userId));
    const list = (text: string | null) => (text ? text.split(',').filter(Boolean) : []);
    return { userId, roots: [...list(row.roots), EVERYONE_ROOT], keys: [userId, ...list(row.keys)] };
  },

  /** A message inside the caller's data scope (by author), or null. */
  async findInScope(auth: Scoped, id: string): Promise<MessageRow | null> {
    const [row] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), inDataScope(auth, messages.ownerId)));
    return row ?? null;
  },

  findById: async (id: string): Promise<MessageRow | null> => firstWhere(db, messages, eq(messages.id, id)),

  /** Target ids of a message. */
  async findTargetIds(messageId: string): Promise<string[]> {
    const rows = await db
      .select({ id: messageTargets.targetId })
      .from(messageTargets)
      .where(eq(messageTargets.messageId, messageId));
    return rows.map((r) => r.id);
  },

  /** How many of `ids` exist as the kind `scope` names and lie inside the caller's data scope. */
  async countTargetsInScope(auth: Scoped, scope: Exclude<MessageScope, 'all'>, ids: readonly string[]) {
    if (ids.length === 0) return 0;
    const list = [...ids];
    const count = sql<number>`count(*)::int`;
    // Built-in roles are everyone's; an enterprise's own roles only its tree's (who holds a role is
    // narrowed by the audience root as well).
    const [row] =
      scope === 'roles'
        ? await db
            .select({ n: count })
            .from(roles)
            .where(and(inArray(roles.id, list), visibleRole(auth)))
        : scope === 'users'
          ? await db
              .select({ n: count })
              .from(users)
              .where(and(inArray(users.id, list), inDataScope(auth, users.id)))
          : await db
              .select({ n: count })
              .from(terminalGroups)
              .where(and(inArray(terminalGroups.id, list), inDataScope(auth, terminalGroups.ownerId)));
    return row.n;
  },

  /** Recipients a message may name, for the picker, by keyword. */
  async findTargetOptions(auth: Scoped, scope: Exclude<MessageScope, 'all'>, keyword: string | undefined) {
    const limit = 50;
    if (scope === 'roles') {
      const rows = await db
        .select({ id: roles.id, name: roles.name, nameEn: roles.nameEn })
        .from(roles)
        .where(and(visibleRole(auth), containsIn(keyword, roles.name, roles.nameEn)))
        .orderBy(roles.name)
        .limit(limit);
      return rows.map((r) => ({ id: r.id, name: r.nameEn ? `${r.name} / ${r.nameEn}` : r.name }));
    }
    if (scope === 'users') {
      const rows = await db
        .select({ id: users.id, name: users.name, username: users.username })
        .from(users)
        .where(and(inDataScope(auth, users.id), containsIn(keyword, users.name, users.username)))
        .orderBy(users.username)
        .limit(limit);
      return rows.map((r) => ({ id: r.id, name: r.name ? `${r.name} (${r.username})` : r.username }));
    }
    const rows = await db
      .select({ id: terminalGroups.id, name: terminalGroups.name, number: terminalGroups.number })
      .from(terminalGroups)
      .where(
        and(
          inDataScope(auth, terminalGroups.ownerId),
          containsIn(keyword, terminalGroups.name, terminalGroups.number),
        ),
      )
      .orderBy(terminalGroups.name)
      .limit(limit);
    return rows.map((r) => ({ id: r.id, name: `${r.name} (${r.number})` }));
  },

  /** Names of the targets of several messages, for the management list. */
  async findTargetNames(messageIds: readonly string[]) {
    if (messageIds.length === 0) return [];
    return db
      .select({
        messageId: messageTargets.messageId,
        id: messageTargets.targetId,
        // Roles are named in both languages, as in the recipient picker.
        name: sql<string>`coalesce(
          case when ${roles.nameEn} <> '' then ${roles.name} || ' / ' || ${roles.nameEn} else ${roles.name} end,
          ${users.name}, ${terminalGroups.name}, '')`,
        username: users.username,
      })
      .from(messageTargets)
      .innerJoin(messages, eq(messages.id, messageTargets.messageId))
      .leftJoin(roles, and(eq(messages.scope, 'roles'), eq(roles.id, messageTargets.targetId)))
      .leftJoin(users, and(eq(messages.scope, 'users'), eq(users.id, messageTargets.targetId)))
      .leftJoin(
        terminalGroups,
        and(eq(messages.scope, 'groups'), eq(terminalGroups.id, messageTargets.targetId)),
      )
      .where(inArray(messageTargets.messageId, [...messageIds]));
  },

  /** The management list: messages by authors inside the caller's data scope. */
  async findPage(
    auth: Scoped,
    q: {
      id?: string;
      title?: string;
      status?: MessageStatus;
      publishedFrom?: Date;
      publishedTo?: Date;
      offset: number;
      limit: number;
    },
  ) {
    const where = and(
      inDataScope(auth, messages.ownerId),
      q.id ? eq(messages.id, q.id) : undefined,
      q.title ? ilike(messages.title, `%${escapeLike(q.title)}%`) : undefined,
      q.status ? eq(messages.status, q.status) : undefined,
      q.publishedFrom ? gte(messages.publishedAt, q.publishedFrom) : undefined,
      q.publishedTo ? lte(messages.publishedAt, q.publishedTo) : undefined,
    );
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(messages).where(where);
    const rows = await db
      .select({
        message: messages,
        ownerName: users.name,
        ownerUsername: users.username,
        readCount: sql<number>`(select count(*)::int from ${messageReceipts} r where r.message_id = ${messages.id})`,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.ownerId))
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .offset(q.offset)
      .limit(q.limit);
    return { total, rows };
  },

  /**
   * A message from the system to one user, published at once, in the caller's transaction when one
   * is given. The id is the caller's (e.g. a job's), so writing it twice stores it once.
   */
  async insertNotice(
    n: { id: string; userId: string; title: string; content: string; notice?: NoticeText; now: Date },
    tx: Db = db,
  ) {
    const inserted = await tx
      .insert(messages)
      .values({
        id: n.id,
        ownerId: n.userId,
        title: n.title,
        content: n.content,
        notice: n.notice ?? null,
        scope: 'users',
        status: 'published',
        audienceRootId: n.userId,
        publishedBy: n.userId,
        publishedAt: n.now,
        createdAt: n.now,
        updatedAt: n.now,
      })
      .onConflictDoNothing()
      .returning({ id: messages.id });
    if (inserted.length === 0) return false;
    await tx.insert(messageTargets).values({ messageId: n.id, targetId: n.userId, audienceRootId: n.userId });
    return true;
  },

  /** Writes a draft and its targets together. */
  async saveDraft(values: {
    id?: string;
    ownerId: string;
    title: string;
    content: string;
    scope: MessageScope;
    targetIds: readonly string[];
    now: Date;
  }): Promise<string> {
    return db.transaction(async (tx) => {
      let id = values.id;
      const fields = {
        title: values.title,
        content: values.content,
        scope: values.scope,
        updatedAt: values.now,
      };
      if (id) {
        // The status guard makes a publish that slipped in between check and write win.
        const updated = await tx
          .update(messages)
          .set(fields)
          .where(and(eq(messages.id, id), eq(messages.status, 'draft')))
          .returning({ id: messages.id });
        if (updated.length === 0) return '';
        await tx.delete(messageTargets).where(eq(messageTargets.messageId, id));
      } else {
        const [row] = await tx
          .insert(messages)
          .values({ ...fields, ownerId: values.ownerId, createdAt: values.now })
          .returning({ id: messages.id });
        id = row.id;
      }
      const targets = values.scope === 'all' ? [] : [...new Set(values.targetIds)];
      await insertLinks(
        tx,
        messageTargets,
        targets.map((targetId) => ({ messageId: id, targetId })),
      );
      return id;
    });
  },

  /**
   * Draft to published in one guarded write (plus the message's own target rows, at most a thousand,
   * never one per recipient); false when it was already published.
   */
  markPublished: (id: string, by: string, rootId: string, now: Date): Promise<boolean> =>
    db.transaction(async (tx) => {
      const rows = await tx
        .update(messages)
        .set({
          status: 'published',
          publishedAt: now,
          publishedBy: by,
          audienceRootId: rootId,
          updatedAt: now,
        })
        .where(and(eq(messages.id, id), eq(messages.status, 'draft')))
        .returning({ id: messages.id });
      if (rows.length === 0) return false;
      await tx.update(messageTargets).set({ audienceRootId: rootId }).where(eq(messageTargets.messageId, id));
      return true;
    }),

  remove: (id: string) => db.delete(messages).where(eq(messages.id, id)),

  /** One page of the user's box, newest first, with the total for the same filter. */
  async findMine(
    reach: Reach,
    q: MineFilter & { offset: number; limit: number },
  ): Promise<{ total: number; rows: MyMessageRow[] }> {
    const [{ n }] = await rowsOf<{ n: number }>(db, mineCountSql(reach, q));
    if (n === 0 || q.limit === 0) return { total: n, rows: [] };
    const rows = await rowsOf<{
      id: string;
      title: string;
      content: string;
      published_at: Date | string;
      publisher_name: string | null;
      notice: NoticeText | null;
      read_at: Date | string | null;
    }>(
      db,
      sql`${mineCte(reach, q.only)}
      select m.id, m.title, m.content, m.published_at, p.name as publisher_name, m.notice, r.read_at
      ${mineFrom(reach, q, true)}
      order by m.published_at desc, m.id desc
      offset ${q.offset} limit ${q.limit}`,
    );
    return {
      total: n,
      rows: rows.map((r) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        publishedAt: toDate(r.published_at) as Date,
        // A system notice comes from nobody: the recipient is only its nominal publisher.
        publisherName: r.notice ? '' : (r.publisher_name ?? ''),
        notice: r.notice,
        readAt: toDate(r.read_at),
      })),
    };
  },

  /** True when the published message `messageId` reaches the user. */
  async reaches(reach: Reach, messageId: string): Promise<boolean> {
    const rows = await rowsOf<{ id: string }>(db, sql`${mineCte(reach, messageId)} select id from mine`);
    return rows.length > 0;
  },

  /** Records that the user read the message; true when it was unread until now. */
  async markRead(userId: string, messageId: string, now: Date): Promise<boolean> {
    const rows = await db
      .insert(messageReceipts)
      .values({ userId, messageId, readAt: now })
      .onConflictDoNothing()
      .returning({ id: messageReceipts.messageId });
    return rows.length === 1;
  },

  /** Marks every message reaching the user read in one statement; answers how many were unread. */
  async markAllRead(reach: Reach, now: Date): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`${mineCte(reach)},
      added as (
        insert into message_receipts (user_id, message_id, read_at)
        select ${reach.userId}::uuid, mine.id, ${now.toISOString()}::timestamptz from mine
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from added`,
    );
    return row.n;
  },

  /**
   * One batch of the recipients of an audience, by ascending id after `after`: the fan-out of live
   * notices walks them in batches after the publish has committed.
   */
  async findRecipients(audience: Audience, after: string | null, limit: number): Promise<string[]> {
    const targets = uuidArray(audience.targetIds);
    const inTree =
      audience.rootId !== EVERYONE_ROOT ? sql`and u.id in ${accountSubtreeSql(audience.rootId)}` : sql``;
    const byScope =
      audience.scope === 'all'
        ? sql``
        : audience.scope === 'users'
          ? sql`and u.id = any(${targets})`
          : audience.scope === 'roles'
            ? sql`and exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role_id = any(${targets}))`
            : sql`and u.store_scope_group_id in (with recursive sub(id) as (
                  select unnest(${targets})
                  union
                  select g.id from terminal_groups g join sub on g.parent_id = sub.id
                ) select id from sub)`;
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`select u.id from users u
        where u.enabled ${after ? sql`and u.id > ${after}::uuid` : sql``} ${inTree} ${byScope}
        order by u.id limit ${limit}`,
    );
    return rows.map((r) => r.id);
  },
});

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
