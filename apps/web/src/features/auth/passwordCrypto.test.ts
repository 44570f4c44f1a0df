import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptWithKey } from './passwordCrypto';

describe('password encryption', () => {
  it('encrypts with RSA-OAEP SHA-256 so the private key opens it', async () => {
    const subtle = webcrypto.subtle as unknown as SubtleCrypto;
    const pair = await subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey));
    const b64 = btoa(String.fromCharCode(...spki));
    const cipher = await encryptWithKey(b64, 'Secret#Pass1', subtle);
    const opened = await subtle.decrypt(
      { name: 'RSA-OAEP' },
      pair.privateKey,
      Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0)),
    );
    expect(new TextDecoder().decode(opened)).toBe('Secret#Pass1');
  });
});
