import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blobs, loginThrottle, operationLogs, users } from '../db/schema';
import { makeZip, postFileForm } from '../modules/sysfiles/testing';
import { useTestApp } from '../test-support/suite-app';
import { ADMIN_PASSWORD, loginAs } from '../test-support/test-app';

/**
 * PostgreSQL cannot store a NUL character in text: before every endpoint validated its input for
 * it, a NUL in any of dozens of text fields (the anonymous login's username among them) reached the
 * database and came back as an internal error.
 */
describe('a NUL character in any input, or an id that is not one', () => {
  const t = useTestApp();
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
  });

  it('is refused at sign-in as a field error in both languages, and nothing is written', async () => {
    const written = async () => [
      await t.database.db.select({ n: count() }).from(loginThrottle),
      await t.database.db.select({ n: count() }).from(operationLogs),
    ];
    const before = await written();
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/v1/oauth/login/cpmDoLogin',
      payload: { username: 'ad\u0000min', password: 'x', captchaId: 'x', captchaCode: 'x', sysCode: 'cpm' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.errors).toEqual([
      {
        field: 'body.username',
        message: '不能包含空字符（NUL）',
        messageEn: 'Must not contain a NUL character',
      },
    ]);
    expect(await written()).toEqual(before);
  });

  it('is refused with a 400 by every endpoint that takes a query or a body, nested or not', async () => {
    const checked: string[] = [];
    const before = await t.database.db.select({ n: count() }).from(users);
    for (const def of t.endpoints) {
      if (def.device || def.upload || (!def.body && !def.query)) continue;
      const headers = def.public ? {} : { satoken: adminToken };
      const method = Array.isArray(def.method) ? def.method[0] : def.method;
      const res = def.body
        ? await t.app.inject({
            method: 'POST',
            url: def.path,
            headers,
            payload: { name: 'a\u0000b', nested: { list: ['ok', 'x\u0000'] } },
          })
        : await t.app.inject({ method, url: `${def.path}?name=a%00b`, headers });
      expect(res.statusCode, `${method} ${def.path}: ${res.body}`).toBe(400);
      const fields = (res.json().result.errors as { field: string }[]).map((e) => e.field);
      expect(fields, def.path).toEqual(def.body ? ['body.name', 'body.nested.list.1'] : ['query.name']);
      checked.push(def.path);
    }
    expect(checked.length).toBeGreaterThan(60);
    // An id that is not a UUID is a field error too, not a database error.
    const menu = await t.app.inject({
      method: 'GET',
      url: '/upms/v1/upms/user/getSubUserMenuById?id=not-a-uuid',
      headers: { satoken: adminToken },
    });
    expect(menu.statusCode).toBe(400);
    expect(menu.json().result.errors[0].field).toBe('query.id');
    expect(await t.database.db.select({ n: count() }).from(users)).toEqual(before);
  });

  it('is refused in a multipart field of an upload with a 400 field error, storing nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(blobs);
    const res = await postFileForm(t, adminToken, '/file/v1/file/sysFile/upload', {
      fields: { version: '1.0.0', type: '1', description: 'OTA\u0000', models: '', osVersions: '' },
      name: 'ota.zip',
      bytes: makeZip([{ name: 'payload.bin', data: Buffer.alloc(100, 1) }]),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().result.errors).toEqual([
      {
        field: 'body.description',
        message: '不能包含空字符（NUL）',
        messageEn: 'Must not contain a NUL character',
      },
    ]);
    expect(await t.database.db.select({ n: count() }).from(blobs)).toEqual(before);
  });
});
