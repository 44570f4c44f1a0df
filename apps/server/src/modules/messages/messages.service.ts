import { randomUUID } from 'node:crypto';
import type { MessageVo, MyMessageVo, NoticeText, SaveMessageBody } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import type { Tx } from '../../shared/transaction';
import type { Mailer } from '../mail/mailer';
import { sanitizeMessageContent } from './message-content';
import type { Audience, MessageRow, MessagesRepository, MyMessageRow } from './messages.repository';
import { EVERYONE_ROOT } from './messages.repository';
import type { NoticeFanout } from './notice-fanout';

type Deps = {
  repo: MessagesRepository;
  clock: Clock;
  notices: NoticeFanout;
  /** Where a failed write is logged with its cause; the caller sees the catalogue text only. */
  log?: { error(obj: object, msg: string): void };
};
type TargetScope = 'roles' | 'users' | 'groups';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toMyVo = (row: MyMessageRow): MyMessageVo => ({
  id: row.id,
  title: row.title,
  content: row.content,
  publishedAt: row.publishedAt.toISOString(),
  publisherName: row.publisherName,
  notice: row.notice,
  read: row.readAt !== null,
  readAt: iso(row.readAt),
});

/** Puts a system notice in one user's box; `announce` then tells their open tabs. */
export type NotifyUser = (n: {
  id: string;
  userId: string;
  title: string;
  content: string;
  /** The notice's catalogue key and values, so each reader sees it in their language. */
  notice?: NoticeText;
}) => Promise<{ announce(): void }>;

/**
 * Tells a user in their message box (announced live) and by mail when their account has an address:
 * the mail's subject is the title, its text the title and `lines`.
 */
export const notifyAndMail = async (
  deps: {
    notifyUser: NotifyUser;
    accountById(id: string): Promise<{ email: string | null } | null>;
    mailer: Mailer;
  },
  n: { userId: string; title: string; content: string; notice?: NoticeText; lines: string[] },
) => {
  const { announce } = await deps.notifyUser({
    id: randomUUID(),
    userId: n.userId,
    title: n.title,
    content: n.content,
    notice: n.notice,
  });
  announce();
  const account = await deps.accountById(n.userId);
  if (account?.email)
    await deps.mailer.send({
      to: account.email,
      subject: n.title,
      text: [n.title, ...n.lines].filter(Boolean).join('\n'),
    });
};

