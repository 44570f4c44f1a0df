import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, callApi, createAccount } from '../../test-support/accounts';
import { startSmtpCapture } from '../../test-support/smtp-capture';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { operationLogs } from '../oplog/oplog.table';
import { users } from '../users/users.table';

const R = '/oauth/v1/oauth/registry';

describe('registration, activation, review and password change through real mail', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let encrypt: (plain: string) => string;
  let admin: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://pos.example', LOG_LEVEL: 'error' },
      logStream: { write: (line) => logLines.push(line) },
    });
    const key = (await callApi(t, null, 'GET', `${R}/publicKey`)).body.result;
    expect(key.algorithm).toBe('RSA-OAEP-256');
    const publicKey = createPublicKey({
      key: Buffer.from(key.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    encrypt = (plain) =>
      publicEncrypt(
        { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(plain),
      ).toString('base64');
    admin = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const register = (over: Record<string, unknown> = {}) =>
    callApi(t, null, 'POST', `${R}/register`, {
      username: 'shop_owner',
      email: 'owner@shop.test',
      password: encrypt('Shop#Pass1'),
      confirmPassword: encrypt('Shop#Pass1'),
      isEnglish: 1,
      ...over,
    });

  it('refuses a weak password, a mismatch, a bad username and a plain-text password, changing nothing', async () => {
    const weak = await register({ password: encrypt('weakpass'), confirmPassword: encrypt('weakpass') });
    expect(weak.body).toMatchObject({
      code: 400,
      messageEn: expect.stringContaining('upper and lower case'),
    });
    const mismatch = await register({ confirmPassword: encrypt('Shop#Pass2') });
    expect(mismatch.body).toMatchObject({
      messageEn: 'The passwords do not match!',
      message: '两次输入的密码不一致！',
    });
    const badName = await register({ username: '9lives' });
    expect(badName.body.code).toBe(400);
    expect(badName.body.result.errors[0].messageEn).toContain('start with a letter');
    const plain = await register({ password: 'Shop#Pass1' });
    expect(plain.body.code).toBe(400);
    expect(smtp.mails).toHaveLength(0);
  });

  it('registers, mails an activation link, and activates once', async () => {
    expect((await register()).body.code).toBe(1);
    const mail = smtp.lastTo('owner@shop.test');
    expect(mail?.subject).toBe('Activate your Cloud POS account');
    const link = /https:\/\/pos\.example\/login\?activate=(\S+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    // The name is held while the link is pending.
    expect((await register({ email: 'other@shop.test' })).body.code).toBe(409);
    // No account exists before activation.
    expect((await t.database.db.select().from(users).where(eq(users.username, 'shop_owner'))).length).toBe(0);
    const act = await callApi(t, null, 'POST', `${R}/activate`, { token });
    expect(act.body).toMatchObject({ code: 1, result: { username: 'shop_owner' } });
    const again = await callApi(t, null, 'POST', `${R}/activate`, { token });
    expect(again.body).toMatchObject({ code: 400, messageEn: expect.stringContaining('24 hours') });
  });

  it('refuses an activation link older than 24 hours', async () => {
    await register({ username: 'late_owner', email: 'late@shop.test' });
    const token = decodeURIComponent(
      /activate=(\S+)/.exec(smtp.lastTo('late@shop.test')?.text ?? '')?.[1] ?? '',
    );
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await callApi(t, null, 'POST', `${R}/activate`, { token })).body.code).toBe(400);
  });

  it('takes the applicant through details and review: nothing else is reachable until approved', async () => {
    const { token } = await loginAs(t.app, 'shop_owner', 'Shop#Pass1');
    // The clock moved a day on above; the administrator signs in again.
    admin = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
    const status = await callApi(t, token, 'GET', '/upms/v1/upms/user/getUserStatus');
    expect(status.body.result).toMatchObject({ verify: 0, permissions: [] });
    expect((await callApi(t, token, 'GET', '/upms/v1/upms/user/getPage')).status).toBe(403);
    const info = {
      name: 'Wang Wei',
      companyName: 'Wang Shops',
      address: '1 Market Rd',
      salesmanName: 'Zhao',
      salesmanPhone: '13800000000',
      salesmanAddress: '2 Market Rd',
    };
    expect(
      (await callApi(t, token, 'POST', '/upms/v1/upms/user/completeInfo', { ...info, name: '' })).body.code,
    ).toBe(400);
    expect((await callApi(t, token, 'POST', '/upms/v1/upms/user/completeInfo', info)).body.result).toEqual({
      verify: 2,
    });
    expect((await callApi(t, token, 'POST', '/upms/v1/upms/user/completeInfo', info)).body.code).toBe(409);

    const queue = await callApi(t, admin, 'GET', '/upms/v1/upms/user/getAuditPage');
    const row = queue.body.result.records.find((r: { username: string }) => r.username === 'shop_owner');
    expect(row).toMatchObject({ state: 2, companyName: 'Wang Shops', salesmanPhone: '13800000000' });

    const noReason = await callApi(t, admin, 'POST', '/upms/v1/upms/user/audit', {
      id: row.id,
      approve: false,
    });
    expect(noReason.body.result.errors[0].messageEn).toBe('A reason is required when rejecting');
    const rejected = await callApi(t, admin, 'POST', '/upms/v1/upms/user/audit', {
      id: row.id,
      approve: false,
      reason: 'Company name does not match the licence',
    });
    expect(rejected.body.code).toBe(1);
    expect(smtp.lastTo('owner@shop.test')?.text).toContain('Company name does not match the licence');
    const seen = await callApi(t, token, 'GET', '/upms/v1/upms/user/getUserStatus');
    expect(seen.body.result).toMatchObject({
      verify: 3,
      rejectReason: 'Company name does not match the licence',
    });

    await callApi(t, token, 'POST', '/upms/v1/upms/user/completeInfo', {
      ...info,
      companyName: 'Wang Shops Ltd',
    });
    const approved = await callApi(t, admin, 'POST', '/upms/v1/upms/user/audit', {
      id: row.id,
      approve: true,
    });
    expect(approved.body.code).toBe(1);
    expect(smtp.lastTo('owner@shop.test')?.subject).toBe('Your account has been approved');
    const twice = await callApi(t, admin, 'POST', '/upms/v1/upms/user/audit', {
      id: row.id,
      approve: false,
      reason: 'x',
    });
    expect(twice.body.code).toBe(409);
    const history = await callApi(t, admin, 'GET', `/upms/v1/upms/user/getAuditHistory?id=${row.id}`);
    expect(
      history.body.result.map((h: { decision: string; reason: string | null; actorName: string }) => [
        h.decision,
        h.reason,
        h.actorName,
      ]),
    ).toEqual([
      ['approved', null, 'admin'],
      ['submitted', null, 'shop_owner'],
      ['rejected', 'Company name does not match the licence', 'admin'],
      ['submitted', null, 'shop_owner'],
    ]);
    expect((await callApi(t, token, 'GET', `/upms/v1/upms/user/getAuditHistory?id=${row.id}`)).status).toBe(
      403,
    );
    const fresh = await loginAs(t.app, 'shop_owner', 'Shop#Pass1');
    expect((await callApi(t, fresh.token, 'GET', '/upms/v1/upms/user/getPage')).body.code).toBe(1);
    const log = await t.database.db.select().from(operationLogs).where(eq(operationLogs.objectId, row.id));
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['account.activate', 'account.details', 'user.reject', 'user.approve', 'login']),
    );
  });

  describe('change password with the mailed code', () => {
    let user: { id: string; token: string };
    let other: { token: string };
    const EMAIL = 'clerk@shop.test';
    const code = (q = '') =>
      callApi(t, null, 'GET', `${R}/getEmailCaptcha?email=${EMAIL}&name=clerk&isEnglish=0&sysCode=cpm${q}`);
    const change = (over: Record<string, unknown> = {}, token: string | null = null) =>
      callApi(t, token, 'POST', `${R}/updateNewPassword`, {
        name: 'clerk',
        email: EMAIL,
        emailCaptcha: '000000',
        newPassword: encrypt('Clerk#New1'),
        confirempsd: encrypt('Clerk#New1'),
        sysCode: 'cpm',
        isEnglish: 0,
        ...over,
      });
    const mailedCode = () => /(\d{6})/.exec(smtp.lastTo(EMAIL)?.text ?? '')?.[1] ?? '';

    beforeAll(async () => {
      user = await createAccount(t, { username: 'clerk', email: EMAIL });
      other = await loginAs(t.app, 'clerk', ACCOUNT_PASSWORD);
    });

    it('mails a 6-digit code and refuses a second request within a minute', async () => {
      expect((await code()).body.code).toBe(1);
      expect(mailedCode()).toMatch(/^\d{6}$/);
      expect(smtp.lastTo(EMAIL)?.text).toContain('10 分钟');
      const again = await code();
      expect(again.status).toBe(429);
      expect(again.body.messageEn).toBe('Please do not click again within 1 minute');
      expect(
        (await callApi(t, null, 'GET', `${R}/getEmailCaptcha?email=${EMAIL}&isEnglish=0`)).body.code,
      ).toBe(400);
    });

    it('answers the same and mails nothing when the name and address do not match', async () => {
      const before = smtp.mails.length;
      const res = await callApi(
        t,
        null,
        'GET',
        `${R}/getEmailCaptcha?email=nobody@x.test&name=clerk&isEnglish=1`,
      );
      expect(res.body.code).toBe(1);
      expect(smtp.mails.length).toBe(before);
    });

    it('refuses a code request without a name or an email, and a change without the code, in both languages', async () => {
      const before = smtp.mails.length;
      for (const query of ['name=clerk&isEnglish=1&sysCode=cpm', `email=${EMAIL}&isEnglish=1&sysCode=cpm`]) {
        const res = await callApi(t, null, 'GET', `${R}/getEmailCaptcha?${query}`);
        expect(res.body.code, query).toBe(400);
        const field = query.startsWith('name') ? 'email' : 'name';
        const errors = res.body.result.errors as { field: string; message: string; messageEn: string }[];
        expect(errors.map((e) => e.field)).toEqual([`query.${field}`]);
        expect(errors[0].message).toBeTruthy();
        expect(errors[0].messageEn).toBeTruthy();
      }
      const noCode = await change({ emailCaptcha: '' });
      expect(noCode.body.code).toBe(400);
      expect(smtp.mails.length).toBe(before);
    });

    it('refuses a mismatch and a weak password without using up the code', async () => {
      const good = mailedCode();
      expect((await change({ emailCaptcha: good, confirempsd: encrypt('Clerk#New2') })).body.messageEn).toBe(
        'The passwords do not match!',
      );
      const weak = await change({
        emailCaptcha: good,
        newPassword: encrypt('clerknew'),
        confirempsd: encrypt('clerknew'),
      });
      expect(weak.body.message).toBe('密码必须包含大小写字母、数字和特殊字符，且不少于8位');
    });

    it('voids the code after 5 wrong tries', async () => {
      const good = mailedCode();
      const wrong = good === '111111' ? '222222' : '111111';
      for (let i = 0; i < 5; i++) expect((await change({ emailCaptcha: wrong })).body.code).toBe(400);
      expect((await change({ emailCaptcha: good })).body.messageEn).toContain('wrong, has expired');
    });

    it('refuses an expired code', async () => {
      t.clock.advance(61_000);
      await code();
      const good = mailedCode();
      t.clock.advance(10 * 60 * 1000 + 1000);
      expect((await change({ emailCaptcha: good })).body.code).toBe(400);
    });

    it('voids a code whose mail could not be sent, and logs no code', async () => {
      t.clock.advance(61_000);
      smtp.refuse(true);
      try {
        const res = await code();
        expect(res.status).toBe(500);
        expect(res.body.messageEn).toBe('The mail could not be sent; please try again later');
      } finally {
        smtp.refuse(false);
      }
      // The SMTP server read the mail before refusing it: whoever saw it must not be able to use it.
      const lost = mailedCode();
      expect(lost).toMatch(/^\d{6}$/);
      expect((await change({ emailCaptcha: lost })).body.messageEn).toBe(
        'The email code is wrong, has expired or was already used',
      );
      const log = logLines.join('');
      expect(log).toContain('mail not sent');
      expect(log).not.toContain(lost);
    });

    it('changes the password once, ends every other session, and records it', async () => {
      t.clock.advance(61_000);
      const signedIn = await loginAs(t.app, 'clerk', ACCOUNT_PASSWORD);
      await code();
      const good = mailedCode();
      expect((await change({ emailCaptcha: good }, signedIn.token)).body.code).toBe(1);
      expect((await change({ emailCaptcha: good })).body.code).toBe(400);
      // The session that made the change lives on (the console logs itself out); the others end.
      expect((await callApi(t, other.token, 'GET', '/upms/v1/upms/user/getUserStatus')).status).toBe(401);
      expect((await callApi(t, user.token, 'GET', '/upms/v1/upms/user/getUserStatus')).status).toBe(401);
      expect((await callApi(t, signedIn.token, 'GET', '/upms/v1/upms/user/getUserStatus')).status).toBe(200);
      await expect(loginAs(t.app, 'clerk', ACCOUNT_PASSWORD)).rejects.toThrow();
      await loginAs(t.app, 'clerk', 'Clerk#New1');
      const log = await t.database.db
        .select()
        .from(operationLogs)
        .where(eq(operationLogs.action, 'password.change'));
      expect(log.map((l) => l.result)).toEqual(expect.arrayContaining(['success', 'failure']));
    });

    it('rate-limits code requests per address with 429', async () => {
      let last = 0;
      for (let i = 0; i < 35; i++) {
        t.clock.advance(61_000);
        last = (
          await callApi(t, null, 'GET', `${R}/getEmailCaptcha?email=u${i}@x.test&name=u${i}&isEnglish=1`)
        ).status;
      }
      expect(last).toBe(429);
    });
  });

  describe('change password with the current one (an account without email too)', () => {
    const change = (token: string | null, current: string, next = 'Mailless#New1') =>
      callApi(t, token, 'POST', `${R}/changePassword`, {
        currentPassword: encrypt(current),
        newPassword: encrypt(next),
        confirempsd: encrypt(next),
      });
    const status = (token: string) => callApi(t, token, 'GET', '/upms/v1/upms/user/getUserStatus');

    it('refuses a visitor who is not signed in', async () => {
      expect((await change(null, ACCOUNT_PASSWORD)).status).toBe(401);
    });

    it('refuses a wrong current password in both languages, changing nothing', async () => {
      const user = await createAccount(t, { username: 'mailless_a', email: '' });
      expect((await status(user.token)).body.result.hasEmail).toBe(false);
      const wrong = await change(user.token, 'Not#ThePass1');
      expect(wrong.body).toMatchObject({
        code: 400,
        messageEn: 'The current password is wrong',
        message: '当前密码不正确',
      });
      await loginAs(t.app, 'mailless_a', ACCOUNT_PASSWORD);
    });

    it('sets the new password, keeps the caller signed in and ends the other sessions', async () => {
      const user = await createAccount(t, { username: 'mailless_b', email: '' });
      const other = await loginAs(t.app, 'mailless_b', ACCOUNT_PASSWORD);
      expect((await change(user.token, ACCOUNT_PASSWORD)).body.code).toBe(1);
      expect((await status(user.token)).status).toBe(200);
      expect((await status(other.token)).status).toBe(401);
      await expect(loginAs(t.app, 'mailless_b', ACCOUNT_PASSWORD)).rejects.toThrow();
      await loginAs(t.app, 'mailless_b', 'Mailless#New1');
    });

    it('is throttled like sign-in: after 5 wrong passwords even the right one waits', async () => {
      const user = await createAccount(t, { username: 'mailless_c', email: '' });
      for (let i = 0; i < 5; i++) expect((await change(user.token, `Wrong#Pass${i}`)).body.code).toBe(400);
      const blocked = await change(user.token, ACCOUNT_PASSWORD);
      expect(blocked.body).toMatchObject({
        code: 429,
        messageEn: 'Too many wrong passwords; please try again later',
      });
    });
  });
});
