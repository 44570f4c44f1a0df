import net from 'node:net';
import { ENDPOINTS } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from '../../test-support/test-app';
import { createOplogRepository } from '../oplog/oplog.repository';
import { createOplogService } from '../oplog/oplog.service';
import { operationLogs } from '../oplog/oplog.table';
import { createSecurityEvents } from './security-events';

const E = ENDPOINTS.auditStream;
const settings = {
  enabled: false,
  host: '127.0.0.1',
  port: 6514,
  tls: false,
  caCert: '',
  facility: 'auth',
} as const;

describe('audit stream routes', () => {
  const t = useTestApp();
  let admin: string;
  let ent: string;

  beforeAll(async () => {
    admin = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
    ent = (await createAccount(t, { username: 'ent_audit', roleCode: 'enterprise_admin' })).token;
  });

  it('answers the stored settings and the state, off by default', async () => {
    const got = await clientOf(t, admin).call(E.get);
    expect(got.body.result?.settings.enabled).toBe(false);
    expect(got.body.result?.state).toMatchObject({ lastSentAt: null, lastError: null, connected: false });
  });

  it('saves the settings and records the change in the operation log', async () => {
    const saved = await clientOf(t, admin).call(E.save, settings);
    expect(saved.body.result?.settings).toEqual(settings);
    expect((await clientOf(t, admin).call(E.get)).body.result?.settings).toEqual(settings);
    const log = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'auditStream.save'));
    expect(log.at(-1)).toMatchObject({ actorName: 'admin', objectName: '127.0.0.1' });
  });

  it.each([
    ['zh-CN', '请先填写 syslog 接收端的主机'],
    ['en', 'Enter the host of the syslog receiver first'],
  ])('refuses to turn the stream on without a host (%s) and changes nothing', async (language, text) => {
    const before = (await clientOf(t, admin).call(E.get)).body.result?.settings;
    const res = await t.app.inject({
      method: 'POST',
      url: E.save.path,
      headers: { satoken: admin, 'accept-language': language },
      payload: { ...settings, enabled: true, host: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(text);
    expect((await clientOf(t, admin).call(E.get)).body.result?.settings).toEqual(before);
  });

  it('refuses a host with spaces and an unknown facility', async () => {
    expect((await clientOf(t, admin).send(E.save, { ...settings, host: 'a b' })).status).toBe(400);
    expect((await clientOf(t, admin).send(E.save, { ...settings, facility: 'kern' })).status).toBe(400);
  });

  it('is out of reach of an enterprise administrator', async () => {
    expect((await clientOf(t, ent).call(E.get)).status).toBe(403);
    expect((await clientOf(t, ent).call(E.save, settings)).status).toBe(403);
    expect((await clientOf(t, ent).call(E.test)).status).toBe(403);
  });

  it('sends a test message to the receiver and says so', async () => {
    const received: Buffer[] = [];
    const server = net.createServer((s) => s.on('data', (d) => received.push(d)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      await clientOf(t, admin).call(E.save, { ...settings, port });
      const res = await clientOf(t, admin).call(E.test);
      expect(res.body.result).toEqual({ ok: true, error: null });
      await new Promise<void>((r) => server.close(() => r()));
      const text = Buffer.concat(received).toString('utf8');
      expect(text).toMatch(/^\d+ <37>1 \S+ \S+ cpm \d+ auditStream\.test \[cpm@32473 eventId="/);
    } finally {
      server.close();
    }
  });

  it('reports a receiver that is not listening', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    await clientOf(t, admin).call(E.save, { ...settings, port });
    const res = await clientOf(t, admin).call(E.test);
    expect(res.body.result?.ok).toBe(false);
    expect(res.body.result?.error).toContain('ECONNREFUSED');
  });

  it('exports a time range as JSON lines in writing order, security events included', async () => {
    const oplog = createOplogService({ repo: createOplogRepository(t.database.db), clock: t.clock });
    const record = createSecurityEvents(oplog);
    const start = t.clock.now();
    await record({ kind: 'signOut', actor: { id: null, name: 'someone' }, ip: '10.1.1.1' });
    await record({ kind: 'shellCommand', actor: { id: null, name: 'someone' }, ip: null, detail: 'reboot' });
    const res = await clientOf(t, admin).request(E.export, {
      query: {
        from: new Date(start.getTime() - 1000).toISOString(),
        to: new Date(start.getTime() + 1000).toISOString(),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const security = lines.filter((l) => l.action.startsWith('security.'));
    expect(security.map((l) => [l.action, l.detail])).toEqual([
      ['security.signOut', null],
      ['security.shellCommand', 'reboot'],
    ]);
    const seqs = lines.map((l) => l.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('records a sign-out as a security event', async () => {
    const { token } = await loginAs(t.app, 'ent_audit', ACCOUNT_PASSWORD);
    expect((await clientOf(t, token).call(ENDPOINTS.auth.logout, {})).status).toBe(200);
    const log = (
      await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, 'security.signOut'))
    ).filter((r) => r.actorName === 'ent_audit');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorName: 'ent_audit', objectType: 'session', result: 'success' });
  });

  it('refuses an export range that ends before it starts', async () => {
    const res = await clientOf(t, admin).request(E.export, {
      query: { from: '2026-06-02T00:00:00Z', to: '2026-06-01T00:00:00Z' },
    });
    expect(res.statusCode).toBe(400);
  });
});
