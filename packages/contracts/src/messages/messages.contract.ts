import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import { NoticeTextSchema } from './notice-text';

export * from './notice-text';

/** Who a message reaches: everyone in the publisher's data scope, or holders of roles, users, or terminal groups. */
export const MESSAGE_SCOPES = ['all', 'roles', 'users', 'groups'] as const;
export const MessageScopeSchema = z.enum(MESSAGE_SCOPES);
export type MessageScope = z.infer<typeof MessageScopeSchema>;

/** A draft can be edited; a published message is final. */
export const MessageStatusSchema = z.enum(['draft', 'published']);
export type MessageStatus = z.infer<typeof MessageStatusSchema>;

/** Most recipients one targeted message may name (roles, users or groups). */
export const MESSAGE_TARGETS_MAX = 1000;

/**
 * Tags and attributes a message body may keep; both the server (on save) and the console (on show)
 * filter with this list, so a script can neither be stored nor rendered. Links and images keep only
 * safe URLs (the sanitizer drops `javascript:`), and no `on*` attribute is listed anywhere.
 */
export const MESSAGE_HTML_WHITELIST: Record<string, string[]> = {
  p: ['class'],
  br: [],
  span: ['class', 'style'],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  strike: [],
  sub: [],
  sup: [],
  h1: ['class'],
  h2: ['class'],
  h3: ['class'],
  h4: [],
  blockquote: [],
  pre: ['class'],
  code: [],
  ol: [],
  ul: [],
  li: ['class', 'data-list'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  hr: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: [],
  td: [],
};

const uuid = z.uuid();

export const SaveMessageBodySchema = z
  .strictObject({
    /** Set when editing a draft; absent to create one. */
    id: uuid.optional(),
    title: z.string().trim().min(1).max(LIMITS.titleMax),
    /** Rich text (HTML); sanitized on the server before it is stored. */
    content: z.string().max(LIMITS.messageContentMax).default(''),
    scope: MessageScopeSchema,
    /** Role, user or terminal group ids for the scopes `roles`, `users` and `groups`; ignored for `all`. */
    targetIds: z.array(uuid).max(MESSAGE_TARGETS_MAX).default([]),
  })
  .refine(
    (b) => b.scope === 'all' || b.targetIds.length > 0,
    bilingual('请至少选择一个接收对象', 'Choose at least one recipient'),
  );
export type SaveMessageBody = z.infer<typeof SaveMessageBodySchema>;

/** A recipient named by a targeted message, with a name to show. */
export const MessageTargetSchema = z.object({ id: z.string(), name: z.string() });

/** A message as its managers see it. */
export const MessageVoSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  scope: MessageScopeSchema,
  targets: z.array(MessageTargetSchema),
  status: MessageStatusSchema,
  /** The account that wrote the message; data scope follows it. */
  ownerId: z.string(),
  ownerName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  /** Recipients who have opened it so far. */
  readCount: z.number().int(),
});
export type MessageVo = z.infer<typeof MessageVoSchema>;

export const MessagePageQuerySchema = PageQuerySchema.extend({
  /** Part of the title, any letter case. */
  title: z.string().trim().max(LIMITS.titleMax).optional(),
  status: MessageStatusSchema.optional(),
  /** Published at or after (ISO time). */
  publishedFrom: z.iso.datetime({ offset: true }).optional(),
  /** Published at or before (ISO time). */
  publishedTo: z.iso.datetime({ offset: true }).optional(),
});

/** A message in the signed-in user's own box. */
export const MyMessageVoSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
  /** Who published it (empty for a system notice). */
  publisherName: z.string(),
  /** A system notice's catalogue key and values, rendered in the reader's language; null otherwise. */
  notice: NoticeTextSchema.nullable(),
  read: z.boolean(),
  readAt: z.string().nullable(),
});
export type MyMessageVo = z.infer<typeof MyMessageVoSchema>;

export const MyMessagePageQuerySchema = PageQuerySchema.extend({
  title: z.string().trim().max(LIMITS.titleMax).optional(),
  /** true: read only; false: unread only (the bell sends this with current=1&size=1). */
  read: z.stringbool().optional(),
});

const IdQuerySchema = z.object({ id: uuid });
/** "any" calls of the spec: reads list GET first, writes POST first (the console uses the first). */
const READ_ANY = ['GET', 'POST'] as const;
const WRITE_ANY = ['POST', 'GET'] as const;

/** Message management and each user's own messages (the spec's sysMsg and sysMsgUser calls). */
export const messageEndpoints = {
  myPage: defineEndpoint({
    method: READ_ANY,
    path: '/upms/v1/upms/sysMsgUser/findPageList',
    summary:
      "The signed-in user's published messages, newest first; read=false with size=1 gives the unread count",
    tag: 'upms',
    permission: SIGNED_IN,
    query: MyMessagePageQuerySchema,
    result: pageSchema(MyMessageVoSchema),
  }),
  read: defineEndpoint({
    method: WRITE_ANY,
    path: '/upms/v1/upms/sysMsgUser/read',
    summary: 'Open one of your messages: answers it and marks it read',
    tag: 'upms',
    permission: SIGNED_IN,
    query: z.object({ msgId: uuid }),
    result: MyMessageVoSchema,
  }),
  readAll: defineEndpoint({
    method: WRITE_ANY,
    path: '/upms/v1/upms/sysMsgUser/readAll',
    summary: 'Mark every message you have received as read; answers how many were unread',
    tag: 'upms',
    permission: SIGNED_IN,
    result: z.object({ marked: z.number().int() }),
  }),
  page: defineEndpoint({
    method: READ_ANY,
    path: '/upms/v1/upms/sysMsg/getPage',
    summary: 'Messages in your data scope, newest first, filtered by title, status and published time',
    tag: 'upms',
    permission: 'message:message:view',
    query: MessagePageQuerySchema,
    result: pageSchema(MessageVoSchema),
  }),
  save: defineEndpoint({
    method: WRITE_ANY,
    path: '/upms/v1/upms/sysMsg/addOrUpdate',
    summary: 'Create a draft message, or edit a draft (id given); the content is sanitized',
    tag: 'upms',
    permission: 'message:message:add',
    body: SaveMessageBodySchema,
    result: MessageVoSchema,
  }),
  publish: defineEndpoint({
    method: WRITE_ANY,
    path: '/upms/v1/upms/sysMsg/publish',
    summary: 'Publish a draft to its recipients (409 when already published)',
    tag: 'upms',
    permission: 'message:message:publish',
    query: IdQuerySchema,
    result: MessageVoSchema,
  }),
  targets: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/sysMsg/findTargets',
    summary: 'Roles, users or terminal groups in your data scope that a message may name, by keyword',
    tag: 'upms',
    permission: 'message:message:add',
    query: z.object({
      scope: z.enum(['roles', 'users', 'groups']),
      keyword: z.string().trim().max(LIMITS.nameMax).optional(),
    }),
    result: z.array(MessageTargetSchema),
  }),
  remove: defineEndpoint({
    method: WRITE_ANY,
    path: '/upms/v1/upms/sysMsg/delete',
    summary: "Delete a message, withdrawing it from its recipients' boxes",
    tag: 'upms',
    permission: 'message:message:delete',
    query: IdQuerySchema,
    result: z.null(),
  }),
};
