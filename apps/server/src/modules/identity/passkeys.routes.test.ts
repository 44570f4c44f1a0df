import { authEndpoints, factorsEndpoints, passkeysEndpoints, stepUpEndpoints } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { createSoftAuthenticator } from '../../test-support/soft-authenticator';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { passkeys } from './passkeys.table';

const ORIGIN = 'https://pos.example.test';

describe('passkeys through the API', () => {
  let t: TestApp;
  let admin: { token: string; userId: string };
  let enterpriseId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
    admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    enterpriseId = (await createAccount(t, { username: 'pk-ent', superiorId: admin.userId })).id;
  });
  afterAll(() => t.close());

  const anon = () => clientOf(t, null);
  const passwordStep = async (username: string) =>
    (
      await anon().call(authEndpoints.login, {
        username,
        password: ACCOUNT_PASSWORD,
        captchaId: 'x',
        captchaCode: 'x',
        sysCode: 'cpm',
      })
    ).body.result;
  /** Registers a new software passkey for the account; answers it and the recovery codes handed out. */
  const register = async (token: string, name: string, origin = ORIGIN) => {
    const device = createSoftAuthenticator(origin);
    const me = clientOf(t, token);
    const { challengeId, options } = (await me.call(passkeysEndpoints.registerOptions)).body.result;
    const answer = await me.call(passkeysEndpoints.register, {
      challengeId,
      name,
      credential: device.create(options),
    });
    return { device, answer: answer.body, challengeId, options };
  };
  /** Signs in with the passkey: after the password when `username` is given, else alone. */
  const passkeySignIn = async (device: ReturnType<typeof createSoftAuthenticator>, username?: string) => {
    const pendingToken = username ? (await passwordStep(username)).secondFactor?.pendingToken : undefined;
    const { challengeId, options } = (await anon().call(passkeysEndpoints.loginOptions, { pendingToken }))
      .body.result;
    const credential = device.get(options);
    return {
      res: (await anon().call(passkeysEndpoints.login, { pendingToken, challengeId, credential })).body,
      again: () => anon().call(passkeysEndpoints.login, { pendingToken, challengeId, credential }),
    };
  };

  it('registers several named passkeys: recovery codes with the first only, no key ever answered, a challenge serves once', async () => {
    const user = await createAccount(t, { username: 'pk-reg', superiorId: enterpriseId });
    const first = await register(user.token, 'Work laptop');
    expect(first.answer.code).toBe(1);
    expect(first.answer.result.recoveryCodes).toHaveLength(10);
    expect(first.options).toMatchObject({ rp: { id: 'pos.example.test' }, attestation: 'none' });
    const second = await register(user.token, 'Phone');
    expect(second.answer.result.recoveryCodes).toEqual([]);
    // The second ceremony excluded the first passkey.
    expect(second.options.excludeCredentials).toEqual([
      expect.objectContaining({ id: first.device.credentialId }),
    ]);

    const replay = await clientOf(t, user.token).call(passkeysEndpoints.register, {
      challengeId: first.challengeId,
      name: 'Again',
      credential: createSoftAuthenticator(ORIGIN).create(first.options),
    });
    expect(replay.body).toMatchObject({
      code: 400,
      messageEn: expect.stringMatching(/expired or was already used/),
    });
    expect(replay.body.message).toContain('通行密钥请求已过期');

    const status = await clientOf(t, user.token).call(factorsEndpoints.mine);
    expect(status.body.result.passkeys.map((p) => p.name)).toEqual(['Work laptop', 'Phone']);
    expect(status.body.result.passkeys[0]).toMatchObject({ synced: true, lastUsedAt: null });
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(JSON.stringify(status.body)).not.toContain(row.publicKey);
    expect(JSON.stringify(status.body)).not.toContain(row.credentialId);
  });

  it('refuses a passkey made for another site, and one registered already, with clear errors', async () => {
    const user = await createAccount(t, { username: 'pk-bad', superiorId: enterpriseId });
    const phished = await register(user.token, 'Elsewhere', 'https://pos.example.evil');
    expect(phished.answer).toMatchObject({
      code: 400,
      messageEn: expect.stringMatching(/could not be verified/),
    });
    const { device, options } = await register(user.token, 'Laptop');
    const me = clientOf(t, user.token);
    const again = (await me.call(passkeysEndpoints.registerOptions)).body.result;
    const twice = await me.call(passkeysEndpoints.register, {
      challengeId: again.challengeId,
      name: 'Twice',
      credential: device.create({ ...options, challenge: again.options.challenge }),
    });
    expect(twice.body).toMatchObject({ code: 409, messageEn: 'This passkey is already registered' });
    expect(twice.body.message).toBe('此通行密钥已注册');
  });

  it('renames and removes only its own passkeys', async () => {
    const user = await createAccount(t, { username: 'pk-edit', superiorId: enterpriseId });
    const other = await createAccount(t, { username: 'pk-other', superiorId: enterpriseId });
    const { device } = await register(user.token, 'Old name');
    const me = clientOf(t, user.token);
    const [key] = (await me.call(factorsEndpoints.mine)).body.result.passkeys;
    const theirs = clientOf(t, other.token);
    expect((await theirs.call(passkeysEndpoints.rename, { id: key.id, name: 'Mine' })).body.code).toBe(404);
    expect((await theirs.call(passkeysEndpoints.remove, { id: key.id })).body.code).toBe(404);
    expect((await me.call(passkeysEndpoints.rename, { id: key.id, name: '  New name ' })).body.code).toBe(1);
    expect((await me.call(factorsEndpoints.mine)).body.result.passkeys[0].name).toBe('New name');
    expect((await me.call(passkeysEndpoints.rename, { id: key.id, name: ' ' })).body.code).toBe(400);
    // Removing is a risky act: the passkey confirms it first.
    const options = (await me.call(stepUpEndpoints.passkeyOptions)).body.result;
    await me.call(stepUpEndpoints.passkey, {
      challengeId: options.challengeId,
      credential: device.get(options.options),
    });
    expect((await me.call(passkeysEndpoints.remove, { id: key.id })).body.code).toBe(1);
    expect((await me.call(factorsEndpoints.mine)).body.result.passkeys).toEqual([]);
  });

  it('signs in with a passkey after the password; the answer serves once, another account’s passkey is refused', async () => {
    const user = await createAccount(t, { username: 'pk-login', superiorId: enterpriseId });
    const stranger = await createAccount(t, { username: 'pk-stranger', superiorId: enterpriseId });
    const { device } = await register(user.token, 'Laptop');
    const { device: strangers } = await register(stranger.token, 'Theirs');
    expect((await passwordStep('pk-login')).secondFactor).toMatchObject({
      step: 'verify',
      methods: ['passkey'],
    });

    const wrong = await passkeySignIn(strangers, 'pk-login');
    expect(wrong.res).toMatchObject({ code: 400, messageEn: expect.stringMatching(/could not be verified/) });

    const signIn = await passkeySignIn(device, 'pk-login');
    expect(signIn.res.code).toBe(1);
    expect(signIn.res.result.tokenValue).not.toBe('');
    expect(signIn.res.result.userVo.username).toBe('pk-login');
    expect((await signIn.again()).body.messageEn).toMatch(/expired or was already used/);
    const [key] = (await clientOf(t, signIn.res.result.tokenValue).call(factorsEndpoints.mine)).body.result
      .passkeys;
    expect(key.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('signs in with a passkey alone only where the enterprise allows it', async () => {
    const enterprise = await createAccount(t, { username: 'pk-pl-ent', superiorId: admin.userId });
    const user = await createAccount(t, { username: 'pk-alone', superiorId: enterprise.id });
    const { device } = await register(user.token, 'Laptop');
    const refused = await passkeySignIn(device);
    expect(refused.res).toMatchObject({
      code: 403,
      messageEn: expect.stringMatching(/does not allow signing in/),
    });
    expect(refused.res.message).toContain('未开启通行密钥免密码登录');

    const allow = await clientOf(t, admin.token).call(factorsEndpoints.saveRule, {
      kind: 'passwordless',
      targetId: enterprise.id,
      required: true,
    });
    expect(allow.body.code).toBe(1);
    const rules = (await clientOf(t, admin.token).call(factorsEndpoints.rules)).body.result;
    expect(rules).toContainEqual({ kind: 'passwordless', targetId: enterprise.id, targetName: 'pk-pl-ent' });
    const alone = await passkeySignIn(device);
    expect(alone.res.code).toBe(1);
    expect(alone.res.result.userVo.username).toBe('pk-alone');
    // The rule allows a passkey alone; it does not make a second factor compulsory.
    expect((await clientOf(t, user.token).call(factorsEndpoints.mine)).body.result.requirement.required).toBe(
      false,
    );
    const unknown = await passkeySignIn(createSoftAuthenticator(ORIGIN));
    expect(unknown.res).toMatchObject({ code: 401, messageEn: expect.stringMatching(/not registered here/) });
  });

  it('refuses a challenge answered after two minutes, and an administrator’s reset removes the passkeys', async () => {
    const user = await createAccount(t, { username: 'pk-late', superiorId: enterpriseId });
    const { device } = await register(user.token, 'Laptop');
    const pendingToken = (await passwordStep('pk-late')).secondFactor?.pendingToken;
    const { challengeId, options } = (await anon().call(passkeysEndpoints.loginOptions, { pendingToken }))
      .body.result;
    t.clock.advance(2 * 60_000 + 1);
    const late = await anon().call(passkeysEndpoints.login, {
      pendingToken,
      challengeId,
      credential: device.get(options),
    });
    expect(late.body.messageEn).toMatch(/expired or was already used/);

    const reset = await clientOf(t, admin.token).call(factorsEndpoints.reset, { id: user.id });
    expect(reset.body.result.removed).toBe(1);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect((await passwordStep('pk-late')).secondFactor).toBeUndefined();
  });
});
