import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import { AppError } from '../../shared/app-error';
import type { KeysRepository } from './keys.repository';

const RSA = 'password-rsa';
const AES = 'secret-aes';
const URL_HMAC = 'download-url-hmac';
const LOGIN_DEVICE_HMAC = 'login-device-hmac';

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
  [LOGIN_DEVICE_HMAC]: () => randomBytes(32).toString('base64'),
};

/**
 * Loads the keys made at first start, making any that are missing. The first instance to insert
 * wins and every other instance reads its keys, so they agree.
 */
export const loadAppKeys = async (repo: KeysRepository) => {
  const values = new Map<string, string>();
  for (const name of Object.keys(generators)) {
    let value = await repo.findValue(name);
    if (value === null) {
      await repo.insertIfMissing(name, generators[name]());
      value = await repo.findValue(name);
    }
    values.set(name, value as string);
  }
  const rsa = JSON.parse(values.get(RSA) as string) as { privateKey: string; publicKey: string };
  const privateKey = createPrivateKey(rsa.privateKey);
  const aesKey = Buffer.from(values.get(AES) as string, 'base64');

  return {
    /** HMAC key that signs short-lived download links. */
    urlSigningKey: Buffer.from(values.get(URL_HMAC) as string, 'base64'),

    /** HMAC key that signs the device tokens of sign-in (see the login throttle). */
    deviceTokenKey: Buffer.from(values.get(LOGIN_DEVICE_HMAC) as string, 'base64'),

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
