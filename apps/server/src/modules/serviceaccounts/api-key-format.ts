import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/** Prefixes are `cpk_` and 12 hex digits: public, unique, what a key is looked up by. */
const PREFIX = /^cpk_[0-9a-f]{12}$/;
/** Secrets are 32 random bytes in base64url. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** A new key's parts: `key` is `prefix.secret`, shown once; only `secretHash` is kept. */
export type NewApiKey = { prefix: string; key: string; secretHash: string };

/** SHA-256 of a secret: the secret has 256 random bits, so a slow hash would add nothing. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A fresh random key. */
export const newApiKey = (): NewApiKey => {
  const prefix = `cpk_${randomBytes(6).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  return { prefix, key: `${prefix}.${secret}`, secretHash: hashSecret(secret) };
};

/** Prefix and secret of a presented key, or null when it is not shaped like one. */
export const parseApiKey = (presented: string): { prefix: string; secret: string } | null => {
  const dot = presented.indexOf('.');
  if (dot < 0) return null;
  const prefix = presented.slice(0, dot);
  const secret = presented.slice(dot + 1);
  return PREFIX.test(prefix) && SECRET.test(secret) ? { prefix, secret } : null;
};

/** Whether a secret matches a stored hash, in constant time. */
export const secretMatches = (secret: string, storedHash: string) => {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The address without an IPv4-mapped IPv6 wrapping (`::ffff:10.0.0.1` is `10.0.0.1`). */
const plainAddress = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** Whether an address is in an allow-list of addresses and CIDR networks; an empty list allows any. */
export const sourceAllowed = (allowed: readonly string[], ip: string) => {
  if (!allowed.length) return true;
  const address = plainAddress(ip);
  const family = isIP(address);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [net, bits] = entry.split('/');
    const type = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(net, type);
    else list.addSubnet(net, Number(bits), type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
};
