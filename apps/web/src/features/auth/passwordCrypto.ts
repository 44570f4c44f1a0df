import { registryRoutes } from '@cpm/contracts/routes';
import { call } from '../../api/http';

const toBase64 = (bytes: ArrayBuffer) => {
  let binary = '';
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary);
};

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Encrypts a password with a public key (SPKI, base64) using RSA-OAEP with SHA-256, as the server expects. */
export const encryptWithKey = async (
  publicKeyB64: string,
  plain: string,
  subtle: SubtleCrypto = crypto.subtle,
) => {
  const key = await subtle.importKey(
    'spki',
    fromBase64(publicKeyB64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  return toBase64(await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain)));
};

/** Fetches the server's public key and returns an encrypter for the passwords of one form. */
export const passwordEncrypter = async () => {
  const { publicKey } = await call(registryRoutes.publicKey, { loading: false });
  return (plain: string) => encryptWithKey(publicKey, plain);
};
