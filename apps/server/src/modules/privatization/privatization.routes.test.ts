import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createAccount, createRole } from '../../test-support/accounts';
import { useTestApp } from '../../test-support/suite-app';
import { answerTable, badHeaders } from '../../test-support/workbook';
import { appKeys } from '../keys/keys.table';
import { operationLogs } from '../oplog/oplog.table';
import { privateCustomers } from './privatization.table';

const P = '/upms/v1/upms/cpmPrivatization';

const customer = (over: Record<string, unknown> = {}) => ({
  name: 'Harbour Retail',
  contact: 'Chen',
  phone: '+86 21 5555',
  email: 'it@harbour.test',
  country: 'CN',
  region: 'Shanghai',
  address: '8 Bund Rd',
  deploymentStatus: '1',
  networkType: 'intranet',
  interfaceUrl: 'https://pos.harbour.test/api',
  serviceIp: '10.0.0.8',
  sysUser: 'root',
  password: 'S3cret#Harbour',
  remark: 'night shift contact',
  ...over,
});

describe('private deployments', () => {
  const t = useTestApp();
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  let plain: { id: string; token: string };

  beforeAll(async () => {
    // A tree-scoped role holding the page and all its buttons, for two separate accounts.
    const roleId = await createRole(
      t,
      { code: 'private_ops', name: '私有化运维', nameEn: 'Private ops' },
      'user:private:%',
    );
    a = await createAccount(t, { username: 'ops_a', roleId });
    b = await createAccount(t, { username: 'ops_b', roleId });
    plain = await createAccount(t, { username: 'ent_c', roleCode: 'enterprise_admin' });
  });

  it('stores the password encrypted, never lists it, and records each reveal', async () => {
    const made = await callApi(t, a.token, 'POST', `${P}/addOrUpdate`, customer());
    expect(made.body.code).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(privateCustomers)
      .where(eq(privateCustomers.id, made.body.result.id));
    expect(row.passwordEnc).toMatch(/^v1:/);
    expect(row.passwordEnc).not.toContain('S3cret');
    const list = await callApi(t, a.token, 'GET', `${P}/getPage?name=harbour`);
    expect(list.body.result.records[0]).toMatchObject({
      name: 'Harbour Retail',
      hasPassword: true,
      interfaceUrl: 'https://pos.harbour.test/api',
    });
    expect(JSON.stringify(list.body)).not.toContain('S3cret');
    const revealed = await callApi(t, a.token, 'POST', `${P}/revealPassword`, { id: made.body.result.id });
    expect(revealed.body.result).toEqual({ password: 'S3cret#Harbour' });
    const log = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'private.reveal'));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorName: 'ops_a', objectName: 'Harbour Retail' });
    // Editing without a password keeps the stored one.
    await callApi(
      t,
      a.token,
      'POST',
      `${P}/addOrUpdate`,
      customer({ id: made.body.result.id, password: '' }),
    );
    expect(
      (await callApi(t, a.token, 'POST', `${P}/revealPassword`, { id: made.body.result.id })).body.result
        .password,
    ).toBe('S3cret#Harbour');
    const keys = await t.database.db.select().from(appKeys);
    expect(keys.map((k) => k.name).sort()).toEqual([
      'download-url-hmac',
      'login-device-hmac',
      'password-rsa',
      'secret-aes',
    ]);
  });

  it('refuses an invalid interface URL and a new record without a password', async () => {
    const bad = await callApi(
      t,
      a.token,
      'POST',
      `${P}/addOrUpdate`,
      customer({ interfaceUrl: 'ftp:/nowhere' }),
    );
    expect(bad.body.result.errors[0]).toMatchObject({
      field: 'body.interfaceUrl',
      messageEn: 'The interface URL is not a valid http(s) URL',
      message: '接口地址不是有效的 http(s) 网址',
    });
    const noPass = await callApi(t, a.token, 'POST', `${P}/addOrUpdate`, customer({ password: undefined }));
    expect(noPass.body.messageEn).toBe('A password is required for a new record');
    expect((await callApi(t, a.token, 'GET', `${P}/getPage`)).body.result.total).toBe(1);
  });

  it('shows another account none of the records and 403s missing buttons', async () => {
    const theirs = await callApi(t, b.token, 'GET', `${P}/getPage`);
    expect(theirs.body.result.total).toBe(0);
    const [rec] = (await callApi(t, a.token, 'GET', `${P}/getPage`)).body.result.records;
    expect((await callApi(t, b.token, 'POST', `${P}/revealPassword`, { id: rec.id })).body.code).toBe(404);
    expect((await callApi(t, b.token, 'POST', `${P}/addOrUpdate`, customer({ id: rec.id }))).body.code).toBe(
      404,
    );
    expect((await callApi(t, b.token, 'GET', `${P}/delete?id=${rec.id}`)).body.code).toBe(404);
    const empty = await t.app.inject({ url: `${P}/export`, headers: { satoken: b.token } });
    expect(empty.statusCode).toBe(200);
    expect((await answerTable(empty)).rows).toEqual([]);
    // Deployment status and network by their dictionary labels, in the caller's language.
    const exportIn = async (language: string) =>
      await answerTable(
        await t.app.inject({
          url: `${P}/export`,
          headers: { satoken: a.token, 'accept-language': language },
        }),
      );
    const zh = await exportIn('zh-CN');
    expect(badHeaders(zh.headers, 'zh')).toEqual([]);
    expect(zh.rows[0]).toMatchObject({ 客户名称: 'Harbour Retail', 部署状态: '已部署', 网络类型: '内网' });
    const en = await exportIn('en');
    expect(badHeaders(en.headers, 'en')).toEqual([]);
    expect(en.rows[0]).toMatchObject({
      Customer: 'Harbour Retail',
      'Deployment status': 'Deployed',
      'Network type': 'Intranet',
      'Service IP': '10.0.0.8',
    });
    expect(en.headers).not.toContain('System password');
    expect((await callApi(t, plain.token, 'GET', `${P}/getPage`)).status).toBe(403);
    expect((await callApi(t, plain.token, 'POST', `${P}/addOrUpdate`, customer())).status).toBe(403);
    expect((await callApi(t, plain.token, 'POST', `${P}/addOrUpdate`, customer({ id: rec.id }))).status).toBe(
      403,
    );
    expect((await callApi(t, plain.token, 'POST', `${P}/revealPassword`, { id: rec.id })).status).toBe(403);
    expect((await callApi(t, plain.token, 'GET', `${P}/export`)).status).toBe(403);
    expect((await callApi(t, plain.token, 'GET', `${P}/delete?id=${rec.id}`)).status).toBe(403);
    expect((await callApi(t, a.token, 'GET', `${P}/delete?id=${rec.id}`)).body.code).toBe(1);
  });
});
