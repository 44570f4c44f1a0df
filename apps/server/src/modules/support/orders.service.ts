import {
  type Assignee,
  BLOB_KINDS,
  type DictBundle,
  ORDER_ACTION_PERMISSION,
  ORDER_TRANSITIONS,
  type OrderAssign,
  type OrderChange,
  type OrderDetail,
  type OrderFilter,
  type OrderMedia,
  type OrderSave,
  type OrderSource,
  type OrderStatus,
  type OrderTerminal,
  type OrderTransition,
  orderActionsFrom,
  type PageQuery,
  type SupportEvent,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { AnnounceDomainEvent } from '../../shared/domain-events';
import { escapeHtml } from '../../shared/html';
import { pageOffset, toPage } from '../../shared/paging';
import { requirePermission } from '../../shared/permissions';
import type { Mailer } from '../mail/mailer';
import { type NotifyUser, notifyAndMail } from '../messages/messages.service';
import { orderNumber, toRow } from './order-rows';
import type { OrderEventValues, OrderRecord, OrdersRepository, OrderValues } from './orders.repository';

export { isOverdue, orderNumber } from './order-rows';

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
    groupId: string | null;
  }>;
  /** The nearest group at or above this one whose type is a store, by name (groups module). */
  storeGroupName(groupId: string): Promise<string | null>;
  /** A stored file inside the caller's scope (blobs module). */
  media(auth: AuthContext, id: string): Promise<MediaRecord | null | undefined>;
  /** A stored file's record, unchecked (for files already attached to a visible order). */
  mediaById(id: string): Promise<MediaRecord | null | undefined>;
  /** Accounts: one inside the caller's scope, and one by id (users module). */
  accountVisible(auth: AuthContext, id: string): Promise<Account | null>;
  accountById(id: string): Promise<Account | null>;
  dicts(): Promise<DictBundle>;
  notifyUser: NotifyUser;
  mailer: Mailer;
  /** A short-lived link to a stored file, for the console's `<img>` and `<video>` (blobs module). */
  signUrl(blobId: string): string;
  /** Accounts in the caller's scope holding a permission (users module). */
  accountsHolding(auth: AuthContext, permission: string): Promise<Account[]>;
  /** Users who may see an account's terminals (live module). */
  audienceOf(ownerId: string): Promise<string[]>;
  /** Tells console tabs live; never rejects (live module). */
  publishLive(userIds: readonly string[], event: SupportEvent): Promise<unknown>;
  log: { warn(obj: object, msg: string): void };
  /** Hears order state changes (webhooks). */
  domainEvent?: AnnounceDomainEvent;
};

/** Who did something to an order: a signed-in person, or the system (peripheral health). */
export type OrderActor = { id: string; name: string } | null;

/** Where an order came from, beyond what the form says. */
export type OrderOrigin = {
  source: OrderSource;
  healthKey?: string;
  recordId?: string;
  recordItemKey?: string;
};

