import { authEndpoints, factorsEndpoints } from '@cpm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTotp } from '../modules/identity/totp';
import { ACCOUNT_PASSWORD, createAccount } from '../test-support/accounts';
import { clientOf } from '../test-support/api-client';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../test-support/test-app';

describe('request logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(() => t.close());

  it('never contain a token, a password or a code', async () => {
    const { token, userId } = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    await t.app.inject({
      url: `/oauth/v1/oauth/login/isLogin?userId=${userId}`,
      headers: { satoken: token },
    });
    await t.app.inject({
      method: 'POST',
      url: '/oauth/v1/oauth/login/cpmDoLogin',
      payload: {
        username: 'admin',
        password: 'Secret#Guess9',
        captchaId: 'x',
        captchaCode: 'q7w8',
        sysCode: 'cpm',
      },
    });
    await t.app.inject({ url: `/oauth/v1/oauth/login/doLogout?token=${token}` });
    const log = lines.join('');
    expect(log).toContain('doLogout?token=***');
    expect(log).toContain('incoming request');
    for (const secret of [token, ADMIN_PASSWORD, 'Secret#Guess9', 'q7w8']) expect(log).not.toContain(secret);
  });

  it('never contain the signature of a signed download link', async () => {
    const signature = 'c2lnbmF0dXJlLXNlY3JldC12YWx1ZQ';
    await t.app.inject({ url: `/file/v1/file/blob/signed?id=x&expires=1&signature=${signature}` });
    const log = lines.join('');
    expect(log).toContain('signature=***');
    expect(log).not.toContain(signature);
  });

  it('never contain the parameters of a failed statement, which can be password hashes', async () => {
    const row = { username: 'dup-user', name: 'Dup', passwordHash: 'scrypt$SECRET-HASH-VALUE', state: 1 };
    await t.database.db.insert(users).values(row);
    const failed = await t.database.db
      .insert(users)
      .values(row)
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failed).toBeInstanceOf(Error);
    // As the error handler logs an unexpected error.
    t.app.log.error({ err: failed, errorId: 'e1' }, 'unhandled error');
    const line = lines.find((l) => l.includes('"errorId":"e1"')) ?? '';
    expect(line).toContain('Failed query: insert into');
    expect(line).toContain('params: ***');
    expect(line).not.toContain('SECRET-HASH-VALUE');
  });

  it('never contain an authenticator secret, a code, a recovery code or the pending step token', async () => {
    const user = await createAccount(t, { username: 'log-2fa' });
    const me = clientOf(t, user.token);
    const { secret } = (await me.call(factorsEndpoints.enrolStart)).body.result;
    const otp = await createTotp().codeAt(secret, t.clock.now());
    const { recoveryCodes } = (await me.call(factorsEndpoints.enrolConfirm, { otp })).body.result;
    const anon = clientOf(t, null);
    const login = { username: 'log-2fa', password: ACCOUNT_PASSWORD, captchaId: 'x', captchaCode: 'x' };
    const pendingToken =
      (await anon.call(authEndpoints.login, login)).body.result.secondFactor?.pendingToken ?? '';
    // A refused call is logged as well: a wrong code, then a recovery code that signs in.
    await anon.call(factorsEndpoints.loginVerify, { pendingToken, otp: '000000' });
    const done = await anon.call(factorsEndpoints.loginVerify, {
      pendingToken,
      recoveryCode: recoveryCodes[0],
    });
    expect(done.body.code).toBe(1);
    const log = lines.join('');
    for (const value of [secret, pendingToken, ...recoveryCodes, `"${otp}"`, '"000000"'])
      expect(log).not.toContain(value);
  });
});
