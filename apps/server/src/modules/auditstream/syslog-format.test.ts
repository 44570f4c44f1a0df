import { describe, expect, it } from 'vitest';
import {
  type AuditEvent,
  escapeParamValue,
  eventFrame,
  formatSyslog,
  frameOctetCounted,
  headerField,
  priOf,
  SEVERITY,
  severityOf,
  structuredData,
} from './syslog-format';

const event = (over: Partial<AuditEvent> = {}): AuditEvent => ({
  id: '6f1c1f5e-2f7e-4d5e-9a57-0c4f4f1f0a01',
  seq: 42,
  at: '2026-12-07T03:04:05.678Z',
  actorId: null,
  actorName: 'admin',
  ip: '10.0.0.9',
  action: 'role.update',
  objectType: 'role',
  objectId: 'r1',
  objectName: 'Ops',
  result: 'success',
  detail: null,
  ...over,
});

describe('priOf', () => {
  it('multiplies the facility by eight and adds the severity', () => {
    expect(priOf('local0', SEVERITY.notice)).toBe(133);
    expect(priOf('auth', SEVERITY.warning)).toBe(36);
    expect(priOf('local7', SEVERITY.informational)).toBe(190);
  });
});

describe('severityOf', () => {
  it('warns on failures', () => {
    expect(severityOf({ action: 'login', result: 'failure' })).toBe(SEVERITY.warning);
  });
  it('warns on a failed sign-in recorded as a security event', () => {
    expect(severityOf({ action: 'security.signInFailed', result: 'success' })).toBe(SEVERITY.warning);
  });
  it('makes sign-ins, role changes and shell commands notices', () => {
    for (const action of ['login', 'security.signOut', 'role.update', 'user.roles', 'command.run'])
      expect(severityOf({ action, result: 'success' })).toBe(SEVERITY.notice);
  });
  it('leaves other operations informational', () => {
    expect(severityOf({ action: 'fence.create', result: 'success' })).toBe(SEVERITY.informational);
  });
});

describe('structured data', () => {
  it('escapes quote, backslash and closing bracket in values', () => {
    expect(escapeParamValue('a"b\\c]d')).toBe('a\\"b\\\\c\\]d');
  });
  it('leaves other characters, including = and non-ASCII, as they are', () => {
    expect(escapeParamValue('x=y 名')).toBe('x=y 名');
  });
  it('writes one element with its parameters in order', () => {
    expect(structuredData('cpm@32473', { eventId: 'e"1', seq: 7 })).toBe(
      '[cpm@32473 eventId="e\\"1" seq="7"]',
    );
  });
  it('drops absent parameters and writes NILVALUE when none remain', () => {
    expect(structuredData('cpm@32473', { a: null, b: undefined })).toBe('-');
  });
  it('replaces characters an SD-NAME may not hold', () => {
    expect(structuredData('x y', { 'a=b': 1 })).toBe('[x_y a_b="1"]');
  });
});

describe('header fields', () => {
  it('writes NILVALUE for an empty field', () => {
    expect(headerField('', 48)).toBe('-');
    expect(headerField(null, 48)).toBe('-');
  });
  it('replaces spaces and non-ASCII and cuts to the length', () => {
    expect(headerField('a b名cdef', 5)).toBe('a_b_c');
  });
});

describe('formatSyslog', () => {
  it('lays out the RFC 5424 header, structured data and message', () => {
    expect(
      formatSyslog({
        facility: 'local0',
        severity: SEVERITY.informational,
        time: new Date('2026-12-07T03:04:05.678Z'),
        hostname: 'cpm-1',
        appName: 'cpm',
        procId: '99',
        msgId: 'fence.create',
        data: '-',
        msg: '{"a":1}',
      }),
    ).toBe('<134>1 2026-12-07T03:04:05.678Z cpm-1 cpm 99 fence.create - {"a":1}');
  });
});

describe('octet-counting framing', () => {
  it('prefixes the length in bytes, not characters', () => {
    expect(frameOctetCounted('名a').toString('utf8')).toBe('4 名a');
  });
  it('frames an event with its id and JSON, the length matching the bytes that follow', () => {
    const frame = eventFrame(event({ actorName: 'a]"b' }), { facility: 'auth', hostname: 'h' }).toString(
      'utf8',
    );
    const [len, ...rest] = frame.split(' ');
    const message = rest.join(' ');
    expect(Number(len)).toBe(Buffer.byteLength(message));
    expect(message.startsWith('<37>1 2026-12-07T03:04:05.678Z h cpm ')).toBe(true);
    expect(message).toContain(
      ' role.update [cpm@32473 eventId="6f1c1f5e-2f7e-4d5e-9a57-0c4f4f1f0a01" seq="42" result="success"] ',
    );
    expect(JSON.parse(message.slice(message.indexOf('] ') + 2))).toMatchObject({
      actorName: 'a]"b',
      seq: 42,
    });
  });
});
