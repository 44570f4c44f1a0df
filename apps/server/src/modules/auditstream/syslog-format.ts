import { SYSLOG_FACILITIES, type SyslogFacility } from '@cpm/contracts';

/** RFC 5424 severities the stream uses. */
export const SEVERITY = { warning: 4, notice: 5, informational: 6 } as const;
export type Severity = (typeof SEVERITY)[keyof typeof SEVERITY];

/** The SD-ID of the stream's structured data (private enterprise number of RFC 5612's examples). */
export const SD_ID = 'cpm@32473';

/** PRI of RFC 5424 section 6.2.1: facility times eight plus severity. */
export const priOf = (facility: SyslogFacility, severity: Severity) =>
  SYSLOG_FACILITIES[facility] * 8 + severity;

/** Actions that concern who may do what, or who did something powerful, are notices. */
const NOTICE_ACTIONS =
  /^(login$|security\.|remote\.(control|view|close)$|user\.(roles|enable|disable|delete)$|role\.|password\.|session\.|command\.run$|auditStream\.)/;

/** Severity of an event: failures warn, security-relevant actions are notices, the rest informational. */
export const severityOf = (e: { action: string; result: 'success' | 'failure' }): Severity =>
  e.result === 'failure' || e.action === 'security.signInFailed'
    ? SEVERITY.warning
    : NOTICE_ACTIONS.test(e.action)
      ? SEVERITY.notice
      : SEVERITY.informational;

/** A header field: printable US-ASCII without spaces, at most `max` characters, `-` when empty. */
export const headerField = (value: string | null | undefined, max: number) => {
  const v = (value ?? '').replace(/[^\x21-\x7e]/g, '_').slice(0, max);
  return v === '' ? '-' : v;
};

/** Escapes a PARAM-VALUE (RFC 5424 section 6.3.3): `"`, `\` and `]` take a backslash. */
export const escapeParamValue = (v: string) => v.replace(/["\\\]]/g, (c) => `\\${c}`);

/** An SD-NAME: printable US-ASCII except `=`, space, `]` and `"`, at most 32 characters. */
const sdName = (v: string) => v.replace(/[^\x21-\x7e]|[= \]"]/g, '_').slice(0, 32);

/** One SD-ELEMENT, or `-` (NILVALUE) when there are no parameters. */
export const structuredData = (id: string, params: Record<string, string | number | null | undefined>) => {
  const pairs = Object.entries(params)
    .filter((p): p is [string, string | number] => p[1] !== null && p[1] !== undefined)
    .map(([k, v]) => ` ${sdName(k)}="${escapeParamValue(String(v))}"`);
  return pairs.length ? `[${sdName(id)}${pairs.join('')}]` : '-';
};

/** What one syslog message says. */
export type SyslogMessage = {
  facility: SyslogFacility;
  severity: Severity;
  time: Date;
  hostname: string;
  appName: string;
  procId?: string | null;
  msgId: string;
  data: string;
  msg: string;
};

/** An RFC 5424 message: `<PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID SD MSG`. */
export const formatSyslog = (m: SyslogMessage) =>
  [
    `<${priOf(m.facility, m.severity)}>1`,
    m.time.toISOString(),
    headerField(m.hostname, 255),
    headerField(m.appName, 48),
    headerField(m.procId, 128),
    headerField(m.msgId, 32),
    m.data,
    m.msg,
  ].join(' ');

/** RFC 6587 octet-counting frame: the message's length in bytes, a space, the message. */
export const frameOctetCounted = (message: string) => {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `, 'ascii'), body]);
};

/** An operation-log entry as the stream and the JSON-lines export write it. */
export type AuditEvent = {
  id: string;
  seq: number;
  at: string;
  actorId: string | null;
  actorName: string;
  ip: string | null;
  action: string;
  objectType: string;
  objectId: string | null;
  objectName: string | null;
  result: 'success' | 'failure';
  detail: string | null;
};

/** The framed syslog message of one event; the JSON event is the MSG, its id and seq also in the SD. */
export const eventFrame = (e: AuditEvent, opts: { facility: SyslogFacility; hostname: string }) =>
  frameOctetCounted(
    formatSyslog({
      facility: opts.facility,
      severity: severityOf(e),
      time: new Date(e.at),
      hostname: opts.hostname,
      appName: 'cpm',
      procId: String(process.pid),
      msgId: e.action,
      data: structuredData(SD_ID, { eventId: e.id, seq: e.seq, result: e.result }),
      msg: JSON.stringify(e),
    }),
  );
