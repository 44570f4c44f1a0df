import { ENDPOINTS, ERRORS } from '@cpm/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { createSoftAuthenticator } from '../../test-support/soft-authenticator';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createTotp } from '../identity/totp';
import { operationLogs } from '../oplog/oplog.table';
import { insertGroups, insertTerminals } from '../tasks/task-fixtures';
import { FACTOR_MIN_FRESH_MS, STEP_UP_FRESH_MS } from './auth.service';
import { FACTOR_ATTEMPTS_PER_HOUR, THROTTLE_RULES } from './login-throttle';

const ORIGIN = 'https://pos.example.test';
const totp = createTotp();

/**
 * Risky acts of an account with a second factor need that factor confirmed within the step-up
 * window: a shell command (a task), a role change. The password no longer stands in for it.
 */
describe('step-up by second factor', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: ORIGIN },
      jobs: { run: false },
      tasks: { monitorMs: false, catchUpMs: 0 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** An account owning two online terminals, with an authenticator enrolled; answers its secret. */
  const ownerWithTotp = async (username: string) => {
    const user = await createAccount(t, { username });
    const fx = await insertGroups(t.database.db, user.id, username);
    const sns = await insertTerminals(t.database.db, {
      prefix: `${username.toUpperCase()}-`,
      count: 2,
      ownerId: user.id,
      groupId: fx.group.id,
      modelId: fx.model.id,
      online: true,
    });
    const me = clientOf(t, user.token);
    const { secret } = (await me.call(ENDPOINTS.factors.enrolStart)).body.result;
    const enrolled = await me.call(ENDPOINTS.factors.enrolConfirm, {
      otp: await totp.codeAt(secret, t.clock.now()),
    });
    // The enrolment's code is used up; the step-up needs a newer one.
    t.clock.advance(30_000);
    return { ...user, sns, secret, recoveryCodes: enrolled.body.result.recoveryCodes };
  };
  const shell = (user: { token: string; sns: string[] }, password?: string) =>
    clientOf(t, user.token).send(ENDPOINTS.tasks.create, {
      name: 'List files',
      platform: 'android',
      type: 'command',
      params: { command: 'ls /sdcard' },
      targets: { sns: user.sns },
      timing: { expireAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString() },
      password,
    });
  const code = (token: string, body: { otp?: string; recoveryCode?: string }) =>
    clientOf(t, token).send(ENDPOINTS.stepUp.code, body);
  const now = () => t.clock.now();

  it('asks for the factor (not the password) before a shell command, and accepts a fresh code once', async () => {
    const user = await ownerWithTotp('su-shell');
    const asked = await shell(user, ACCOUNT_PASSWORD);
    expect(asked.status).toBe(403);
    expect(asked.body).toMatchObject({
      message: ERRORS.stepUpFactorRequired.zh,
      messageEn: ERRORS.stepUpFactorRequired.en,
      result: { stepUp: { methods: ['totp'] } },
    });
    const status = (await clientOf(t, user.token).call(ENDPOINTS.auth.stepUp)).body.result;
    expect(status).toEqual({ freshUntil: null, methods: ['totp'] });

    const wrong = await code(user.token, { otp: '000000' });
    expect(wrong.body).toMatchObject({ code: 400, messageEn: ERRORS.factorCodeWrong.en });
    const otp = await totp.codeAt(user.secret, now());
    const right = await code(user.token, { otp });
    expect(right.body.result).toEqual({
      freshUntil: new Date(now().getTime() + STEP_UP_FRESH_MS).toISOString(),
      methods: ['totp'],
    });
    expect((await shell(user)).body.code).toBe(1);

    // The same code again is a replay, refused even within its thirty seconds.
    const replay = await code(user.token, { otp });
    expect(replay.body).toMatchObject({ code: 400, messageEn: ERRORS.factorCodeWrong.en });

    const log = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'security.stepUp'), eq(operationLogs.objectId, user.id)));
    expect(log.map((row) => row.result).sort()).toEqual(['failure', 'failure', 'success']);
  });

  it('refuses a stale step-up: past the window the factor is asked again', async () => {
    const user = await ownerWithTotp('su-stale');
    expect((await code(user.token, { otp: await totp.codeAt(user.secret, now()) })).body.code).toBe(1);
    expect((await shell(user)).body.code).toBe(1);
    t.clock.advance(STEP_UP_FRESH_MS);
    const stale = await shell(user);
    expect(stale.body).toMatchObject({ code: 403, messageEn: ERRORS.stepUpFactorRequired.en });
    // A recovery code serves as well, once.
    const [recovery] = user.recoveryCodes;
    expect((await code(user.token, { recoveryCode: recovery })).body.code).toBe(1);
    expect((await code(user.token, { recoveryCode: recovery })).body.code).toBe(400);
    expect((await shell(user)).body.code).toBe(1);
  });

  it('throttles wrong codes as the sign-in does: past the limit even the right code is refused', async () => {
    const user = await ownerWithTotp('su-guess');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await code(user.token, { otp: `00000${i}` })).status);
    const limit = THROTTLE_RULES.factor.limit;
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(400));
    expect(new Set(statuses.slice(limit))).toEqual(new Set([429]));
    expect(limit).toBeLessThanOrEqual(FACTOR_ATTEMPTS_PER_HOUR);
    const right = await code(user.token, { otp: await totp.codeAt(user.secret, now()) });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({
      message: ERRORS.factorThrottled.zh,
      messageEn: ERRORS.factorThrottled.en,
    });
    expect((await shell(user)).body.messageEn).toBe(ERRORS.stepUpFactorRequired.en);
  });

  it('accepts a passkey assertion before a role change, and keeps the password for accounts without a factor', async () => {
    const user = await createAccount(t, { username: 'su-passkey' });
    const me = clientOf(t, user.token);
    const device = createSoftAuthenticator(ORIGIN);
    const made = (await me.call(ENDPOINTS.passkeys.registerOptions)).body.result;
    const registered = await me.call(ENDPOINTS.passkeys.register, {
      challengeId: made.challengeId,
      name: 'Laptop',
      credential: device.create(made.options),
    });
    expect(registered.body.code).toBe(1);
    const role = { name: 'Cashier', code: 'su_cashier', menuIds: [] };
    const asked = await me.send(ENDPOINTS.roles.save, role);
    expect(asked.body).toMatchObject({ code: 403, result: { stepUp: { methods: ['passkey'] } } });

    const options = (await me.call(ENDPOINTS.stepUp.passkeyOptions)).body.result;
    const confirmed = await me.call(ENDPOINTS.stepUp.passkey, {
      challengeId: options.challengeId,
      credential: device.get(options.options),
    });
    expect(confirmed.body.result.freshUntil).not.toBeNull();
    expect((await me.send(ENDPOINTS.roles.save, role)).body.code).toBe(1);

    // Someone else's passkey does not confirm this account's step-up.
    const stranger = createSoftAuthenticator(ORIGIN);
    const again = (await me.call(ENDPOINTS.stepUp.passkeyOptions)).body.result;
    const foreign = await me.send(ENDPOINTS.stepUp.passkey, {
      challengeId: again.challengeId,
      credential: stranger.get(again.options),
    });
    expect(foreign.body.code).toBe(400);

    // Without a second factor nothing changes: the role change goes through, a command asks the password.
    const plain = await createAccount(t, { username: 'su-plain' });
    const plainApi = clientOf(t, plain.token);
    expect((await plainApi.send(ENDPOINTS.roles.save, { ...role, code: 'su_plain' })).body.code).toBe(1);
    expect((await plainApi.call(ENDPOINTS.auth.stepUp)).body.result).toEqual({
      freshUntil: null,
      methods: [],
    });
  });
});

describe('step-up by second factor where the window is 0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STEP_UP_MINUTES: '0' }, jobs: { run: false } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the confirmed factor stand for the act it was asked for, for a minute only', async () => {
    const user = await createAccount(t, { username: 'su-zero' });
    const me = clientOf(t, user.token);
    const { secret } = (await me.call(ENDPOINTS.factors.enrolStart)).body.result;
    await me.call(ENDPOINTS.factors.enrolConfirm, { otp: await totp.codeAt(secret, t.clock.now()) });
    t.clock.advance(30_000);
    const role = { name: 'Zero', code: 'su_zero', menuIds: [] };
    expect((await me.send(ENDPOINTS.roles.save, role)).body.code).toBe(403);
    const otp = await totp.codeAt(secret, t.clock.now());
    expect((await me.call(ENDPOINTS.stepUp.code, { otp })).body.code).toBe(1);
    expect((await me.send(ENDPOINTS.roles.save, role)).body.code).toBe(1);
    t.clock.advance(FACTOR_MIN_FRESH_MS);
    expect((await me.send(ENDPOINTS.roles.save, { ...role, code: 'su_zero2' })).body.code).toBe(403);
  });
});
