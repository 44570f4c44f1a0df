import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test-support/test-app';
import { loadAppKeys } from './app-keys';
import { createKeysRepository } from './keys.repository';
import { appKeys } from './keys.table';

describe('keys made at first start', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('are made once and shared by every instance that starts on the database', async () => {
    const [a, b] = await Promise.all([
      loadAppKeys(createKeysRepository(database.db)),
      loadAppKeys(createKeysRepository(database.db)),
    ]);
    const c = await loadAppKeys(createKeysRepository(database.db));
    expect(a.publicKey).toBe(b.publicKey);
    expect(c.publicKey).toBe(a.publicKey);
    expect(c.deviceTokenKey.equals(a.deviceTokenKey)).toBe(true);
    expect(await database.db.select().from(appKeys)).toHaveLength(4);
    // A secret sealed by one instance opens in another.
    expect(c.decryptSecret(a.encryptSecret('S3cret#X'))).toBe('S3cret#X');
  });

  it('open RSA-OAEP (SHA-256) passwords and refuse anything else as the caller’s error', async () => {
    const keys = await loadAppKeys(createKeysRepository(database.db));
    const key = createPublicKey({ key: Buffer.from(keys.publicKey, 'base64'), format: 'der', type: 'spki' });
    const cipher = publicEncrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from('Pass#word1'),
    ).toString('base64');
    expect(keys.decryptPassword(cipher)).toBe('Pass#word1');
    expect(() => keys.decryptPassword('bm90IGEgY2lwaGVy')).toThrow(
      expect.objectContaining({ key: 'badCipher' }),
    );
    const sealed = keys.encryptSecret('abc');
    expect(sealed).toMatch(/^v1:/);
    expect(keys.encryptSecret('abc')).not.toBe(sealed);
  });
});
