import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { LoginResultSchema } from './auth.contract';
import { RecoveryCodesSchema } from './factors.contract';

/** The longest name a passkey may be given. */
export const PASSKEY_NAME_MAX = 64;

export const PasskeyNameSchema = z.string().trim().min(1).max(PASSKEY_NAME_MAX);

/** A base64url field of a WebAuthn answer. */
const B64 = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/**
 * What the browser's WebAuthn call produced (`PublicKeyCredential.toJSON()`, base64url fields). Only
 * its shape is checked here; the server verifies the signature, challenge, origin and relying party.
 */
export const WebAuthnCredentialSchema = z.object({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: B64,
    /** Registration. */
    attestationObject: B64.optional(),
    authenticatorData: B64.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKey: B64.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    /** Sign-in. */
    signature: B64.optional(),
    userHandle: B64.optional(),
  }),
  clientExtensionResults: z
    .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
    .default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

/**
 * Options for the browser's WebAuthn call (`PublicKeyCredentialCreationOptionsJSON` or
 * `...RequestOptionsJSON`), and the id of the challenge they carry: send it back with the answer.
 * The challenge is kept on the server, serves once and expires in two minutes.
 */
export const WebAuthnOptionsSchema = z.object({
  challengeId: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type WebAuthnOptions = z.infer<typeof WebAuthnOptionsSchema>;
const ChallengeIdSchema = z.uuid();
const PendingTokenSchema = z.string().min(1).max(512);

export const passkeysEndpoints = {
  registerOptions: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/factors/passkeys/options',
    summary: 'Starts registering a passkey for the caller: options for navigator.credentials.create',
    tag: 'upms',
    permission: SIGNED_IN,
    result: WebAuthnOptionsSchema,
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/factors/passkeys/register',
    summary:
      'Registers the passkey the browser created; answers ten recovery codes, once, when it is the first factor',
    tag: 'upms',
    permission: SIGNED_IN,
    body: z.strictObject({
      challengeId: ChallengeIdSchema,
      name: PasskeyNameSchema,
      credential: WebAuthnCredentialSchema,
    }),
    result: RecoveryCodesSchema,
    oplog: { objectType: 'user', action: 'passkey.add' },
  }),
  rename: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/factors/passkeys/rename',
    summary: "Renames one of the caller's passkeys",
    tag: 'upms',
    permission: SIGNED_IN,
    body: z.strictObject({ id: z.uuid(), name: PasskeyNameSchema }),
    result: z.null(),
    oplog: { objectType: 'user', action: 'passkey.rename' },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/factors/passkeys/remove',
    stepUp: true,
    consoleOnly: true,
    summary: "Removes one of the caller's passkeys (after a step-up)",
    tag: 'upms',
    permission: SIGNED_IN,
    body: z.strictObject({ id: z.uuid() }),
    result: z.null(),
    oplog: { objectType: 'user', action: 'passkey.remove' },
  }),
  loginOptions: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/passkey/options',
    summary:
      'Options for navigator.credentials.get: for the second step (with the pending token) or a sign-in without a password',
    tag: 'oauth',
    public: true,
    body: z.strictObject({ pendingToken: PendingTokenSchema.optional() }),
    result: WebAuthnOptionsSchema,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/passkey',
    summary:
      'Signs in with a passkey: as the second step (with the pending token) or, where the enterprise allows it, alone',
    tag: 'oauth',
    public: true,
    body: z.strictObject({
      pendingToken: PendingTokenSchema.optional(),
      challengeId: ChallengeIdSchema,
      credential: WebAuthnCredentialSchema,
    }),
    result: LoginResultSchema,
  }),
  loginEnrolOptions: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/enrolPasskey/options',
    summary:
      'Options for navigator.credentials.create when a rule requires a second factor before the first session',
    tag: 'oauth',
    public: true,
    body: z.strictObject({ pendingToken: PendingTokenSchema }),
    result: WebAuthnOptionsSchema,
  }),
  loginEnrol: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/enrolPasskey',
    summary:
      'Registers the passkey made while enrolling at sign-in and opens the session; answers ten recovery codes, once',
    tag: 'oauth',
    public: true,
    body: z.strictObject({
      pendingToken: PendingTokenSchema,
      challengeId: ChallengeIdSchema,
      name: PasskeyNameSchema,
      credential: WebAuthnCredentialSchema,
    }),
    result: LoginResultSchema.extend(RecoveryCodesSchema.shape),
  }),
};
