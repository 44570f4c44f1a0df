import { webhooksEndpoints as e } from '@cpm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createRole } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { useTestApp } from '../../test-support/suite-app';
import { operationLogs } from '../oplog/oplog.table';
import { webhookDeliveries, webhookSubscriptions } from './webhooks.table';

const hook = (over: Record<string, unknown> = {}) => ({
  name: 'Till events',
  url: 'https://hooks.example.test/in',
  eventTypes: ['terminal.online', 'task.finished'],
  enabled: true,
  ...over,
});

describe('webhook subscriptions', () => {
  const t = useTestApp({ jobs: { run: false } });
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  let viewer: { id: string; token: string };

  beforeAll(async () => {
    const roleId = await createRole(
      t,
      { code: 'hooks_all', name: '回调', nameEn: 'Hooks' },
      'user:webhook:%',
    );
    const viewOnly = await createRole(
      t,
      { code: 'hooks_view', name: '回调查看', nameEn: 'Hooks view' },
      'user:webhook:view',
    );
    a = await createAccount(t, { username: 'hooks_a', roleId });
    b = await createAccount(t, { username: 'hooks_b', roleId });
    viewer = await createAccount(t, { username: 'hooks_v', roleId: viewOnly, superiorId: null });
  });

  it('answers the secret once, keeps it encrypted and records the change in the operation log', async () => {
    const made = await clientOf(t, a.token).call(e.save, hook());
    expect(made.body.code).toBe(1);
    const { id, secret } = made.body.result;
    expect(secret).toMatch(/^whsec_/);
    const [row] = await t.database.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, id));
    expect(row.secretEnc).toMatch(/^v1:/);
    expect(row.secretEnc).not.toContain((secret as string).slice(6));
    const edited = await clientOf(t, a.token).call(e.save, hook({ id, name: 'Till events 2' }));
    expect(edited.body.result).toEqual({ id, secret: null });
    const page = await clientOf(t, a.token).call(e.page, { current: 1, size: 10 });
    expect(page.body.result.records).toMatchObject([{ id, name: 'Till events 2', enabled: true }]);
    expect(JSON.stringify(page.body.result)).not.toContain('whsec_');
    const logged = await t.database.db
      .select({ action: operationLogs.action })
      .from(operationLogs)
      .where(and(eq(operationLogs.objectId, id)));
    expect(logged.map((l) => l.action).sort()).toEqual(['webhook.create', 'webhook.update']);
  });

  it('refuses plain http (and a bad URL) in both languages and stores nothing', async () => {
    const before = (await t.database.db.select().from(webhookSubscriptions)).length;
    const plain = await clientOf(t, a.token).send(e.save, hook({ url: 'http://127.0.0.1:9/in' }));
    expect(plain.body).toMatchObject({
      code: 400,
      message: expect.stringContaining('https'),
      messageEn: expect.stringContaining('The URL must use https'),
    });
    const bad = await clientOf(t, a.token).send(e.save, hook({ url: 'ftp:/nowhere' }));
    expect((bad.body.result as unknown as { errors: unknown[] }).errors[0]).toMatchObject({
      field: 'body.url',
      message: '地址不是有效的 http(s) 网址',
      messageEn: 'The URL is not a valid http(s) URL',
    });
    const none = await clientOf(t, a.token).send(e.save, hook({ eventTypes: [] }));
    expect((none.body.result as unknown as { errors: unknown[] }).errors[0]).toMatchObject({
      field: 'body.eventTypes',
      message: '至少需要 1 项',
      messageEn: 'Needs at least 1 items',
    });
    expect((await t.database.db.select().from(webhookSubscriptions)).length).toBe(before);
  });

  it('shows another account none of them and answers 404 for what it cannot see', async () => {
    const [mine] = (await clientOf(t, a.token).call(e.page, { current: 1, size: 10 })).body.result.records;
    const theirs = clientOf(t, b.token);
    expect((await theirs.call(e.page, { current: 1, size: 10 })).body.result.total).toBe(0);
    expect((await theirs.call(e.ping, { id: mine.id })).body.code).toBe(404);
    expect(
      (await theirs.call(e.deliveries, { subscriptionId: mine.id, current: 1, size: 10 })).body.code,
    ).toBe(404);
    expect((await theirs.call(e.remove, { id: mine.id })).body.code).toBe(404);
    expect((await theirs.call(e.rotateSecret, { id: mine.id })).body.code).toBe(404);
  });

  it('403s each button the caller lacks', async () => {
    const [mine] = (await clientOf(t, a.token).call(e.page, { current: 1, size: 10 })).body.result.records;
    const v = clientOf(t, viewer.token);
    expect((await v.send(e.save, hook())).status).toBe(403);
    expect((await v.send(e.ping, { id: mine.id })).status).toBe(403);
    expect((await v.send(e.resend, { id: mine.id })).status).toBe(403);
    expect((await v.send(e.rotateSecret, { id: mine.id })).status).toBe(403);
    expect((await v.send(e.remove, { id: mine.id })).status).toBe(403);
  });

  it('queues a ping, refuses one to a disabled subscription, and deletes the log with the subscription', async () => {
    const api = clientOf(t, a.token);
    const { id } = (await api.call(e.save, hook({ name: 'Pinged' }))).body.result;
    const ping = await api.call(e.ping, { id });
    expect(ping.body.code).toBe(1);
    const log = await api.call(e.deliveries, { subscriptionId: id, current: 1, size: 10 });
    expect(log.body.result.records).toMatchObject([
      { eventType: 'webhook.ping', status: 'pending', attempts: 0 },
    ]);
    await api.call(e.save, hook({ id, name: 'Pinged', enabled: false }));
    const refused = await api.send(e.ping, { id });
    expect(refused.body).toMatchObject({ code: 409, messageEn: expect.stringContaining('disabled') });
    const rotated = await api.call(e.rotateSecret, { id });
    expect(rotated.body.result.secret).toMatch(/^whsec_/);
    await api.call(e.remove, { id });
    expect(
      await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, id)),
    ).toEqual([]);
  });
});
