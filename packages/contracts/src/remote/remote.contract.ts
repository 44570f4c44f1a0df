import { z } from 'zod';
import { SnSchema } from '../device-protocol/device-protocol';
import { defineEndpoint } from '../endpoint';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';
import {
  REMOTE_CONSENT_POLICIES,
  REMOTE_END_REASONS,
  REMOTE_SESSION_STATES,
  RemoteSettingsSchema,
} from './relay-protocol';

const TAG = 'remote';
const base = '/remote/v1/remote';

/** What a console needs to dial the relay once: the session, its role and a one-time token. */
export const RemoteTicketSchema = z.object({
  sessionId: z.string(),
  sn: z.string(),
  role: z.enum(['controller', 'observer']),
  /** One-time relay token, good for `REMOTE_PROTOCOL.tokenTtlSec`. */
  token: z.string(),
  /** The relay: the same host on `port` (null: the console's own origin), or a configured `url`. */
  relay: z.object({ port: z.number().int().nullable(), path: z.string(), url: z.string().nullable() }),
  state: z.enum(REMOTE_SESSION_STATES),
  settings: RemoteSettingsSchema,
  /** Minutes without input after which the session ends. */
  idleMinutes: z.number().int(),
});
export type RemoteTicket = z.infer<typeof RemoteTicketSchema>;

export const RemoteOpenSchema = z.strictObject({
  sn: SnSchema,
  /** `control` drives the terminal (needs `remote:desktop:control` and the password); `view` only watches. */
  mode: z.enum(['control', 'view']),
  /** The caller's own password, entered again: required to control. */
  password: z.string().max(128).optional(),
});
export type RemoteOpen = z.infer<typeof RemoteOpenSchema>;

const SessionIdSchema = z.strictObject({ sessionId: z.uuid() });

/** One session as the audit list shows it. */
export const RemoteSessionRowSchema = z.object({
  id: z.string(),
  sn: z.string(),
  terminalName: z.string(),
  /** Who opened it. */
  openedBy: z.string(),
  /** Who controlled it (null: watched only). */
  controller: z.string().nullable(),
  /** Everyone who joined, with their role. */
  participants: z.array(z.object({ name: z.string(), role: z.enum(['controller', 'observer']) })),
  state: z.enum(REMOTE_SESSION_STATES),
  endReason: z.enum(REMOTE_END_REASONS).nullable(),
  consent: z.enum(REMOTE_CONSENT_POLICIES),
  openedAt: z.string(),
  /** When the terminal's screen first showed (consent given). */
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Seconds from start (or open) to end, or to now while it runs. */
  durationSec: z.number().int(),
  recording: z
    .object({ bytes: z.number().int(), frames: z.number().int(), inputs: z.number().int() })
    .nullable(),
  /** The recording passed its retention and was removed. */
  recordingExpired: z.boolean(),
});
export type RemoteSessionRow = z.infer<typeof RemoteSessionRowSchema>;

export const RemoteSessionFilterSchema = z.object({
  sn: z.string().trim().max(LIMITS.nameMax).optional(),
  /** `live`: not ended; `ended`: ended. */
  status: z
    .enum(['live', 'ended'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type RemoteSessionFilter = z.infer<typeof RemoteSessionFilterSchema>;

/** A terminal group with its own consent policy (null: inherits) and the one in force. */
export const RemotePolicyRowSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  parentId: z.string().nullable(),
  policy: z.enum(REMOTE_CONSENT_POLICIES).nullable(),
  effective: z.enum(REMOTE_CONSENT_POLICIES),
});
export type RemotePolicyRow = z.infer<typeof RemotePolicyRowSchema>;

export const RemotePolicySaveSchema = z.strictObject({
  groupId: z.uuid(),
  /** `inherit` clears the group's own policy. */
  policy: z.enum([...REMOTE_CONSENT_POLICIES, 'inherit']),
});

export const remoteEndpoints = {
  open: defineEndpoint({
    method: 'POST',
    path: `${base}/session/open`,
    stepUp: true,
    consoleOnly: true,
    summary:
      'Opens a remote screen session on an online terminal (or joins its running one) and sends it the relay address',
    tag: TAG,
    permission: 'remote:desktop:connect',
    body: RemoteOpenSchema,
    result: RemoteTicketSchema,
    oplog: {
      objectType: 'terminal',
      action: { of: ({ body }) => (body.mode === 'control' ? 'remote.control' : 'remote.view') },
    },
  }),
  token: defineEndpoint({
    method: 'POST',
    path: `${base}/session/token`,
    consoleOnly: true,
    summary: "A new one-time relay token for the caller's place in a running session (to reconnect)",
    tag: TAG,
    permission: 'remote:desktop:connect',
    body: SessionIdSchema,
    result: RemoteTicketSchema,
  }),
  close: defineEndpoint({
    method: 'POST',
    path: `${base}/session/close`,
    summary: 'Ends a session: its controller or the user who opened it',
    tag: TAG,
    permission: 'remote:desktop:connect',
    body: SessionIdSchema,
    result: z.null(),
    oplog: { objectType: 'terminal', action: 'remote.close' },
  }),
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/session/getPage`,
    summary:
      'Sessions of terminals in the caller’s data scope, newest first: who, which terminal, when, how long',
    tag: TAG,
    permission: 'remote:desktop:view',
    query: PageQuerySchema.extend(RemoteSessionFilterSchema.shape),
    result: pageSchema(RemoteSessionRowSchema),
  }),
  recording: defineEndpoint({
    method: 'GET',
    path: `${base}/recording/download`,
    summary: 'The recording of an ended session (frames and input log), for the console’s player',
    tag: TAG,
    permission: 'remote:desktop:replay',
    query: z.object({ id: z.uuid() }),
    result: z.unknown(),
    binary: true,
    oplog: { objectType: 'terminal', action: 'remote.replay' },
  }),
  policies: defineEndpoint({
    method: 'GET',
    path: `${base}/policy/getList`,
    summary: 'Consent policy of each terminal group in the caller’s data scope',
    tag: TAG,
    permission: 'remote:desktop:view',
    result: z.array(RemotePolicyRowSchema),
  }),
  savePolicy: defineEndpoint({
    method: 'POST',
    path: `${base}/policy/save`,
    summary: 'Sets a group’s consent policy (ask, accept automatically, refuse) or lets it inherit',
    tag: TAG,
    permission: 'remote:desktop:policy',
    body: RemotePolicySaveSchema,
    result: z.null(),
    oplog: { objectType: 'group', action: 'remote.policy' },
  }),
};
