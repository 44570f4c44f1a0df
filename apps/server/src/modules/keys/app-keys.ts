import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { appKeys } from './keys.table';

const RSA = 'password-rsa';
const AES = 'secret-aes';
const URL_HMAC = 'download-url-hmac';

const generators: Record<string, () => string> = {
  [RSA]: () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return JSON.stringify({
      privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      publicKey: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    });
  },
  [AES]: () => randomBytes(32).toString('base64'),
  [URL_HMAC]: () => randomBytes(32).toString('base64'),
};

/**
 * Loads the keys made at first start, making any that are missing. The first instance to insert
 * wins and every other instance reads its keys, so they agree.
 */
export const loadAppKeys = async (db: Db) => {
  const values = new Map<string, string>();
  for (const name of Object.keys(generators)) {
    let [row] = await db.select().from(appKeys).where(eq(appKeys.name, name));
    if (!row) {
      await db.insert(appKeys).values({ name, value: generators[name]() }).onConflictDoNothing();
      [row] = await db.select().from(appKeys).where(eq(appKeys.name, name));
    }
    values.set(name, row.value);
  }
  const rsa = JSON.parse(values.get(RSA) as string) as { privateKey: string; publicKey: string };
  const privateKey = createPrivateKey(rsa.privateKey);
  const aesKey = Buffer.from(values.get(AES) as string, 'base64');

  return {
    /** HMAC key that signs short-lived download links. */
    urlSigningKey: Buffer.from(values.get(URL_HMAC) as string, 'base64'),

    /** SubjectPublicKeyInfo (DER) in base64, for Web Crypto's importKey('spki'). */
    publicKey: rsa.publicKey,

    /** Opens a password the console encrypted with RSA-OAEP (SHA-256); a bad ciphertext is the caller's error. */
    decryptPassword(cipherB64: string): string {
      try {
        return privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(cipherB64, 'base64'),
        ).toString('utf8');
      } catch {
        throw new AppError('badCipher');
      }
    },

    /** AES-256-GCM for secrets kept at rest: `v1:iv:tag:data`. */
    encryptSecret(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
        .join(':');
    },

    /** Opens what encryptSecret made. */
    decryptSecret(stored: string): string {
      const [version, iv, tag, data] = stored.split(':');
      if (version !== 'v1') throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
};

export type AppKeys = Awaited<ReturnType<typeof loadAppKeys>>;
