import { authEndpoints, factorsEndpoints } from '@cpm/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount, createRole } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { sessions } from '../auth/auth.table';
import { operationLogs } from '../oplog/oplog.table';
import { userFactors } from './factors.table';
import { createTotp } from './totp';

const totp = createTotp();

describe('second factors through the API', () => {
  let t: TestApp;
  let admin: { token: string; userId: string };
  let enterpriseId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    enterpriseId = (await createAccount(t, { username: 'tf-ent', superiorId: admin.userId })).id;
  });
  afterAll(() => t.close());

  const anon = () => clientOf(t, null);
  const passwordStep = (username: string, password = ACCOUNT_PASSWORD) =>
    anon().call(authEndpoints.login, {
      username,
      password,
      captchaId: 'x',
      captchaCode: 'x',
      sysCode: 'cpm',
    });
  const sessionCount = async (userId: string) =>
    (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
  /** Enrols an authenticator from the user menu; answers its secret and recovery codes. */
  const enrol = async (token: string) => {
    const me = clientOf(t, token);
    const { secret } = (await me.call(factorsEndpoints.enrolStart)).body.result;
    const otp = await totp.codeAt(secret, t.clock.now());
    const confirmed = await me.call(factorsEndpoints.enrolConfirm, { otp });
    expect(confirmed.body.code).toBe(1);
    return { secret, recoveryCodes: confirmed.body.result.recoveryCodes };
  };

  it('enrols from the user menu: a wrong code is refused, the seed is stored encrypted and never answered', async () => {
    const user = await createAccount(t, { username: 'tf-enrol', superiorId: enterpriseId });
    const me = clientOf(t, user.token);
    const start = (await me.call(factorsEndpoints.enrolStart)).body.result;
    expect(start.otpauthUri).toContain(`secret=${start.secret}`);
    const wrong = await me.call(factorsEndpoints.enrolConfirm, { otp: '000000' });
    expect(wrong.body).toMatchObject({
      code: 400,
      messageEn: expect.stringMatching(/^Wrong or already used code/),
    });
    expect(wrong.body.message).toContain('验证码错误');
    const otp = await totp.codeAt(start.secret, t.clock.now());
    const { recoveryCodes } = (await me.call(factorsEndpoints.enrolConfirm, { otp })).body.result;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await t.database.db.select().from(userFactors).where(eq(userFactors.userId, user.id));
    expect(row.secretEnc).toMatch(/^v1:/);
    expect(row.secretEnc).not.toContain(start.secret);
    const status = await me.call(factorsEndpoints.mine);
    expect(status.body.result).toMatchObject({ recoveryCodesLeft: 10, factors: [{ kind: 'totp' }] });
    expect(JSON.stringify(status.body)).not.toContain(start.secret);
    expect((await me.call(factorsEndpoints.enrolStart)).body.messageEn).toMatch(/already enrolled/);
    const log = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'factor.enrol'), eq(operationLogs.objectId, user.id)));
    expect(log).toHaveLength(1);
  });

  it('asks for the code after the password and opens the session only then; a code works once', async () => {
    const user = await createAccount(t, { username: 'tf-login', superiorId: enterpriseId });
    const { secret } = await enrol(user.token);
    const before = await sessionCount(user.id);
    const first = (await passwordStep('tf-login')).body.result;
    expect(first).toMatchObject({ tokenValue: '', deviceToken: '', secondFactor: { step: 'verify' } });
    expect(await sessionCount(user.id)).toBe(before);
    t.clock.advance(30_000);
    const otp = await totp.codeAt(secret, t.clock.now());
    const pendingToken = first.secondFactor?.pendingToken ?? '';
    const signedIn = await anon().call(factorsEndpoints.loginVerify, { pendingToken, otp });
    expect(signedIn.body.result.tokenValue).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionCount(user.id)).toBe(before + 1);
    const again = (await passwordStep('tf-login')).body.result.secondFactor?.pendingToken ?? '';
    const reused = await anon().call(factorsEndpoints.loginVerify, { pendingToken: again, otp });
    expect(reused.body).toMatchObject({ code: 400, messageEn: expect.stringMatching(/already used/) });
  });

  it('takes a recovery code once, in any case and spacing', async () => {
    const user = await createAccount(t, { username: 'tf-recovery', superiorId: enterpriseId });
    const { recoveryCodes } = await enrol(user.token);
    const pending = async () =>
      (await passwordStep('tf-recovery')).body.result.secondFactor?.pendingToken ?? '';
    const code = recoveryCodes[3];
    const ok = await anon().call(factorsEndpoints.loginVerify, {
      pendingToken: await pending(),
      recoveryCode: ` ${code.toUpperCase().replace('-', ' ')} `,
    });
    expect(ok.body.code).toBe(1);
    const twice = await anon().call(factorsEndpoints.loginVerify, {
      pendingToken: await pending(),
      recoveryCode: code,
    });
    expect(twice.body.code).toBe(400);
    expect(
      (await clientOf(t, ok.body.result.tokenValue).call(factorsEndpoints.mine)).body.result
        .recoveryCodesLeft,
    ).toBe(9);
  });

  it('refuses an expired or forged step, and too many wrong codes', async () => {
    const user = await createAccount(t, { username: 'tf-throttle', superiorId: enterpriseId });
    const { secret } = await enrol(user.token);
    const pendingToken = (await passwordStep('tf-throttle')).body.result.secondFactor?.pendingToken ?? '';
    const forged = await anon().call(factorsEndpoints.loginVerify, {
      pendingToken: `${pendingToken}x`,
      otp: '123456',
    });
    expect(forged.body).toMatchObject({ code: 401, messageEn: expect.stringMatching(/has expired/) });
    for (let i = 0; i < 5; i++)
      expect(
        (await anon().call(factorsEndpoints.loginVerify, { pendingToken, otp: '000000' })).body.code,
      ).toBe(400);
    const blocked = await anon().call(factorsEndpoints.loginVerify, {
      pendingToken,
      otp: await totp.codeAt(secret, t.clock.now()),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.messageEn).toBe('Too many wrong codes; please try again later');
    t.clock.advance(5 * 60_000);
    const late = await anon().call(factorsEndpoints.loginVerify, {
      pendingToken,
      otp: await totp.codeAt(secret, t.clock.now()),
    });
    expect(late.body.messageEn).toMatch(/has expired/);
  });

  it('leads an account of an enterprise that requires a factor to enrol before any session', async () => {
    const ent = await createAccount(t, { username: 'tf-ent2', superiorId: admin.userId });
    await createAccount(t, { username: 'tf-member', superiorId: ent.id });
    const rule = await clientOf(t, admin.token).call(factorsEndpoints.saveRule, {
      kind: 'enterprise',
      targetId: ent.id,
      required: true,
    });
    expect(rule.body.code).toBe(1);
    const step = (await passwordStep('tf-member')).body.result.secondFactor;
    expect(step?.step).toBe('enrol');
    const pendingToken = step?.pendingToken ?? '';
    const { secret } = (await anon().call(factorsEndpoints.loginEnrolStart, { pendingToken })).body.result;
    const wrongStep = await anon().call(factorsEndpoints.loginVerify, { pendingToken, otp: '123456' });
    expect(wrongStep.body.code).toBe(401);
    const done = await anon().call(factorsEndpoints.loginEnrolConfirm, {
      pendingToken,
      otp: await totp.codeAt(secret, t.clock.now()),
    });
    expect(done.body.result.recoveryCodes).toHaveLength(10);
    const mine = (await clientOf(t, done.body.result.tokenValue).call(factorsEndpoints.mine)).body.result;
    expect(mine.requirement).toEqual({ required: true, enterprise: 'tf-ent2', roles: [] });
    expect((await clientOf(t, admin.token).call(factorsEndpoints.rules)).body.result).toContainEqual({
      kind: 'enterprise',
      targetId: ent.id,
      targetName: 'tf-ent2',
    });
  });

  it('requires a factor by role, only for one who may edit roles, and never for an account below an enterprise', async () => {
    const roleId = await createRole(t, { code: 'tf_role', name: '两步', nameEn: 'Two-step' }, 'user:user:%');
    const holder = await createAccount(t, { username: 'tf-holder', roleId, superiorId: enterpriseId });
    const byHolder = await clientOf(t, holder.token).call(factorsEndpoints.saveRule, {
      kind: 'role',
      targetId: roleId,
      required: true,
    });
    expect(byHolder.status).toBe(403);
    const notTop = await clientOf(t, admin.token).call(factorsEndpoints.saveRule, {
      kind: 'enterprise',
      targetId: holder.id,
      required: true,
    });
    expect(notTop.body.messageEn).toMatch(/top account/);
    await clientOf(t, admin.token).call(factorsEndpoints.saveRule, {
      kind: 'role',
      targetId: roleId,
      required: true,
    });
    expect((await passwordStep('tf-holder')).body.result.secondFactor?.step).toBe('enrol');
    await clientOf(t, admin.token).call(factorsEndpoints.saveRule, {
      kind: 'role',
      targetId: roleId,
      required: false,
    });
    expect((await passwordStep('tf-holder')).body.result.tokenValue).not.toBe('');
  });

  it('lets an administrator reset an account’s factors, recorded in the operation log', async () => {
    const user = await createAccount(t, { username: 'tf-reset', superiorId: enterpriseId });
    await enrol(user.token);
    const other = await createAccount(t, { username: 'tf-other-ent', superiorId: admin.userId });
    const outside = await clientOf(t, other.token).call(factorsEndpoints.reset, { id: user.id });
    expect(outside.status).toBe(404);
    const reset = await clientOf(t, admin.token).call(factorsEndpoints.reset, { id: user.id });
    expect(reset.body.result).toEqual({ removed: 1 });
    expect((await passwordStep('tf-reset')).body.result.tokenValue).not.toBe('');
    const log = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'factor.reset'), eq(operationLogs.objectId, user.id)));
    expect(log).toMatchObject([{ objectName: 'tf-reset', result: 'success' }]);
  });
});
