import type { PermissionKey } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import type { OperationNote } from '../../shared/operation-note';
import { fakeOf, NOT_FOUND } from '../../test-support/fake';
import { apiKeyRecord, authOf, RECORD_TIME, serviceAccountRecord } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { createServiceAccountsRepository } from './serviceaccounts.repository';
import { createServiceAccountsService, keyStatus } from './serviceaccounts.service';

const note: OperationNote = { subject: () => {}, also: () => {}, actor: () => {}, fail: () => {} };
const ROLE = ['device:terminal:view', 'task:create:add', 'device:terminal:delete'];
const HOUR = 3_600_000;

const setup = (callerPermissions = [...ROLE, 'user:serviceaccount:keys']) => {
  const account = serviceAccountRecord();
  const key = apiKeyRecord({ serviceAccountId: account.id });
  const repo = fakeOf<typeof createServiceAccountsRepository>({
    findVisible: async (_scope, id) => (id === account.id ? account : null),
    findKeyVisible: async (_scope, id) => (id === key.id ? { key, account } : null),
    insertKey: async () => 'new-key',
    rotateKey: async () => 'successor',
  });
  const service = createServiceAccountsService({
    repo,
    clock: createTestClock(RECORD_TIME),
    newKey: () => ({ prefix: 'cpk_aaaaaaaaaaaa', key: 'cpk_aaaaaaaaaaaa.secret', secretHash: 'hash' }),
    roleOf: async () => ({ name: 'r', nameEn: 'r', enabled: true, permissions: new Set(ROLE) }),
    assertAssignable: async () => undefined,
    roleOptions: async () => [],
  });
  return { service, repo, account, key, auth: authOf({ permissions: callerPermissions }) };
};

const issueBody = (serviceAccountId: string, scopes: PermissionKey[]) => ({
  serviceAccountId,
  name: 'sync',
  scopes,
  expiresInHours: 24,
  allowedSources: [],
  rateLimitPerMinute: 600,
});

describe('service account keys', () => {
  it('issues a key within the role, stores the hash and shows the key once', async () => {
    const s = setup();
    const issued = await s.service.issueKey(s.auth, note, issueBody(s.account.id, ['device:terminal:view']));
    expect(issued).toEqual({
      id: 'new-key',
      prefix: 'cpk_aaaaaaaaaaaa',
      key: 'cpk_aaaaaaaaaaaa.secret',
      expiresAt: new Date(RECORD_TIME.getTime() + 24 * HOUR).toISOString(),
    });
    expect(s.repo.insertKey.mock.calls[0][0]).toMatchObject({
      secretHash: 'hash',
      prefix: 'cpk_aaaaaaaaaaaa',
    });
    expect(JSON.stringify(s.repo.insertKey.mock.calls[0][0])).not.toContain('secret"');
  });

  it('refuses scopes the role does not grant', async () => {
    const s = setup([...ROLE, 'user:menu:add']);
    await expect(
      s.service.issueKey(s.auth, note, issueBody(s.account.id, ['device:terminal:view', 'user:menu:add'])),
    ).rejects.toMatchObject({ key: 'apiKeyScopesOutsideRole' });
    expect(s.repo.insertKey).not.toHaveBeenCalled();
  });

  it('refuses scopes the caller does not hold (a key never mints a wider key)', async () => {
    const s = setup(['user:serviceaccount:keys', 'device:terminal:view']);
    await expect(
      s.service.issueKey(s.auth, note, issueBody(s.account.id, ['device:terminal:delete'])),
    ).rejects.toMatchObject({ key: 'forbidden' });
  });

  it('answers notFound for a service account outside the caller’s scope', async () => {
    const s = setup();
    s.repo.findVisible.mockResolvedValue(NOT_FOUND);
    await expect(
      s.service.issueKey(s.auth, note, issueBody(s.account.id, ['device:terminal:view'])),
    ).rejects.toMatchObject({ key: 'notFound' });
  });

  it('keeps the old key for the overlap when rotating', async () => {
    const s = setup();
    await s.service.rotateKey(s.auth, note, { id: s.key.id, overlapMinutes: 30, expiresInHours: 48 });
    const [oldId, until, successor] = s.repo.rotateKey.mock.calls[0];
    expect(oldId).toBe(s.key.id);
    expect(until).toEqual(new Date(RECORD_TIME.getTime() + 30 * 60_000));
    expect(successor).toMatchObject({ name: s.key.name, scopes: s.key.scopes });
    expect(successor.expiresAt).toEqual(new Date(RECORD_TIME.getTime() + 48 * HOUR));
  });

  it('never lengthens the old key with an overlap past its expiry', async () => {
    const s = setup();
    await s.service.rotateKey(s.auth, note, {
      id: s.key.id,
      overlapMinutes: 7 * 24 * 60,
      expiresInHours: 48,
    });
    expect(s.repo.rotateKey.mock.calls[0][1]).toEqual(s.key.expiresAt);
  });

  it('refuses to rotate a key that is already rotating, revoked or expired', async () => {
    for (const over of [{ replacedById: 'x' }, { revokedAt: RECORD_TIME }, { expiresAt: RECORD_TIME }]) {
      const s = setup();
      Object.assign(s.key, over);
      await expect(
        s.service.rotateKey(s.auth, note, { id: s.key.id, overlapMinutes: 0, expiresInHours: 1 }),
      ).rejects.toMatchObject({ key: 'apiKeyNotActive' });
    }
  });

  it('revokes at the clock’s time, and only once', async () => {
    const s = setup();
    await s.service.revokeKey(s.auth, note, s.key.id);
    expect(s.repo.revokeKey).toHaveBeenCalledWith(s.key.id, RECORD_TIME);
    s.key.revokedAt = RECORD_TIME;
    await expect(s.service.revokeKey(s.auth, note, s.key.id)).rejects.toMatchObject({
      key: 'apiKeyNotActive',
    });
  });

  it('tells the statuses apart', () => {
    const now = new Date(RECORD_TIME.getTime() + HOUR);
    expect(keyStatus(apiKeyRecord(), now)).toBe('active');
    expect(keyStatus(apiKeyRecord({ replacedById: 'x' }), now)).toBe('rotating');
    expect(keyStatus(apiKeyRecord({ expiresAt: now }), now)).toBe('expired');
    expect(keyStatus(apiKeyRecord({ revokedAt: RECORD_TIME }), now)).toBe('revoked');
  });
});
