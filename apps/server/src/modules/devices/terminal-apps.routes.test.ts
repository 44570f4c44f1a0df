import { ENDPOINTS } from '@cpm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../../db/schema';
import { createAccount } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { useTestApp } from '../../test-support/suite-app';
import { insertGroups, insertTerminals } from '../tasks/task-fixtures';

describe('the apps on a terminal’s page', () => {
  const t = useTestApp({ jobs: { run: false } });
  let ent: { id: string; token: string };
  let sn: string;

  beforeAll(async () => {
    ent = await createAccount(t, { username: 'apps_names' });
    const stranger = await createAccount(t, { username: 'apps_stranger' });
    const { group } = await insertGroups(t.database.db, ent.id, 'APN');
    [sn] = await insertTerminals(t.database.db, {
      prefix: 'APNAME0',
      count: 1,
      ownerId: ent.id,
      groupId: group.id,
      apps: [
        { packageName: 'com.example.cashier', name: 'cashier' },
        { packageName: 'com.example.private' },
        { packageName: 'com.example.unknown' },
      ],
    });
    const app = (packageName: string, name: string, ownerId: string, visibility: 'public' | 'private') => ({
      platform: 'android' as const,
      name,
      packageName,
      visibility,
      ownerId,
      createdBy: ownerId,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    await t.database.db
      .insert(apps)
      .values([
        app('com.example.cashier', '收银台 Cashier', ent.id, 'private'),
        app('com.example.private', 'Secret app', stranger.id, 'private'),
      ]);
  });

  it('are named as the market names them, where the caller may see the market’s app', async () => {
    const res = await clientOf(t, ent.token).call(ENDPOINTS.devices.terminalBySn, { sn });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(res.body.result.appNames).toEqual({ 'com.example.cashier': '收银台 Cashier' });
  });
});
