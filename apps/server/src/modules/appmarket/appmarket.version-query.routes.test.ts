import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { apps, appVersions } from './appmarket.table';

const Q = '/app/v1/app/version/getList';

describe('the app market version query', () => {
  let t: TestApp;
  let call: ReturnType<typeof callAs>;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    call = callAs(t, admin.token);
    const now = new Date();
    const [cashier] = await t.database.db
      .insert(apps)
      .values({
        platform: 'android',
        name: 'Cashier Pro',
        packageName: 'com.shop.cashier',
        visibility: 'public',
        shelf: 'launched',
        ownerId: admin.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const version = (versionCode: number, reviewStatus: 'approved' | 'pending') => ({
      appId: cashier.id,
      versionCode,
      versionName: `1.${versionCode}`,
      blobId: randomUUID(),
      sha256: 'a'.repeat(64),
      size: 1000 + versionCode,
      fileName: `cashier-${versionCode}.apk`,
      reviewStatus,
      releaseStatus: reviewStatus === 'approved' ? ('official' as const) : ('none' as const),
      releasedAt: reviewStatus === 'approved' ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    await t.database.db
      .insert(appVersions)
      .values([version(1, 'approved'), version(2, 'approved'), version(3, 'pending')]);
  });
  afterAll(() => t.close());

  it('refuses a query without an app name in both languages', async () => {
    for (const url of [Q, `${Q}?appName=`, `${Q}?appName=%20%20`]) {
      const res = await call('GET', url);
      expect(res.status).toBe(400);
      expect((res.body.result as { errors: unknown[] }).errors[0]).toEqual({
        field: 'query.appName',
        message: '请输入应用名称后再查询版本',
        messageEn: 'Enter an app name to query its versions',
      });
    }
  });

  it('answers the approved versions of the apps whose name matches, newest first', async () => {
    const res = await call('GET', `${Q}?appName=cashier`);
    expect(res.body.code).toBe(1);
    expect(
      (res.body.result as { appName: string; versionCode: number }[]).map((r) => [r.appName, r.versionCode]),
    ).toEqual([
      ['Cashier Pro', 2],
      ['Cashier Pro', 1],
    ]);
    expect((await call('GET', `${Q}?appName=nothing-like-it`)).body.result).toEqual([]);
  });
});
