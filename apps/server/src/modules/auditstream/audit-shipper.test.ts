import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOf } from '../../test-support/fake';
import { createTestClock } from '../../test-support/test-app';
import { createAuditShipper } from './audit-shipper';
import type { AuditStreamRecord, createAuditStreamRepository } from './auditstream.repository';
import { until } from './rsyslog.fixture';
import type { AuditEvent } from './syslog-format';
import type { SyslogConnection } from './syslog-transport';

const stream: AuditStreamRecord = {
  enabled: true,
  host: 'siem.test',
  port: 6514,
  tls: false,
  caCert: '',
  facility: 'local0',
  cursor: 0,
  lastSentAt: null,
  lastError: null,
  lastErrorAt: null,
};

const event = (seq: number): AuditEvent => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  at: '2026-06-01T08:00:00.000Z',
  actorId: null,
  actorName: 'admin',
  ip: null,
  action: 'fence.create',
  objectType: 'fence',
  objectId: null,
  objectName: null,
  result: 'success',
  detail: null,
});

/** A connection that keeps what was written and can be made to fail. */
const fakeConnection = () => {
  const written: string[] = [];
  let closed: string | null = null;
  const conn: SyslogConnection = {
    write: async (data) => {
      written.push(data.toString('utf8'));
    },
    isClosed: () => closed !== null,
    closedReason: () => closed,
    close: () => {
      closed ??= 'closed';
    },
  };
  return { conn, written, drop: (why: string) => (closed = why) };
};

const setup = (events: AuditEvent[]) => {
  const state = { ...stream };
  const repo = fakeOf<typeof createAuditStreamRepository>({
    get: async () => ({ ...state }),
    claim: async () => true,
    advance: async (cursor) => {
      state.cursor = Math.max(state.cursor, cursor);
    },
    markSent: async () => undefined,
    markError: async (message) => {
      state.lastError = message;
    },
    release: async () => undefined,
  });
  const clock = createTestClock();
  const connections: ReturnType<typeof fakeConnection>[] = [];
  const connect = vi.fn(async () => {
    const c = fakeConnection();
    connections.push(c);
    return c.conn;
  });
  const shipper = createAuditShipper({
    repo,
    events: { after: async (seq, limit) => events.filter((e) => e.seq > seq).slice(0, limit) },
    connect,
    clock,
    hostname: 'cpm-1',
    holder: 'me',
    log: { warn: () => undefined },
    timings: { pollMs: 2, confirmMs: 1000, backoffMinMs: 2, backoffMaxMs: 4, batch: 10 },
  });
  return { state, repo, clock, connect, connections, shipper };
};

describe('audit shipper', () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
  });

  it('keeps the cursor until a sent batch has stayed on a healthy connection for the confirm time', async () => {
    const s = setup([event(1), event(2), event(3)]);
    s.shipper.start();
    stop = s.shipper.stop;
    await until(() => s.connections[0]?.written.length === 1, 2000, 'the batch');
    expect(s.repo.advance).not.toHaveBeenCalled();
    s.clock.advance(1000);
    await until(() => s.state.cursor === 3, 2000, 'the cursor');
    expect(s.connections[0]?.written[0]).toMatch(
      /^\d+ <134>1 .* fence\.create \[cpm@32473 eventId="[^"]+" seq="1"/,
    );
  });

  it('sends an unconfirmed batch again after the connection drops, then confirms it', async () => {
    const s = setup([event(1), event(2)]);
    s.shipper.start();
    stop = s.shipper.stop;
    await until(() => s.connections[0]?.written.length === 1, 2000, 'the first send');
    s.connections[0]?.drop('the receiver closed the connection');
    await until(() => s.connections[1]?.written.length === 1, 2000, 'the second send');
    expect(s.connections[1]?.written[0]).toBe(s.connections[0]?.written[0]);
    expect(s.state.lastError).toBe('the receiver closed the connection');
    s.clock.advance(1000);
    await until(() => s.state.cursor === 2, 2000, 'the cursor');
  });

  it('records the error and tries again when the receiver cannot be reached', async () => {
    const s = setup([event(1)]);
    s.connect.mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    s.shipper.start();
    stop = s.shipper.stop;
    await until(() => s.connections[0]?.written.length === 1, 2000, 'the send after the retry');
    expect(s.connect).toHaveBeenCalledTimes(2);
    expect(s.repo.markError).toHaveBeenCalledWith('connect ECONNREFUSED', expect.any(Date));
  });

  it('holds back what follows a fresh gap in the sequence until the gap is old', async () => {
    const s = setup([event(1), event(3)]);
    s.shipper.start();
    stop = s.shipper.stop;
    await until(() => s.connections[0]?.written.length === 1, 2000, 'the first send');
    expect(s.connections[0]?.written[0]).toContain('seq="1"');
    expect(s.connections[0]?.written[0]).not.toContain('seq="3"');
    s.clock.advance(5000);
    await until(() => s.connections[0]?.written.length === 2, 2000, 'the event after the gap');
    expect(s.connections[0]?.written[1]).toContain('seq="3"');
  });

  it('sends nothing while the stream is off', async () => {
    const s = setup([event(1)]);
    s.state.enabled = false;
    s.shipper.start();
    stop = s.shipper.stop;
    await until(() => s.repo.get.mock.calls.length >= 3, 2000, 'a few polls');
    expect(s.connect).not.toHaveBeenCalled();
  });
});
