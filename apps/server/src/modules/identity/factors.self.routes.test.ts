import { ENDPOINTS, ERRORS } from '@cpm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { createSoftAuthenticator } from '../../test-support/soft-authenticator';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { createTotp } from './totp';

const ORIGIN = 'https://pos.example.test';
const totp = createTotp();

/** What an account does with its own factors: removing its authenticator or a passkey, new recovery codes, a passkey at a forced enrolment. */
describe('second factors, self-service', () => {
  let t: TestApp;
  let enterpriseId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    enterpriseId = (await createAccount(t, { username: 'self-ent', superiorId: admin.userId })).id;
  });
  afterAll(() => t.close());

  /** Enrols an authenticator and confirms a step-up with its next code; answers the secret and codes. */
  const enrolAndStepUp = async (token: string) => {
    const me = clientOf(t, token);
    const { secret } = (await me.call(ENDPOINTS.factors.enrolStart)).body.result;
    const enrolled = await me.call(ENDPOINTS.factors.enrolConfirm, {
      otp: await totp.codeAt(secret, t.clock.now()),
    });
    t.clock.advance(30_000);
    return { secret, recoveryCodes: enrolled.body.result.recoveryCodes };
  };
  const stepUp = async (token: string, secret: string) =>
    (
      await clientOf(t, token).call(ENDPOINTS.stepUp.code, {
        otp: await totp.codeAt(secret, t.clock.now()),
      })
    ).body.code;

  it('removes its own authenticator only after a step-up, and then signs in with the password alone', async () => {
    const user = await createAccount(t, { username: 'self-remove', superiorId: enterpriseId });
    const me = clientOf(t, user.token);
    const { secret } = await enrolAndStepUp(user.token);
    const asked = await me.call(ENDPOINTS.factors.removeMine);
    expect(asked.body).toMatchObject({ code: 403, result: { stepUp: { methods: ['totp'] } } });
    expect(await stepUp(user.token, secret)).toBe(1);
    expect((await me.call(ENDPOINTS.factors.removeMine)).body.code).toBe(1);
    expect((await me.call(ENDPOINTS.factors.mine)).body.result).toMatchObject({
      factors: [],
      recoveryCodesLeft: 0,
    });
    const signIn = await clientOf(t, null).call(ENDPOINTS.auth.login, {
      username: 'self-remove',
      password: ACCOUNT_PASSWORD,
      captchaId: 'x',
      captchaCode: 'x',
      sysCode: 'cpm',
    });
    expect(signIn.body.result.secondFactor).toBeUndefined();
  });

  it('keeps the last factor where a rule requires one, with a clear error', async () => {
    const user = await createAccount(t, { username: 'self-last', superiorId: enterpriseId });
    const { secret } = await enrolAndStepUp(user.token);
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const rule = await clientOf(t, admin.token).call(ENDPOINTS.factors.saveRule, {
      kind: 'enterprise',
      targetId: enterpriseId,
      required: true,
    });
    expect(rule.body.code).toBe(1);
    expect(await stepUp(user.token, secret)).toBe(1);
    const refused = await clientOf(t, user.token).call(ENDPOINTS.factors.removeMine);
    expect(refused.body).toMatchObject({
      code: 409,
      message: ERRORS.factorLastRequired.zh,
      messageEn: ERRORS.factorLastRequired.en,
    });
    expect((await clientOf(t, user.token).call(ENDPOINTS.factors.mine)).body.result.factors).toHaveLength(1);
    await clientOf(t, admin.token).call(ENDPOINTS.factors.saveRule, {
      kind: 'enterprise',
      targetId: enterpriseId,
      required: false,
    });
  });

  it('removes a passkey only after a step-up, confirmed with a passkey', async () => {
    const user = await createAccount(t, { username: 'self-pk-remove', superiorId: enterpriseId });
    const me = clientOf(t, user.token);
    const device = createSoftAuthenticator(ORIGIN);
    for (const name of ['Laptop', 'Phone']) {
      const made = (await me.call(ENDPOINTS.passkeys.registerOptions)).body.result;
      const credential = (name === 'Laptop' ? device : createSoftAuthenticator(ORIGIN)).create(made.options);
      expect(
        (await me.call(ENDPOINTS.passkeys.register, { challengeId: made.challengeId, name, credential })).body
          .code,
      ).toBe(1);
    }
    const [laptop, phone] = (await me.call(ENDPOINTS.factors.mine)).body.result.passkeys;
    const asked = await me.call(ENDPOINTS.passkeys.remove, { id: phone.id });
    expect(asked.body).toMatchObject({
      code: 403,
      messageEn: ERRORS.stepUpFactorRequired.en,
      result: { stepUp: { methods: ['passkey'] } },
    });
    expect((await me.call(ENDPOINTS.factors.mine)).body.result.passkeys).toHaveLength(2);

    const options = (await me.call(ENDPOINTS.stepUp.passkeyOptions)).body.result;
    const confirmed = await me.call(ENDPOINTS.stepUp.passkey, {
      challengeId: options.challengeId,
      credential: device.get(options.options),
    });
    expect(confirmed.body.code).toBe(1);
    expect((await me.call(ENDPOINTS.passkeys.remove, { id: phone.id })).body.code).toBe(1);
    expect((await me.call(ENDPOINTS.factors.mine)).body.result.passkeys.map((p) => p.id)).toEqual([
      laptop.id,
    ]);
  });

  it('regenerates recovery codes after a step-up: the new ones show once, the old ones are void', async () => {
    const user = await createAccount(t, { username: 'self-codes', superiorId: enterpriseId });
    const me = clientOf(t, user.token);
    const { secret, recoveryCodes: old } = await enrolAndStepUp(user.token);
    expect((await me.call(ENDPOINTS.factors.regenerateRecovery)).body.code).toBe(403);
    expect(await stepUp(user.token, secret)).toBe(1);
    const fresh = (await me.call(ENDPOINTS.factors.regenerateRecovery)).body.result.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => old.includes(c))).toBe(false);
    const code = (recoveryCode: string) =>
      clientOf(t, user.token)
        .call(ENDPOINTS.stepUp.code, { recoveryCode })
        .then((r) => r.body.code);
    expect(await code(old[0])).toBe(400);
    expect(await code(fresh[0])).toBe(1);
  });

  it('enrols a passkey where the enterprise requires a second factor, and signs in with it', async () => {
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const ent = await createAccount(t, { username: 'self-pk-ent', superiorId: admin.userId });
    await clientOf(t, admin.token).call(ENDPOINTS.factors.saveRule, {
      kind: 'enterprise',
      targetId: ent.id,
      required: true,
    });
    await createAccount(t, { username: 'self-pk', superiorId: ent.id });
    const anon = clientOf(t, null);
    const first = await anon.call(ENDPOINTS.auth.login, {
      username: 'self-pk',
      password: ACCOUNT_PASSWORD,
      captchaId: 'x',
      captchaCode: 'x',
      sysCode: 'cpm',
    });
    const pendingToken = first.body.result.secondFactor?.pendingToken ?? '';
    expect(first.body.result.secondFactor?.step).toBe('enrol');
    const device = createSoftAuthenticator(ORIGIN);
    const { challengeId, options } = (await anon.call(ENDPOINTS.passkeys.loginEnrolOptions, { pendingToken }))
      .body.result;
    const done = await anon.call(ENDPOINTS.passkeys.loginEnrol, {
      pendingToken,
      challengeId,
      name: 'Work laptop',
      credential: device.create(options),
    });
    expect(done.body.code).toBe(1);
    expect(done.body.result.tokenValue).not.toBe('');
    expect(done.body.result.recoveryCodes).toHaveLength(10);
    // The passkey now answers the sign-in's second step.
    const again = await anon.call(ENDPOINTS.auth.login, {
      username: 'self-pk',
      password: ACCOUNT_PASSWORD,
      captchaId: 'x',
      captchaCode: 'x',
      sysCode: 'cpm',
    });
    expect(again.body.result.secondFactor).toMatchObject({ step: 'verify', methods: ['passkey'] });
  });
});
