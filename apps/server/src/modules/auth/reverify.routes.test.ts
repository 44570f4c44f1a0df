import { ENDPOINTS, ERRORS } from '@cpm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { insertGroups, insertTerminals } from '../tasks/task-fixtures';
import { STEP_UP_FRESH_MS } from './auth.service';

/**
 * A password entered again before a sensitive act (here a shell command) goes through the auth
 * module's one re-verification. Before, it had no guess limit: 30 wrong answers, then the right one
 * was accepted.
 */
describe('re-entering the password', () => {
  let t: TestApp;
  let sns: string[];

  beforeAll(async () => {
    t = await createTestApp({ jobs: { run: false }, tasks: { monitorMs: false, catchUpMs: 0 } });
  });
  afterAll(async () => {
    await t.close();
  });

  /** An account owning two online terminals. */
  const owner = async (username: string) => {
    const user = await createAccount(t, { username });
    const fx = await insertGroups(t.database.db, user.id, username);
    sns = await insertTerminals(t.database.db, {
      prefix: username.slice(0, 3).toUpperCase(),
      count: 2,
      ownerId: user.id,
      groupId: fx.group.id,
      modelId: fx.model.id,
      online: true,
    });
    return user;
  };
  const shell = (token: string, password?: string) =>
    clientOf(t, token).send(ENDPOINTS.tasks.create, {
      name: 'List files',
      platform: 'android',
      type: 'command',
      params: { command: 'ls /sdcard' },
      targets: { sns },
      timing: { expireAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString() },
      password,
    });
  const stepUp = async (token: string) =>
    (await clientOf(t, token).call(ENDPOINTS.auth.stepUp)).body.result?.freshUntil ?? null;

  it('refuses further guesses after five wrong ones, the right password too, with a 429 in both languages', async () => {
    const user = await owner('guesser');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await shell(user.token, `Wrong#${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const right = await shell(user.token, ACCOUNT_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    expect(right.body).toMatchObject({
      message: ERRORS.passwordThrottled.zh,
      messageEn: ERRORS.passwordThrottled.en,
    });
    expect(await stepUp(user.token)).toBeNull();
  });

  it('spares the password for a few minutes after it was entered, in that session only, and says so', async () => {
    const user = await owner('stepper');
    expect(await stepUp(user.token)).toBeNull();
    expect((await shell(user.token)).body.messageEn).toBe(ERRORS.taskPasswordRequired.en);
    expect((await shell(user.token, ACCOUNT_PASSWORD)).body.code).toBe(1);
    const freshUntil = await stepUp(user.token);
    expect(freshUntil).toBe(new Date(t.clock.now().getTime() + STEP_UP_FRESH_MS).toISOString());
    // A later risky act within the window is not asked again.
    expect((await shell(user.token)).body.code).toBe(1);
    // Another session of the same user proved nothing.
    const other = await loginAs(t.app, 'stepper', ACCOUNT_PASSWORD);
    expect(await stepUp(other.token)).toBeNull();
    expect((await shell(other.token)).body.messageEn).toBe(ERRORS.taskPasswordRequired.en);
    // Past the window it is asked again.
    t.clock.advance(STEP_UP_FRESH_MS);
    expect(await stepUp(user.token)).toBeNull();
    expect((await shell(user.token)).body.messageEn).toBe(ERRORS.taskPasswordRequired.en);
  });
});
