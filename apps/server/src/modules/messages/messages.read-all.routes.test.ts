import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import { refuseWrites } from '../../test-support/refuse-writes';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';

const SYS_MSG = '/upms/v1/upms/sysMsg';
const MY_MSG = '/upms/v1/upms/sysMsgUser';

describe('read all of my messages', () => {
  let t: TestApp;
  let admin: string;
  let reader: { id: string; token: string };
  const logLines: string[] = [];

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: { satoken: token }, payload })).json();
  const unread = async () =>
    (await call(reader.token, 'GET', `${MY_MSG}/findPageList?current=1&size=1&read=false`)).result.total;

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => logLines.push(line) },
    });
    admin = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
    reader = await createAccount(t, { username: 'reader_one' });
    for (const title of ['First', 'Second']) {
      const saved = await call(admin, 'POST', `${SYS_MSG}/addOrUpdate`, {
        title,
        content: '<p>hello</p>',
        scope: 'users',
        targetIds: [reader.id],
      });
      expect(saved.code, saved.messageEn).toBe(1);
      expect((await call(admin, 'GET', `${SYS_MSG}/publish?id=${saved.result.id}`)).code).toBe(1);
    }
  });
  afterAll(() => t.close());

  it('answers "batch mark as read failed" in both languages when the marking fails, and marks nothing', async () => {
    expect(await unread()).toBe(2);
    // The database refuses every read receipt, as a full disk or a lost connection would.
    const lift = await refuseWrites(t.database.db, 'message_receipts', 'insert');
    try {
      const failed = await call(reader.token, 'POST', `${MY_MSG}/readAll`);
      expect(failed).toMatchObject({
        code: 9999,
        message: '批量标记已读失败',
        messageEn: 'Batch mark as read failed',
      });
      expect(await unread()).toBe(2);
      expect(logLines.some((l) => l.includes('batch mark as read failed'))).toBe(true);
    } finally {
      await lift();
    }

    const done = await call(reader.token, 'POST', `${MY_MSG}/readAll`);
    expect(done).toMatchObject({ code: 1, result: { marked: 2 } });
    expect(await unread()).toBe(0);
  });
});
