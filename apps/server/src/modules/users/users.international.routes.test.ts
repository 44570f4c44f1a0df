import { ACCOUNT_STATE } from '@cpm/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../test-support/accounts';
import { startSmtpCapture } from '../../test-support/smtp-capture';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { users } from './users.table';

const U = '/upms/v1/upms/user';

describe('the international-user flag', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://pos.example', LOG_LEVEL: 'error' },
    });
    admin = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const save = (body: Record<string, unknown>) => callApi(t, admin, 'POST', `${U}/addOrUpdate`, body);
  const row = async (username: string) =>
    (await callApi(t, admin, 'GET', `${U}/getPage?size=50&username=${username}`)).body.result.records.find(
      (r: { username: string }) => r.username === username,
    );

  it('is stored on create, shown in the list, editable, and off unless set', async () => {
    const created = await save({
      username: 'intl_buyer',
      password: 'Intl#Pass1',
      email: 'buyer@intl.test',
      international: true,
    });
    expect(created.body.code).toBe(1);
    expect(await row('intl_buyer')).toMatchObject({ international: true });
    expect((await save({ username: 'home_buyer', password: 'Home#Pass1' })).body.code).toBe(1);
    expect(await row('home_buyer')).toMatchObject({ international: false });

    const edited = await save({ id: created.body.result.id, username: 'intl_buyer', international: false });
    expect(edited.body.code).toBe(1);
    expect(await row('intl_buyer')).toMatchObject({ international: false });
    expect(
      (await save({ id: created.body.result.id, username: 'intl_buyer', international: true })).body.code,
    ).toBe(1);
    expect(await row('intl_buyer')).toMatchObject({ international: true });

    const bad = await save({ id: created.body.result.id, username: 'intl_buyer', international: 'yes' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.result.errors[0]).toMatchObject({ field: 'body.international' });
    expect(await row('intl_buyer')).toMatchObject({ international: true });
  });

  it('writes the review mail in English to an international user and in Chinese to another', async () => {
    await save({
      username: 'intl_shop',
      password: 'Intl#Pass1',
      email: 'shop@intl.test',
      international: true,
    });
    await save({
      username: 'home_shop',
      password: 'Home#Pass1',
      email: 'shop@home.test',
      international: false,
    });
    await t.database.db
      .update(users)
      .set({ state: ACCOUNT_STATE.pendingReview })
      .where(inArray(users.username, ['intl_shop', 'home_shop']));
    const intl = await row('intl_shop');
    const home = await row('home_shop');

    expect((await callApi(t, admin, 'POST', `${U}/audit`, { id: intl.id, approve: true })).body.code).toBe(1);
    expect((await callApi(t, admin, 'POST', `${U}/audit`, { id: home.id, approve: true })).body.code).toBe(1);

    const english = smtp.lastTo('shop@intl.test');
    expect(english?.subject).toBe('Your account has been approved');
    expect(english?.text).toContain('Hello intl_shop');
    const chinese = smtp.lastTo('shop@home.test');
    expect(chinese?.subject).toBe('您的账号已通过审核');
    expect(chinese?.text).toContain('home_shop，您好');
  });
});
