import { randomUUID } from 'node:crypto';
import {
  BLOB_KINDS,
  type DictBundle,
  ORDER_OPEN_STATUSES,
  ORDER_TRANSITIONS,
  type OrderDetail,
  type OrderFilter,
  type OrderMedia,
  type OrderRow,
  type OrderSave,
  type OrderStatus,
  type OrderTransition,
  orderActionsFrom,
  type PageQuery,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { toPage } from '../../shared/paging';
import type { Mailer } from '../mail/mailer';
import type { OrderRecord, OrdersRepository } from './orders.repository';

type MediaRecord = { id: string; kind: string; name: string; mediaType: string; size: number };
type Account = { id: string; name: string; username: string; email: string | null };

export type OrdersDeps = {
  repo: OrdersRepository;
  clock: Clock;
  /** The terminal by SN inside the caller's scope; throws `terminalNotFound` otherwise (devices module). */
  terminal(
    auth: AuthContext,
    sn: string,
  ): Promise<{
    sn: string;
    modelName: string | null;
    ownerId: string;
    ownerName: string | null;
    storeName: string;
    groupName: string | null;
  }>;
  /** A stored file inside the caller's scope (blobs module). */
  media(auth: AuthContext, id: string): Promise<MediaRecord | null | undefined>;
  /** A stored file's record, unchecked (for files already attached to a visible order). */
  mediaById(id: string): Promise<MediaRecord | null | undefined>;
  /** Accounts: one inside the caller's scope, and one by id (users module). */
  accountVisible(auth: AuthContext, id: string): Promise<Account | null>;
  accountById(id: string): Promise<Account | null>;
  dicts(): Promise<DictBundle>;
  notifyUser(n: {
    id: string;
    userId: string;
    title: string;
    content: string;
  }): Promise<{ announce(): void }>;
  mailer: Mailer;
};

const STATUS_TEXT: Record<OrderStatus, [string, string]> = {
  submitted: ['已提交', 'submitted'],
  accepted: ['已受理', 'accepted'],
  repairing: ['维修中', 'in repair'],
  returned: ['已寄回', 'returned'],
  closed: ['已关闭', 'closed'],
  rejected: ['已驳回', 'rejected'],
};

/** `SO-000042`. */
export const orderNumber = (seq: number) => `SO-${String(seq).padStart(6, '0')}`;

/** Open orders past their due time. */
export const isOverdue = (r: Pick<OrderRecord, 'status' | 'dueAt'>, now: Date) =>
  r.dueAt !== null &&
  r.dueAt.getTime() < now.getTime() &&
  ORDER_OPEN_STATUSES.includes(r.status as OrderStatus);

const toRow = (r: OrderRecord, now: Date): OrderRow => ({
  id: r.id,
  number: orderNumber(r.seq),
  sn: r.sn,
  modelName: r.modelName,
  enterpriseName: r.enterpriseName,
  storeName: r.storeName,
  contact: r.contact,
  phone: r.phone,
  faultType: r.faultType,
  description: r.description,
  priority: r.priority as OrderRow['priority'],
  status: r.status as OrderStatus,
  assigneeId: r.assigneeId,
  assigneeName: r.assigneeName,
  dueAt: r.dueAt?.toISOString() ?? null,
  overdue: isOverdue(r, now),
  rejectReason: r.rejectReason,
  ownerId: r.ownerId,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** After-sales orders: opening, the state machine, comments and who hears of each change. */
export const createOrdersService = (deps: OrdersDeps) => {
  const { repo, clock } = deps;
  const rule = BLOB_KINDS.supportMedia;

  const mustFind = async (auth: AuthContext, id: string) => {
    const row = await repo.findVisible(auth, id);
    if (!row) throw new AppError('orderNotFound');
    return row;
  };

  const actorName = (auth: AuthContext) => auth.username;

  /** Tells the customer account and the assignee (not the one who acted) in the bell and by mail. */
  const announce = async (
    auth: AuthContext,
    row: OrderRecord,
    zh: string,
    en: string,
    note?: string | null,
  ) => {
    const number = orderNumber(row.seq);
    const targets = new Set(
      [row.ownerId, row.createdBy, row.assigneeId].filter((x): x is string => Boolean(x)),
    );
    targets.delete(auth.userId);
    for (const userId of targets) {
      const title = `工单 ${number} ${zh} / Order ${number} ${en}`;
      const extra = note ? `<p>${escapeHtml(note)}</p>` : '';
      const { announce: tell } = await deps.notifyUser({
        id: randomUUID(),
        userId,
        title,
        content: `<p>${escapeHtml(row.storeName)} ${escapeHtml(row.sn ?? '')}</p>${extra}`,
      });
      tell();
      const account = await deps.accountById(userId);
      if (account?.email)
        await deps.mailer.send({
          to: account.email,
          subject: title,
          text: [title, row.storeName, row.sn ?? '', note ?? ''].filter(Boolean).join('\n'),
        });
    }
  };

  const checkMedia = async (auth: AuthContext, ids: string[]) => {
    if (new Set(ids).size !== ids.length) throw new AppError('orderMediaInvalid');
    for (const id of ids) {
      const m = await deps.media(auth, id);
      if (m?.kind !== 'supportMedia' || m.size > rule.maxBytes) throw new AppError('orderMediaInvalid');
    }
  };

  const detail = async (auth: AuthContext, row: OrderRecord): Promise<OrderDetail> => {
    const media: OrderMedia[] = [];
    for (const id of await repo.mediaIds(row.id)) {
      const m = await deps.mediaById(id);
      if (m) media.push({ id: m.id, name: m.name, mediaType: m.mediaType, size: m.size });
    }
    const status = row.status as OrderStatus;
    return {
      ...toRow(row, clock.now()),
      media,
      history: await repo.history(row.id),
      actions: auth.permissions.has('support:order:handle') ? orderActionsFrom(status) : [],
    };
  };

  return {
    /** Orders the caller may see, newest first. */
    async page(auth: AuthContext, q: PageQuery & OrderFilter) {
      const now = clock.now();
      const [rows, total] = await Promise.all([
        repo.list(auth, q, now, (q.current - 1) * q.size, q.size),
        repo.count(auth, q, now),
      ]);
      return toPage(
        rows.map((r) => toRow(r, now)),
        total,
        q,
      );
    },

    async detail(auth: AuthContext, id: string) {
      return detail(auth, await mustFind(auth, id));
    },

    /**
     * Opens an order. With an SN the terminal must be in the caller's scope, and its model,
     * enterprise and store are taken from it; the order then belongs to the terminal's owner.
     */
    async create(auth: AuthContext, input: OrderSave) {
      const bundle = await deps.dicts();
      if (!(bundle.fault_type ?? []).some((i) => i.value === input.faultType))
        throw new AppError('orderFaultTypeUnknown');
      const terminal = input.sn ? await deps.terminal(auth, input.sn) : null;
      await checkMedia(auth, input.mediaIds);
      const assignee = input.assigneeId ? await deps.accountVisible(auth, input.assigneeId) : null;
      if (input.assigneeId && !assignee) throw new AppError('orderAssigneeUnknown');
      const now = clock.now();
      const row = await repo.insert(
        {
          sn: terminal?.sn ?? null,
          modelName: terminal?.modelName ?? input.modelName ?? '',
          enterpriseName: terminal?.ownerName ?? input.enterpriseName ?? '',
          storeName: terminal?.storeName || terminal?.groupName || input.storeName || '',
          contact: input.contact,
          phone: input.phone,
          faultType: input.faultType,
          description: input.description,
          priority: input.priority,
          status: 'submitted',
          assigneeId: assignee?.id ?? null,
          assigneeName: assignee ? assignee.name || assignee.username : null,
          dueAt: input.dueAt ? new Date(input.dueAt) : null,
          rejectReason: null,
          ownerId: terminal?.ownerId ?? auth.userId,
          createdBy: auth.userId,
          createdAt: now,
          updatedAt: now,
        },
        input.mediaIds,
        {
          kind: 'create',
          fromStatus: null,
          toStatus: 'submitted',
          note: null,
          actorId: auth.userId,
          actorName: actorName(auth),
          at: now,
        },
      );
      await announce(auth, row, '已提交', 'submitted');
      return { id: row.id, number: orderNumber(row.seq) };
    },

    /** Applies one action of the state machine; refused (409) from any state it does not start from. */
    async transition(auth: AuthContext, input: OrderTransition) {
      const current = await mustFind(auth, input.id);
      const t = ORDER_TRANSITIONS[input.action];
      const now = clock.now();
      const reason = input.action === 'reject' ? (input.reason ?? null) : null;
      const row = await repo.transition(
        current.id,
        t.from,
        {
          status: t.to,
          updatedAt: now,
          ...(input.action === 'reject' ? { rejectReason: reason } : {}),
          // The one who accepts an unassigned order takes it.
          ...(input.action === 'accept' && !current.assigneeId
            ? { assigneeId: auth.userId, assigneeName: actorName(auth) }
            : {}),
        },
        {
          kind: input.action,
          fromStatus: current.status,
          toStatus: t.to,
          note: reason,
          actorId: auth.userId,
          actorName: actorName(auth),
          at: now,
        },
      );
      if (!row) throw new AppError('orderTransitionRefused');
      const [zh, en] = STATUS_TEXT[t.to];
      await announce(auth, row, zh, en, reason);
      return detail(auth, row);
    },

    /** Adds a comment to the history. */
    async comment(auth: AuthContext, id: string, text: string) {
      const row = await mustFind(auth, id);
      const event = await repo.addEvent(row.id, {
        kind: 'comment',
        fromStatus: null,
        toStatus: null,
        note: text,
        actorId: auth.userId,
        actorName: actorName(auth),
        at: clock.now(),
      });
      await announce(auth, row, '有新评论', 'has a new comment', text);
      return event;
    },
  };
};

export type OrdersService = ReturnType<typeof createOrdersService>;
