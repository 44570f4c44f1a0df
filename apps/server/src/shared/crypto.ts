import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const SCRYPT = { N: 1 << 15, r: 8, p: 1, keylen: 32, maxmem: 64 * 1024 * 1024 } as const;

const scryptAsync = (password: string, salt: Buffer, n: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password,
      salt,
      SCRYPT.keylen,
      { N: n, r: SCRYPT.r, p: SCRYPT.p, maxmem: SCRYPT.maxmem },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );

/** Slow hash for passwords: `scrypt$N$salt$hash`, all base64url. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.N);
  return `scrypt$${SCRYPT.N}$${salt.toString('base64url')}$${key.toString('base64url')}`;
};

/** Checks a password against a stored hash in constant time. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), Number(n));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/** A hash to compare against when the account does not exist, so both paths take as long. */
export const DUMMY_PASSWORD_HASH = `scrypt$${SCRYPT.N}$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`;

/** 256-bit random token, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 hex of a value (tokens, captcha answers). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A readable random password meeting the policy, for the first administrator. */
export const randomStrongPassword = (): string => {
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `Cp${body}#7`;
};