/** The change in both languages, for the mail; the bell renders it per reader from the notice key. */
const CHANGE_TEXT: Record<OrderChange, [string, string]> = {
  draft: ['已起草', 'drafted'],
  submitted: ['已提交', 'submitted'],
  accepted: ['已受理', 'accepted'],
  repairing: ['维修中', 'in repair'],
  returned: ['已寄回', 'returned'],
  closed: ['已关闭', 'closed'],
  rejected: ['已驳回', 'rejected'],
  assigned: ['已指派', 'was assigned'],
  commented: ['有新评论', 'has a new comment'],
};

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
  const actorOf = (auth: AuthContext): OrderActor => ({ id: auth.userId, name: actorName(auth) });

  /**
   * Tells the customer account, the one who opened the order and the assignee (not the one who
   * acted) in the bell and by mail; every console tab that may see the order hears it live. A
   * failed mail or notice is logged: the change itself is already stored.
   */
  const announce = async (actor: OrderActor, row: OrderRecord, change: OrderChange, note?: string | null) => {
    const number = orderNumber(row.seq);
    const [zh, en] = CHANGE_TEXT[change];
    deps.domainEvent?.({
      type: 'order.stateChanged',
      ownerId: row.ownerId,
      objectKey: `order:${row.id}`,
      data: { orderId: row.id, number, status: row.status, sn: row.sn, storeName: row.storeName, actor },
    });
    const targets = new Set(
      [row.ownerId, row.createdBy, row.assigneeId].filter((x): x is string => Boolean(x)),
    );
    const watchers = new Set([...targets, ...(await deps.audienceOf(row.ownerId))]);
    await deps.publishLive([...watchers], {
      type: 'order',
      orderId: row.id,
      status: row.status as OrderStatus,
    });
    if (actor) targets.delete(actor.id);
    for (const userId of targets) {
      const title = `工单 ${number} ${zh} / Order ${number} ${en}`;
      const extra = note ? `<p>${escapeHtml(note)}</p>` : '';
      try {
        await notifyAndMail(deps, {
          userId,
          title,
          content: `<p>${escapeHtml(row.storeName)} ${escapeHtml(row.sn ?? '')}</p>${extra}`,
          notice: {
            key: 'orderChanged',
            params: { number, change, store: row.storeName, sn: row.sn ?? '', note: note ?? '' },
          },
          lines: [row.storeName, row.sn ?? '', note ?? ''],
        });
      } catch (err) {
        deps.log.warn({ err, orderId: row.id, userId }, 'order change not announced');
      }
    }
  };

  /**
   * What an order takes from its terminal. The store is the terminal's own store name, else the
   * nearest store-type group above it; a region or branch group is never named as the store.
   */
  const terminalFacts = async (
    auth: AuthContext,
    sn: string,
  ): Promise<OrderTerminal & { ownerId: string }> => {
    const t = await deps.terminal(auth, sn).catch((err: unknown) => {
      throw err instanceof AppError && err.key === 'terminalNotFound'
        ? new AppError('orderTerminalUnknown')
        : err;
    });
    return {
      sn: t.sn,
      ownerId: t.ownerId,
      modelName: t.modelName ?? '',
      enterpriseName: t.ownerName ?? '',
      storeName: t.storeName || (t.groupId ? ((await deps.storeGroupName(t.groupId)) ?? '') : ''),
    };
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
      if (m)
        media.push({ id: m.id, name: m.name, mediaType: m.mediaType, size: m.size, url: deps.signUrl(m.id) });
    }
    const status = row.status as OrderStatus;
    return {
      ...toRow(row, clock.now()),
      media,
      history: await repo.history(row.id),
      faults: await repo.faults(row.id),
      actions: orderActionsFrom(status).filter((a) => auth.permissions.has(ORDER_ACTION_PERMISSION[a])),
      canAssign: auth.permissions.has('support:order:handle') && status !== 'closed' && status !== 'rejected',
    };
  };

  const creationEvent = (actor: OrderActor, status: OrderStatus, at: Date): OrderEventValues => ({
    kind: 'create',
    fromStatus: null,
    toStatus: status,
    note: null,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? 'system',
    at,
  });

  return {
    announce,

    /**
     * Stores an order the system opened (peripheral health) and tells whoever follows it. Null
     * when a unique rule refused it: the peripheral already has a standing order.
     */
    async insertSystemOrder(values: OrderValues, linkFaultsSince: Date) {
      const status = values.status as OrderStatus;
      const row = await repo.insert(
        values,
        [],
        creationEvent(null, status, values.createdAt),
        linkFaultsSince,
      );
      if (row) await announce(null, row, status);
      return row;
    },

    /** Notes in an order's history that peripheral health linked another fault to it; its followers see it live. */
    async noteFault(orderId: string, note: string) {
      await repo.addEvent(orderId, {
        kind: 'fault',
        fromStatus: null,
        toStatus: null,
        note,
        actorId: null,
        actorName: 'system',
        at: clock.now(),
      });
      const row = await repo.findById(orderId);
      if (row)
        await deps.publishLive([row.ownerId, ...(await deps.audienceOf(row.ownerId))], {
          type: 'order',
          orderId: row.id,
          status: row.status as OrderStatus,
        });
    },

    /** Orders the caller may see, newest first. */
    async page(auth: AuthContext, q: PageQuery & OrderFilter) {
      const now = clock.now();
      const [rows, total] = await Promise.all([
        repo.list(auth, q, now, pageOffset(q), q.size),
        repo.count(auth, q, now),
      ]);
      return toPage(
        rows.map((r) => toRow(r, now)),
        total,
        q,
      );
    },

    /** The orders under the filter for an export: their count and batches of rows. */
    exportRows(auth: AuthContext, f: OrderFilter) {
      const now = clock.now();
      return {
        count: () => repo.count(auth, f, now),
        batches: async function* () {
          for await (const rows of repo.batches(auth, f, now)) yield rows.map((r) => toRow(r, now));
        },
      };
    },

    async detail(auth: AuthContext, id: string) {
      return detail(auth, await mustFind(auth, id));
    },

    /** The model, enterprise and store an order for this SN would carry (the form shows them). */
    async terminal(auth: AuthContext, sn: string): Promise<OrderTerminal> {
      const { ownerId: _owner, ...facts } = await terminalFacts(auth, sn);
      return facts;
    },

    /** Orders opened from an inspection record's failed items (numbers for the record's page). */
    async ofRecord(recordId: string) {
      return (await repo.ofRecord(recordId)).map((o) => ({
        key: o.key ?? '',
        orderId: o.id,
        number: orderNumber(o.seq),
      }));
    },

    /**
     * Opens an order. With an SN the terminal must be in the caller's scope, and its model,
     * enterprise and store are taken from it; the order then belongs to the terminal's owner. A
     * request key seen before answers the order it opened, so a double click opens one.
     */
    async create(auth: AuthContext, input: OrderSave, origin: OrderOrigin = { source: 'manual' }) {
      if (input.requestKey) {
        const seen = await repo.findByRequestKey(auth.userId, input.requestKey);
        if (seen) return { id: seen.id, number: orderNumber(seen.seq) };
      }
      const bundle = await deps.dicts();
      if (!(bundle.fault_type ?? []).some((i) => i.value === input.faultType))
        throw new AppError('orderFaultTypeUnknown');
      const terminal = input.sn ? await terminalFacts(auth, input.sn) : null;
      await checkMedia(auth, input.mediaIds);
      if (input.assigneeId) requirePermission(auth, 'support:order:handle');
      const assignee = input.assigneeId ? await deps.accountVisible(auth, input.assigneeId) : null;
      if (input.assigneeId && !assignee) throw new AppError('orderAssigneeUnknown');
      const now = clock.now();
      const row = await repo.insert(
        {
          sn: terminal?.sn ?? null,
          // With a terminal its facts win; a store typed in the form only fills a terminal without one.
          modelName: terminal ? terminal.modelName : (input.modelName ?? ''),
          enterpriseName: terminal ? terminal.enterpriseName : (input.enterpriseName ?? ''),
          storeName: terminal?.storeName || input.storeName || '',
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
          source: origin.source,
          requestKey: input.requestKey ?? null,
          healthKey: origin.healthKey ?? null,
          recordId: origin.recordId ?? null,
          recordItemKey: origin.recordItemKey ?? null,
          ownerId: terminal?.ownerId ?? auth.userId,
          createdBy: auth.userId,
          createdAt: now,
          updatedAt: now,
        },
        input.mediaIds,
        creationEvent(actorOf(auth), 'submitted', now),
      );
      if (!row) {
        // A twin request won the race: answer its order. Otherwise the inspection item had one already.
        const twin = input.requestKey ? await repo.findByRequestKey(auth.userId, input.requestKey) : null;
        if (twin) return { id: twin.id, number: orderNumber(twin.seq) };
        throw new AppError('recordItemNotFailed');
      }
      await announce(actorOf(auth), row, 'submitted');
      return { id: row.id, number: orderNumber(row.seq) };
    },

    /**
     * Applies one action of the state machine, with the button that action needs; refused (409)
     * from any state it does not start from.
     */
    async transition(auth: AuthContext, input: OrderTransition) {
      requirePermission(auth, ORDER_ACTION_PERMISSION[input.action]);
      const current = await mustFind(auth, input.id);
      const t = ORDER_TRANSITIONS[input.action];
      const now = clock.now();
      const reason = input.action === 'reject' ? (input.reason ?? null) : null;
      // The one who accepts an unassigned order takes it, named as the assignee list names people.
      const taker =
        input.action === 'accept' && !current.assigneeId ? await deps.accountById(auth.userId) : null;
      const row = await repo.transition(
        current.id,
        t.from,
        {
          status: t.to,
          updatedAt: now,
          ...(input.action === 'reject' ? { rejectReason: reason } : {}),
          ...(input.action === 'accept' && !current.assigneeId
            ? { assigneeId: auth.userId, assigneeName: taker?.name || actorName(auth) }
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
      await announce(actorOf(auth), row, t.to as OrderStatus, reason);
      return detail(auth, row);
    },

    /** Gives the order to someone of the service staff in the caller's scope (or to nobody), and sets its due time. */
    async assign(auth: AuthContext, input: OrderAssign) {
      const current = await mustFind(auth, input.id);
      const assignee = input.assigneeId ? await deps.accountVisible(auth, input.assigneeId) : null;
      if (input.assigneeId && !assignee) throw new AppError('orderAssigneeUnknown');
      const assigneeName = assignee ? assignee.name || assignee.username : null;
      const due = input.dueAt === undefined ? current.dueAt : input.dueAt ? new Date(input.dueAt) : null;
      const now = clock.now();
      const row = await repo.assign(
        current.id,
        { assigneeId: assignee?.id ?? null, assigneeName, dueAt: due, updatedAt: now },
        {
          kind: 'assign',
          fromStatus: null,
          toStatus: null,
          note: [assigneeName ?? '-', due ? due.toISOString() : null].filter(Boolean).join(' · '),
          actorId: auth.userId,
          actorName: actorName(auth),
          at: now,
        },
      );
      if (!row) throw new AppError('orderAssignClosed');
      await announce(actorOf(auth), row, 'assigned', assigneeName);
      return detail(auth, row);
    },

    /** The accounts in the caller's scope who may handle orders, the caller among them. */
    async assignees(auth: AuthContext): Promise<Assignee[]> {
      const rows = await deps.accountsHolding(auth, 'support:order:handle');
      return rows.map((a) => ({ id: a.id, name: a.name || a.username, username: a.username }));
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
      await announce(actorOf(auth), row, 'commented', text);
      return event;
    },
  };
};

export type OrdersService = ReturnType<typeof createOrdersService>;
