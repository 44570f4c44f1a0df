import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';

/** Where an after-sales order stands; the dictionary `order_status` labels each. */
export const ORDER_STATUSES = [
  /** Opened by the system (peripheral health) and waiting for a person to confirm or take it. */
  'draft',
  'submitted',
  'accepted',
  'repairing',
  'returned',
  'closed',
  'rejected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How urgent an order is; the dictionary `order_priority` labels each. */
export const ORDER_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];

/**
 * Every state change of an order, listed once: the states it may start from and where it ends.
 * The server applies it with a guarded update, so a change from any other state is refused.
 */
export const ORDER_TRANSITIONS = {
  submit: { from: ['draft'], to: 'submitted' },
  accept: { from: ['draft', 'submitted'], to: 'accepted' },
  repair: { from: ['accepted'], to: 'repairing' },
  return: { from: ['repairing'], to: 'returned' },
  close: { from: ['returned'], to: 'closed' },
  reject: { from: ['draft', 'submitted', 'accepted'], to: 'rejected' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;
export type OrderAction = keyof typeof ORDER_TRANSITIONS;
export const ORDER_ACTIONS = Object.keys(ORDER_TRANSITIONS) as [OrderAction, ...OrderAction[]];

/**
 * The button each action needs: the customer who may open orders also confirms a draft the system
 * opened for them; every other step is the service staff's.
 */
export const ORDER_ACTION_PERMISSION: Record<OrderAction, 'support:order:add' | 'support:order:handle'> = {
  submit: 'support:order:add',
  accept: 'support:order:handle',
  repair: 'support:order:handle',
  return: 'support:order:handle',
  close: 'support:order:handle',
  reject: 'support:order:handle',
};

/** The actions allowed from a state (the console shows only these buttons). */
export const orderActionsFrom = (status: OrderStatus): OrderAction[] =>
  ORDER_ACTIONS.filter((a) => (ORDER_TRANSITIONS[a].from as readonly OrderStatus[]).includes(status));

/** States in which an order still waits for work, so a passed due time marks it overdue. */
export const ORDER_OPEN_STATUSES: readonly OrderStatus[] = ['submitted', 'accepted', 'repairing'];

/**
 * States in which an order opened by peripheral health still stands for its peripheral: new faults
 * of that peripheral are linked to it instead of opening another order.
 */
export const ORDER_ACTIVE_STATUSES: readonly OrderStatus[] = ['draft', 'submitted', 'accepted', 'repairing'];

/** Where an order came from: a person, peripheral health, or a failed inspection item. */
export const ORDER_SOURCES = ['manual', 'health', 'inspection'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Photos and videos one order may carry. */
export const ORDER_MEDIA_MAX = 9;

/** A stored photo or video of an order. */
export const OrderMediaSchema = z.object({
  id: z.string(),
  name: z.string(),
  mediaType: z.string(),
  size: z.number(),
  /** A short-lived link that shows the file without a session header (for `<img>` and `<video>`). */
  url: z.string(),
});
export type OrderMedia = z.infer<typeof OrderMediaSchema>;

export const OrderRowSchema = z.object({
  id: z.string(),
  /** Readable number, e.g. `SO-20260601-0001`. */
  number: z.string(),
  /** The terminal's serial number; null for an order opened by hand without one. */
  sn: z.string().nullable(),
  modelName: z.string(),
  enterpriseName: z.string(),
  storeName: z.string(),
  contact: z.string(),
  phone: z.string(),
  /** Dictionary `fault_type`. */
  faultType: z.string(),
  description: z.string(),
  priority: z.enum(ORDER_PRIORITIES),
  status: z.enum(ORDER_STATUSES),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  /** ISO time by which the order should be returned. */
  dueAt: z.string().nullable(),
  /** Still open after its due time. */
  overdue: z.boolean(),
  rejectReason: z.string().nullable(),
  source: z.enum(ORDER_SOURCES),
  /** The inspection record whose failed item opened the order. */
  recordId: z.string().nullable(),
  ownerId: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderRow = z.infer<typeof OrderRowSchema>;

/** One step of an order's history: its creation, each state change and each comment. */
export const OrderEventSchema = z.object({
  id: z.string(),
  /** `create`, `comment`, `assign`, `fault` (a fault linked by peripheral health) or an order action. */
  kind: z.string(),
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES).nullable(),
  /** The comment, or the reason of a rejection. */
  note: z.string().nullable(),
  actorName: z.string(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** A terminal fault that peripheral health linked to an order. */
export const OrderFaultSchema = z.object({
  id: z.string(),
  /** `peripheral` or `hardware` (the terminal's own hardware). */
  kind: z.string(),
  /** The rule's peripheral type, e.g. `printer`. */
  peripheralType: z.string(),
  peripheralName: z.string(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type OrderFault = z.infer<typeof OrderFaultSchema>;

export const OrderDetailSchema = OrderRowSchema.extend({
  media: z.array(OrderMediaSchema),
  /** Oldest first. */
  history: z.array(OrderEventSchema),
  /** The faults that opened the order (peripheral health), oldest first. */
  faults: z.array(OrderFaultSchema),
  /** The actions the caller may take from the current state. */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /** Whether the caller may change the assignee and due time. */
  canAssign: z.boolean(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

const text = (max: number) => z.string().trim().max(max);

/**
 * What an order takes from its terminal, as the form shows it before saving: the model, the owning
 * enterprise and the store (the terminal's own store name, else the nearest group above it whose
 * type is a store; never a region or branch). Empty when the terminal has none.
 */
export const OrderTerminalSchema = z.object({
  /** The SN as stored (upper case). */
  sn: z.string(),
  modelName: z.string(),
  enterpriseName: z.string(),
  storeName: z.string(),
});
export type OrderTerminal = z.infer<typeof OrderTerminalSchema>;

export const OrderSaveSchema = z
  .strictObject({
    /** A terminal in the caller's scope: model, enterprise and store are taken from it. */
    sn: text(64).optional(),
    modelName: text(LIMITS.nameMax).optional(),
    enterpriseName: text(LIMITS.nameMax * 2).optional(),
    storeName: text(LIMITS.nameMax * 2).optional(),
    contact: text(LIMITS.nameMax).min(1),
    phone: text(32).min(1),
    faultType: text(32).min(1),
    description: text(LIMITS.textMax).min(1),
    priority: z.enum(ORDER_PRIORITIES).default('normal'),
    /** Stored files of kind `supportMedia` (photos and videos). */
    mediaIds: z.array(z.uuid()).max(ORDER_MEDIA_MAX).default([]),
    assigneeId: z.uuid().optional(),
    dueAt: z.iso.datetime({ offset: true }).optional(),
    /**
     * Chosen by the console once per form: the same key sent again (a double click, a retry after a
     * lost answer) answers the order it opened instead of opening another.
     */
    requestKey: z.string().trim().min(8).max(64).optional(),
  })
  .refine((v) => Boolean(v.sn) || Boolean(v.storeName), {
    ...bilingual('请选择终端或填写门店名称', 'Choose a terminal or enter the store name'),
    path: ['storeName'],
  });
export type OrderSave = z.infer<typeof OrderSaveSchema>;

export const OrderTransitionSchema = z
  .strictObject({
    id: z.uuid(),
    action: z.enum(ORDER_ACTIONS),
    /** Required to reject; shown to the customer. */
    reason: text(LIMITS.textMax).optional(),
  })
  .refine((v) => v.action !== 'reject' || Boolean(v.reason), {
    ...bilingual('驳回时必须填写原因', 'A rejection needs a reason'),
    path: ['reason'],
  });
export type OrderTransition = z.infer<typeof OrderTransitionSchema>;

export const OrderFilterSchema = z.object({
  keyword: text(LIMITS.nameMax).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  faultType: text(32).optional(),
  priority: z.enum(ORDER_PRIORITIES).optional(),
  /** `1`: only open orders past their due time. */
  overdue: z.enum(['1']).optional(),
  source: z.enum(ORDER_SOURCES).optional(),
  /** `1`: only the orders assigned to the caller. */
  mine: z.enum(['1']).optional(),
});
export type OrderFilter = z.infer<typeof OrderFilterSchema>;

export const OrderAssignSchema = z.strictObject({
  id: z.uuid(),
  /** Null takes the order back from whoever had it. */
  assigneeId: z.uuid().nullable(),
  /** Null clears the due time; absent keeps it. */
  dueAt: z.iso.datetime({ offset: true }).nullish(),
});
export type OrderAssign = z.infer<typeof OrderAssignSchema>;

/** Someone an order can be given to. */
export const AssigneeSchema = z.object({ id: z.string(), name: z.string(), username: z.string() });
export type Assignee = z.infer<typeof AssigneeSchema>;

/** Payload of the `support` live event: an order the user may see changed; the console reads it again. */
export const SupportEventSchema = z.object({
  type: z.literal('order'),
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
});
export type SupportEvent = z.infer<typeof SupportEventSchema>;

const base = '/support/v1/support/order';

/** After-sales orders: opened for a terminal or by hand, moved through their states, commented. */
export const ordersEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/getPage`,
    summary:
      'After-sales orders the caller may see (own data scope, or assigned to them), filtered and paged',
    tag: 'support',
    permission: 'support:order:view',
    query: PageQuerySchema.extend(OrderFilterSchema.shape),
    result: pageSchema(OrderRowSchema),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: `${base}/getById`,
    summary: 'One order with its photos, full history and the actions allowed now',
    tag: 'support',
    permission: 'support:order:view',
    query: z.object({ id: z.uuid() }),
    result: OrderDetailSchema,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${base}/addOrUpdate`,
    summary: 'Open an order for a terminal (by SN) or by hand; it starts as submitted',
    tag: 'support',
    permission: 'support:order:add',
    body: OrderSaveSchema,
    result: z.object({ id: z.string(), number: z.string() }),
  }),
  terminal: defineEndpoint({
    method: 'GET',
    path: `${base}/terminal`,
    summary:
      'The model, enterprise and store an order for this SN would carry; refused when the caller cannot see the terminal',
    tag: 'support',
    permission: 'support:order:add',
    query: z.object({ sn: text(64).min(1) }),
    result: OrderTerminalSchema,
  }),
  transition: defineEndpoint({
    method: 'POST',
    path: `${base}/transition`,
    summary:
      'Move an order to its next state (submit a draft, accept, repair, return, close, or reject with a reason); each action checks its own button',
    tag: 'support',
    permission: SIGNED_IN,
    body: OrderTransitionSchema,
    result: OrderDetailSchema,
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: `${base}/assign`,
    summary: 'Give an order to a person of the service staff (or take it back), and set its due time',
    tag: 'support',
    permission: 'support:order:handle',
    body: OrderAssignSchema,
    result: OrderDetailSchema,
  }),
  assignees: defineEndpoint({
    method: 'GET',
    path: `${base}/assignees`,
    summary: 'Accounts in the caller’s scope who may handle orders (the choices of an assignee)',
    tag: 'support',
    permission: 'support:order:handle',
    result: z.array(AssigneeSchema),
  }),
  export: defineEndpoint({
    method: ['GET', 'POST'],
    path: `${base}/export`,
    rateLimit: 'jobs',
    summary: 'The orders under the filter as an Excel file',
    tag: 'support',
    permission: 'support:order:export',
    query: OrderFilterSchema,
    result: z.unknown(),
    binary: true,
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: `${base}/comment`,
    summary: 'Add a comment to the order’s history',
    tag: 'support',
    permission: 'support:order:view',
    body: z.strictObject({ id: z.uuid(), text: text(LIMITS.textMax).min(1) }),
    result: OrderEventSchema,
  }),
};
