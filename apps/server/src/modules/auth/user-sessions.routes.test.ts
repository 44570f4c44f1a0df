import { authEndpoints, sessionsEndpoints } from '@cpm/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createAccount, createRole } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { operationLogs } from '../oplog/oplog.table';

describe('the sessions page through the API', () => {
  let t: TestApp;
  let admin: { token: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  const signedIn = async (token: string) => (await clientOf(t, token).call(authEndpoints.userStatus)).status;

  it('lists one’s sessions with the calling one marked, and ends another of them', async () => {
    const user = await createAccount(t, { username: 'ss-own', superiorId: admin.userId });
    const second = await loginAs(t.app, 'ss-own', ACCOUNT_PASSWORD);
    const me = clientOf(t, user.token);
    const listed = (await me.call(sessionsEndpoints.mine)).body.result;
    expect(listed).toHaveLength(2);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(second.token);
    const other = listed.find((s) => !s.current);
    expect((await me.call(sessionsEndpoints.endMine, { id: other?.id ?? '' })).body.code).toBe(1);
    expect(await signedIn(second.token)).toBe(401);
    expect(await signedIn(user.token)).toBe(200);
    expect((await me.call(sessionsEndpoints.mine)).body.result).toHaveLength(1);
  });

  it('refuses to end another account’s session as one’s own', async () => {
    const user = await createAccount(t, { username: 'ss-mine', superiorId: admin.userId });
    const stranger = await createAccount(t, { username: 'ss-stranger', superiorId: admin.userId });
    const [theirs] = (await clientOf(t, stranger.token).call(sessionsEndpoints.mine)).body.result;
    const refused = await clientOf(t, user.token).call(sessionsEndpoints.endMine, { id: theirs.id });
    expect(refused.status).toBe(404);
    expect(await signedIn(stranger.token)).toBe(200);
  });

  it('lets an administrator end one session of an account, recorded in the operation log', async () => {
    const user = await createAccount(t, { username: 'ss-admin', superiorId: admin.userId });
    const keep = await loginAs(t.app, 'ss-admin', ACCOUNT_PASSWORD);
    const boss = clientOf(t, admin.token);
    const listed = (await boss.call(sessionsEndpoints.ofUser, { id: user.id })).body.result;
    expect(listed).toHaveLength(2);
    expect(listed.every((s) => !s.current)).toBe(true);
    const keepId = (await clientOf(t, keep.token).call(sessionsEndpoints.mine)).body.result.find(
      (s) => s.current,
    )?.id;
    const target = listed.find((s) => s.id !== keepId)?.id ?? '';
    expect((await boss.call(sessionsEndpoints.endOfUser, { userId: user.id, id: target })).body.code).toBe(1);
    expect(await signedIn(user.token)).toBe(401);
    expect(await signedIn(keep.token)).toBe(200);
    const log = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'session.end'), eq(operationLogs.objectId, user.id)));
    expect(log).toMatchObject([{ objectName: 'ss-admin', detail: target, result: 'success' }]);
  });

  it('needs the sign-out button and an account in the data scope', async () => {
    const viewer = await createAccount(t, {
      username: 'ss-viewer',
      roleId: await createRole(t, { code: 'ss_view', name: '查看', nameEn: 'View' }, ['user:user:view']),
      superiorId: admin.userId,
    });
    const outsider = await createAccount(t, { username: 'ss-outsider', superiorId: admin.userId });
    const target = await createAccount(t, { username: 'ss-target', superiorId: admin.userId });
    expect((await clientOf(t, viewer.token).call(sessionsEndpoints.ofUser, { id: target.id })).status).toBe(
      403,
    );
    const hidden = await clientOf(t, outsider.token).call(sessionsEndpoints.ofUser, { id: target.id });
    expect(hidden.status).toBe(404);
    expect(hidden.body.messageEn).toBeTruthy();
  });
});
