import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalGroups, terminalModels, terminals } from '../../db/schema';
import { hashPassword } from '../../shared/crypto';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD } from '../../test-support/test-app';
import { users } from '../users/users.table';
import { loginThrottle } from './auth.table';
import { THROTTLE_RULES } from './login-throttle';

const LOGIN = '/oauth/v1/oauth/login/cpmDoLogin';
const OTHER_PASSWORD = 'Other#Pass1';

/**
 * Failures sprayed at one account from many addresses used to keep its account-wide block alive for
 * as long as the spray went on, so the owner could never sign in. A browser that signed in before
 * holds a device token and is judged by its own failures only.
 */
describe('device tokens of sign-in', () => {
  const t = useTestApp();
  let adminDevice: string;
  let otherDevice: string;

  const attempt = (
    body: { username: string; password: string; deviceToken?: string },
    ip: string,
  ): Promise<{ status: number; code: number; deviceToken?: string }> =>
    t.app
      .inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress: ip,
        payload: { captchaId: 'x', captchaCode: 'x', sysCode: 'cpm', ...body },
      })
      .then((res) => ({
        status: res.statusCode,
        code: res.json().code,
        deviceToken: res.json().result?.deviceToken,
      }));

  beforeAll(async () => {
    await t.database.db.insert(users).values({
      username: 'other',
      name: 'other',
      passwordHash: await hashPassword(OTHER_PASSWORD),
      state: 1,
    });
    const admin = await attempt({ username: 'admin', password: ADMIN_PASSWORD }, '10.1.0.1');
    const other = await attempt({ username: 'other', password: OTHER_PASSWORD }, '10.1.0.2');
    adminDevice = admin.deviceToken as string;
    otherDevice = other.deviceToken as string;
    expect(adminDevice).toMatch(/^d1\./);
    expect(otherDevice).toMatch(/^d1\./);
  });

  // Sixty password checks in a row are slow by design (the hash's cost); beside other suites on two
  // cores they can pass the default budget.
  it('lets the owner in with a device token while failures from 60 addresses lock out every attempt without one', async () => {
    const spray = [];
    for (let i = 0; i < 60; i++)
      spray.push(await attempt({ username: 'admin', password: `Wrong#Guess${i}` }, `192.0.2.${i + 1}`));
    expect(spray.slice(0, THROTTLE_RULES.account.limit).every((a) => a.code === 400)).toBe(true);
    expect(spray.slice(THROTTLE_RULES.account.limit).every((a) => a.status === 429)).toBe(true);

    const withoutToken = await attempt({ username: 'admin', password: ADMIN_PASSWORD }, '10.1.0.1');
    expect(withoutToken.status).toBe(429);
    const owner = await attempt(
      { username: 'admin', password: ADMIN_PASSWORD, deviceToken: adminDevice },
      '10.1.0.1',
    );
    expect(owner.code).toBe(1);
    expect(owner.deviceToken).toMatch(/^d1\./);
    expect(owner.deviceToken).not.toBe(adminDevice);
    // The owner's sign-in does not reopen the account to the spray.
    expect((await attempt({ username: 'admin', password: ADMIN_PASSWORD }, '10.1.0.9')).status).toBe(429);
  }, 120_000);

  it('lets a signed-in owner enter the password again for remote control while the spray goes on', async () => {
    const db = t.database.db;
    const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
    const [model] = await db.insert(terminalModels).values({ name: 'P2' }).returning();
    const [group] = await db
      .insert(terminalGroups)
      .values({ name: 'Main store', number: 'S001', ownerId: admin.id })
      .returning();
    await db.insert(terminals).values({
      sn: 'REMOTE0001',
      name: 'Till',
      modelId: model.id,
      groupId: group.id,
      ownerId: admin.id,
      status: 'activated',
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const owner = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: '10.1.0.1',
      payload: {
        username: 'admin',
        password: ADMIN_PASSWORD,
        captchaId: 'x',
        captchaCode: 'x',
        sysCode: 'cpm',
        deviceToken: adminDevice,
      },
    });
    const open = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/remote/v1/remote/session/open',
        remoteAddress: '10.1.0.1',
        headers: { satoken: owner.json().result.tokenValue },
        payload: { sn: 'REMOTE0001', mode: 'control', password },
      });
    // The password is accepted; the session then stops at the terminal being offline, not at the lock.
    expect((await open(ADMIN_PASSWORD)).json().messageEn).toBe(
      'The terminal is offline, so details or real-time information cannot be fetched',
    );
    expect((await open('Wrong#Guess1')).statusCode).toBe(400);
  });

  it('counts a wrong password sent with a device token against that token only', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < THROTTLE_RULES.device.limit; i++)
      expect(
        (await attempt({ username: 'other', password: 'Wrong#Pass1', deviceToken: otherDevice }, ip)).code,
      ).toBe(400);
    // The token is locked, even with the right password.
    const locked = await attempt(
      { username: 'other', password: OTHER_PASSWORD, deviceToken: otherDevice },
      ip,
    );
    expect(locked.status).toBe(429);
    // Nothing was counted against the account or the address.
    const counted = await t.database.db
      .select()
      .from(loginThrottle)
      .where(like(loginThrottle.key, '%other%'));
    expect(counted.map((row) => row.key)).toEqual([]);
    const sameAddress = await attempt({ username: 'other', password: OTHER_PASSWORD }, ip);
    expect(sameAddress.code).toBe(1);
    // A token of the browser's next sign-in starts with no failures.
    expect(
      (
        await attempt(
          { username: 'other', password: OTHER_PASSWORD, deviceToken: sameAddress.deviceToken },
          ip,
        )
      ).code,
    ).toBe(1);
    const [deviceRow] = await t.database.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `${THROTTLE_RULES.device.prefix}${otherDevice.split('.')[3]}`));
    expect(deviceRow.failures).toBe(THROTTLE_RULES.device.limit);
  });

  it('ignores a forged token and another user’s token: the account’s lock still applies', async () => {
    const parts = adminDevice.split('.');
    const flipped = parts[4].startsWith('A') ? `B${parts[4].slice(1)}` : `A${parts[4].slice(1)}`;
    const forged = [
      [...parts.slice(0, 4), flipped].join('.'),
      [parts[0], parts[1], parts[2], 'made-up-id', parts[4]].join('.'),
      'd1.x.y.z.w',
      otherDevice,
    ];
    for (const deviceToken of forged)
      expect(
        (await attempt({ username: 'admin', password: ADMIN_PASSWORD, deviceToken }, '10.3.0.1')).status,
        deviceToken,
      ).toBe(429);
  });
});
