import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../db/schema';
import { callAs, createFleetFixtures } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';

/** The detail page's answers: an unknown SN is not found; an offline terminal is not asked in real time. */
describe('terminal detail answers', () => {
  let t: TestApp;
  let call: ReturnType<typeof callAs>;
  const SN = 'P2000000901';

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    call = callAs(t, admin.token);
    const f = await createFleetFixtures(t, admin.userId);
    const added = await call('POST', '/device/v1/device/terminal/addOrUpdate', {
      sn: SN,
      name: 'Counter 9',
      modelId: f.model.id,
      groupId: f.group.id,
      storeName: 'Main street',
      mac: '00:11:22:33:44:99',
      password: 'abc123',
    });
    expect(added.body.code).toBe(1);
  });
  afterAll(() => t.close());

  it('answers an unknown SN with 404 "no such terminal"', async () => {
    const res = await call('GET', '/device/v1/device/terminal/getBySn?sn=P2NOSUCHSN');
    expect([res.status, res.body.code, res.body.messageEn]).toEqual([404, 404, 'No such terminal']);
  });

  it("shows an offline terminal's stored details but refuses to ask it for its log, in both languages", async () => {
    const detail = await call('GET', `/device/v1/device/terminal/getBySn?sn=${SN}`);
    expect(detail.body.code).toBe(1);
    expect(detail.body.result).toMatchObject({ sn: SN, online: false });

    const res = await t.app.inject({
      method: 'POST',
      url: '/device/v1/device/terminal/requestLog',
      headers: { satoken: (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token },
      payload: { sn: SN },
    });
    const body = res.json();
    expect([res.statusCode, body.code]).toEqual([409, 409]);
    expect(body.messageEn).toBe(
      'The terminal is offline, so details or real-time information cannot be fetched',
    );
    expect(body.message).toBe('终端离线，无法获取详情或实时信息');
  });

  it('asks an online terminal for its log', async () => {
    await t.database.db.update(terminals).set({ online: true }).where(eq(terminals.sn, SN));
    const res = await call('POST', '/device/v1/device/terminal/requestLog', { sn: SN });
    expect(res.body.code).toBe(1);
    expect((res.body.result as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
