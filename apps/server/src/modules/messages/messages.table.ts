import type { NoticeText } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { parentRef, timestamps, ts, uuidKey } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * Messages from administrators to console users. A message row carries its audience (scope, root and
 * the targets side table) instead of one row per recipient, so publishing to a hundred thousand users
 * writes one row; per-user state exists only once a user has read it (`message_receipts`).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuidKey(),
    title: text().notNull(),
    /** Sanitized rich text. */
    content: text().notNull().default(''),
    /** A system notice's catalogue key and values, rendered per reader; null for a written message. */
    notice: jsonb().$type<NoticeText>(),
    scope: text({ enum: ['all', 'roles', 'users', 'groups'] }).notNull(),
    status: text({ enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** The author; management lists follow the data scope of this account. */
    ownerId: parentRef(() => users.id),
    /**
     * Set at publish: the account tree the audience is limited to (the publisher), or
     * EVERYONE_ROOT when the publisher sees every tenant. A recipient must have this account as self
     * or ancestor. A real id rather than null, so that the lookup is one index probe per ancestor.
     */
    audienceRootId: uuid(),
    publishedBy: uuid(),
    publishedAt: ts(),
    ...timestamps(),
  },
  (t) => [
    index('messages_owner_idx').on(t.ownerId, t.createdAt),
    // The unread count reaches `all` messages through this partial index by the user's ancestor
    // chain (a handful of ids), never by scanning every message.
    index('messages_broadcast_idx')
      .on(t.audienceRootId, t.publishedAt)
      .where(sql`${t.scope} = 'all' and ${t.status} = 'published'`),
  ],
);

/** The audience root of messages published by a platform administrator: every account. */
export const EVERYONE_ROOT = '00000000-0000-0000-0000-000000000000';

/** The roles, users or terminal groups a targeted message names (ids of the kind its scope says). */
export const messageTargets = pgTable(
  'message_targets',
  {
    messageId: parentRef(() => messages.id),
    targetId: uuid().notNull(),
    /** The message's audience root, copied here at publish (null while a draft). */
    audienceRootId: uuid(),
  },
  // Looked up by (target, root): "which published messages name my id, my roles or my groups and come
  // from an account above me". A role is shared by every tenant, so the root must be in the index
  // too, or the lookup would visit every tenant's messages to that role.
  (t) => [
    primaryKey({ columns: [t.messageId, t.targetId] }),
    index('message_targets_target_idx').on(t.targetId, t.audienceRootId),
  ],
);

/** One row per (message, user) once that user has read it; absent means unread. */
export const messageReceipts = pgTable(
  'message_receipts',
  {
    userId: parentRef(() => users.id),
    messageId: parentRef(() => messages.id),
    readAt: ts().notNull(),
  },
  // Primary key leads with the user: the anti-join of the unread count is one index probe per message.
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index('message_receipts_message_idx').on(t.messageId),
  ],
);
