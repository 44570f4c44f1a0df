import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { bilingual } from '../issue-text';
import { OperationLogFilterSchema } from '../users/users.contract';

/** Syslog facilities a deployment may stream under (RFC 5424 numbering). */
export const SYSLOG_FACILITIES = {
  auth: 4,
  authpriv: 10,
  local0: 16,
  local1: 17,
  local2: 18,
  local3: 19,
  local4: 20,
  local5: 21,
  local6: 22,
  local7: 23,
} as const;
export type SyslogFacility = keyof typeof SYSLOG_FACILITIES;
const facilityNames = Object.keys(SYSLOG_FACILITIES) as [SyslogFacility, ...SyslogFacility[]];

/** Kinds of security event other modules record; each is written to the operation log as `security.<kind>`. */
export const SECURITY_EVENT_KINDS = [
  'signIn',
  'signInFailed',
  'signOut',
  'permissionChange',
  'remoteSessionStart',
  'remoteSessionEnd',
  'shellCommand',
  'apiKeyUse',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** Where the audit stream sends the operation log and security events. */
export const AuditStreamSettingsSchema = z.strictObject({
  /** Whether the shipper sends at all; events wait in the database while it is off. */
  enabled: z.boolean(),
  /** Syslog receiver host name or address. */
  host: z
    .string()
    .trim()
    .max(253)
    .refine((v) => /^[A-Za-z0-9.:_-]*$/.test(v), bilingual('主机名无效', 'The host name is not valid')),
  /** TCP port of the receiver (6514 is the usual TLS port, 514 or 601 plain). */
  port: z.number().int().min(1).max(65535),
  /** RFC 5425: TLS over TCP. */
  tls: z.boolean(),
  /** PEM certificate(s) the receiver's certificate must chain to; empty: the system's trust store. */
  caCert: z.string().max(20000),
  /** Syslog facility of every message. */
  facility: z.enum(facilityNames),
});
export type AuditStreamSettings = z.infer<typeof AuditStreamSettingsSchema>;

/** How far the shipper has come. */
export const AuditStreamStateSchema = z.object({
  /** Sequence number of the last event the receiver confirmed by keeping the connection. */
  cursor: z.number().int(),
  /** Events in the operation log after the cursor. */
  lag: z.number().int(),
  /** When the last event was sent (ISO), null before the first. */
  lastSentAt: z.string().nullable(),
  /** The last delivery error, null after a successful send. */
  lastError: z.string().nullable(),
  /** When the last error happened (ISO). */
  lastErrorAt: z.string().nullable(),
  /** Whether a connection to the receiver is open now. */
  connected: z.boolean(),
});
export type AuditStreamState = z.infer<typeof AuditStreamStateSchema>;

export const AuditStreamViewSchema = z.object({
  settings: AuditStreamSettingsSchema,
  state: AuditStreamStateSchema,
});
export type AuditStreamView = z.infer<typeof AuditStreamViewSchema>;

export const AuditStreamTestResultSchema = z.object({
  /** Whether the test message was written to the receiver. */
  ok: z.boolean(),
  /** Why not, when it was not. */
  error: z.string().nullable(),
});

/** A date range of the operation log for a SIEM backfill. */
export const AuditStreamExportQuerySchema = z.object({
  from: OperationLogFilterSchema.shape.from.unwrap(),
  to: OperationLogFilterSchema.shape.to.unwrap(),
});

export const auditStreamEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/auditStream/get',
    summary: "The audit stream's settings and how far it has sent",
    tag: 'upms',
    permission: 'user:auditstream:view',
    result: AuditStreamViewSchema,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/auditStream/save',
    summary: 'Set where the operation log and security events are streamed (syslog over TCP or TLS)',
    tag: 'upms',
    permission: 'user:auditstream:edit',
    body: AuditStreamSettingsSchema,
    result: AuditStreamViewSchema,
    oplog: { objectType: 'auditStream', action: 'auditStream.save' },
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/auditStream/test',
    summary: 'Send one test message to the configured receiver now, outside the stream',
    tag: 'upms',
    permission: 'user:auditstream:test',
    result: AuditStreamTestResultSchema,
    oplog: { objectType: 'auditStream', action: 'auditStream.test' },
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/auditStream/export',
    rateLimit: 'jobs',
    summary: 'The operation log of a time range as JSON lines, one event per line as the stream sends it',
    tag: 'upms',
    permission: 'user:auditstream:export',
    query: AuditStreamExportQuerySchema,
    result: z.unknown(),
    binary: true,
  }),
};