/** Message rules: drafts, publishing to an audience, and each user's box with read receipts. */
export const createMessagesService = ({ repo, clock, notices, log }: Deps) => {
  const page = async (
    auth: AuthContext,
    q: {
      id?: string;
      title?: string;
      status?: MessageVo['status'];
      publishedFrom?: string;
      publishedTo?: string;
      current: number;
      size: number;
    },
  ) => {
    const { total, rows } = await repo.findPage(auth, {
      id: q.id,
      title: q.title,
      status: q.status,
      publishedFrom: q.publishedFrom ? new Date(q.publishedFrom) : undefined,
      publishedTo: q.publishedTo ? new Date(q.publishedTo) : undefined,
      offset: pageOffset(q),
      limit: q.size,
    });
    const names = await repo.findTargetNames(rows.map((r) => r.message.id));
    const records: MessageVo[] = rows.map(({ message: m, ownerName, ownerUsername, readCount }) => ({
      id: m.id,
      title: m.title,
      content: m.content,
      scope: m.scope,
      targets: names
        .filter((n) => n.messageId === m.id)
        .map((n) => ({
          id: n.id,
          name: n.username && n.name ? `${n.name} (${n.username})` : n.name || n.username || n.id,
        })),
      status: m.status,
      ownerId: m.ownerId,
      ownerName: ownerName || ownerUsername,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
      publishedAt: iso(m.publishedAt),
      readCount,
    }));
    return toPage(records, total, q);
  };

  const one = async (auth: AuthContext, id: string): Promise<MessageVo> => {
    const found = await page(auth, { id, current: 1, size: 1 });
    if (!found.records[0]) throw new AppError('messageNotFound');
    return found.records[0];
  };

  const loadInScope = async (auth: AuthContext, id: string): Promise<MessageRow> => {
    const row = await repo.findInScope(auth, id);
    if (!row) throw new AppError('messageNotFound');
    return row;
  };

  const checkTargets = async (auth: AuthContext, scope: MessageVo['scope'], targetIds: readonly string[]) => {
    if (scope === 'all') return;
    const unique = [...new Set(targetIds)];
    if (unique.length === 0) throw new AppError('messageTargetsOutOfScope');
    if ((await repo.countTargetsInScope(auth, scope, unique)) !== unique.length)
      throw new AppError('messageTargetsOutOfScope');
  };

  return {
    page,

    /** Creates a draft, or edits one (edit permission needed, published messages are final). */
    async save(auth: AuthContext, body: SaveMessageBody): Promise<MessageVo> {
      if (body.id) {
        if (!auth.permissions.has('message:message:edit')) throw new AppError('forbidden');
        const existing = await loadInScope(auth, body.id);
        if (existing.status === 'published') throw new AppError('messageAlreadyPublished');
      }
      await checkTargets(auth, body.scope, body.targetIds);
      const id = await repo.saveDraft({
        id: body.id,
        ownerId: auth.userId,
        title: body.title,
        content: sanitizeMessageContent(body.content),
        scope: body.scope,
        targetIds: body.scope === 'all' ? [] : body.targetIds,
        now: clock.now(),
      });
      if (!id) throw new AppError('messageAlreadyPublished');
      return one(auth, id);
    },

    /**
     * Publishes a draft: one row changes, whatever the audience size. The audience is limited to the
     * publisher's account tree (none for platform administrators); recipients hear of it afterwards.
     */
    async publish(auth: AuthContext, id: string): Promise<MessageVo> {
      const row = await loadInScope(auth, id);
      if (row.status === 'published') throw new AppError('messageAlreadyPublished');
      const targetIds = await repo.findTargetIds(id);
      await checkTargets(auth, row.scope, targetIds);
      const rootId = auth.dataScope === 'all' ? EVERYONE_ROOT : auth.userId;
      if (!(await repo.markPublished(id, auth.userId, rootId, clock.now())))
        throw new AppError('messageAlreadyPublished');
      notices.toAudience(
        { scope: row.scope, rootId, targetIds },
        { type: 'message', event: 'published', messageId: id },
      );
      return one(auth, id);
    },

    /** Deletes a message; a published one leaves its recipients' boxes and their badges update. */
    async remove(auth: AuthContext, id: string): Promise<null> {
      const row = await loadInScope(auth, id);
      const audience: Audience | null =
        row.status === 'published'
          ? {
              scope: row.scope,
              rootId: row.audienceRootId ?? EVERYONE_ROOT,
              targetIds: await repo.findTargetIds(id),
            }
          : null;
      await repo.remove(id);
      if (audience) notices.toAudience(audience, { type: 'message', event: 'withdrawn', messageId: id });
      return null;
    },

    targets: (auth: AuthContext, scope: TargetScope, keyword: string | undefined) =>
      repo.findTargetOptions(auth, scope, keyword),

    /** The caller's own box; with read=false and size=1 its total is the bell's number. */
    async myPage(auth: AuthContext, q: { title?: string; read?: boolean; current: number; size: number }) {
      const { total, rows } = await repo.findMine(await repo.findReach(auth.userId), {
        title: q.title,
        read: q.read,
        offset: pageOffset(q),
        limit: q.size,
      });
      return toPage(rows.map(toMyVo), total, q);
    },

    /** Opens one of the caller's messages and marks it read; their other tabs hear of it. */
    async read(auth: AuthContext, messageId: string): Promise<MyMessageVo> {
      const row = await repo.findById(messageId);
      if (!row) throw new AppError('messageNotFound');
      if (row.status !== 'published') throw new AppError('messageNotPublished');
      const reach = await repo.findReach(auth.userId);
      if (!(await repo.reaches(reach, messageId))) throw new AppError('messageNotForYou');
      if (await repo.markRead(auth.userId, messageId, clock.now()))
        notices.toUser(auth.userId, { type: 'message', event: 'read', messageId });
      const { rows } = await repo.findMine(reach, { offset: 0, limit: 1, only: messageId });
      return toMyVo(rows[0]);
    },

    /**
     * Puts a system notice (sanitized rich text) in one user's box, inside the caller's transaction
     * when given; `announce` then tells their open tabs, to be called once that has committed.
     */
    async notifyUser(
      n: { id: string; userId: string; title: string; content: string; notice?: NoticeText },
      tx?: Tx,
    ) {
      const stored = await repo.insertNotice(
        { ...n, content: sanitizeMessageContent(n.content), now: clock.now() },
        tx,
      );
      return {
        stored,
        announce: () => notices.toUser(n.userId, { type: 'message', event: 'published', messageId: n.id }),
      };
    },

    /** Marks everything in the caller's box read with one statement. */
    async readAll(auth: AuthContext): Promise<{ marked: number }> {
      let marked: number;
      try {
        marked = await repo.markAllRead(await repo.findReach(auth.userId), clock.now());
      } catch (err) {
        // The marking is one statement: when it fails, no message was marked.
        log?.error({ err, userId: auth.userId }, 'batch mark as read failed');
        throw new AppError('messagesReadAllFailed');
      }
      if (marked > 0) notices.toUser(auth.userId, { type: 'message', event: 'read', messageId: null });
      return { marked };
    },
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;
