import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** CBOR (RFC 8949) for what an authenticator writes: maps, byte and text strings, small integers. */
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
const head = (major: number, n: number) => {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
};
const cbor = (v: Cbor): Buffer => {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
};

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (b: Buffer) => b.toString('base64url');

/**
 * A software passkey authenticator for tests: it creates one ES256 credential and answers the
 * server's WebAuthn options as a browser with a platform authenticator would (`toJSON()` form),
 * signing with its own key. Each assertion moves its signature counter forward.
 */
export const createSoftAuthenticator = (origin: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  const coseKey = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  // Flags: user present (0x01), user verified (0x04), backup eligible and state (0x08, 0x10).
  const authData = (rpId: string, attested: boolean) => {
    const flags = 0x01 | 0x04 | 0x08 | 0x10 | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      parts.push(Buffer.alloc(16), idLength, credentialId, coseKey);
    }
    return Buffer.concat(parts);
  };

  /** A `PublicKeyCredential` in its `toJSON()` form. */
  const answer = (response: Record<string, unknown>) => ({
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: 'public-key' as const,
    response,
    clientExtensionResults: {},
  });

  return {
    credentialId: b64url(credentialId),

    /** The answer to `navigator.credentials.create(options)`. */
    create(options: Record<string, unknown>, rpIdOverride?: string) {
      const rp = options.rp as { id: string };
      const data = clientData('webauthn.create', options.challenge as string);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(rpIdOverride ?? rp.id, true)],
        ]),
      );
      return answer({
        clientDataJSON: b64url(data),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      });
    },

    /** The answer to `navigator.credentials.get(options)`. */
    get(options: Record<string, unknown>) {
      counter += 1;
      const data = clientData('webauthn.get', options.challenge as string);
      const auth = authData(options.rpId as string, false);
      const signature = sign('sha256', Buffer.concat([auth, sha256(data)]), privateKey);
      return answer({
        clientDataJSON: b64url(data),
        authenticatorData: b64url(auth),
        signature: b64url(signature),
      });
    },
  };
};
