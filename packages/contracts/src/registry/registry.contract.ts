import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { LIMITS, SYS_CODE } from '../limits';
import { UsernameSchema } from '../users/users.contract';

/** How long an email code stays valid, and how many wrong tries void it. */
export const EMAIL_CODE = { ttlMs: 10 * 60 * 1000, maxAttempts: 5, digits: 6 } as const;
/** How long an activation link stays valid. */
export const ACTIVATION_TTL_MS = 24 * 60 * 60 * 1000;

const isEnglish = z.coerce.number().int().min(0).max(1).default(0);
/** RSA-OAEP (SHA-256) ciphertext under the server's public key, base64. */
const cipher = z.string().min(1).max(2048);

export const PublicKeySchema = z.object({
  /** SubjectPublicKeyInfo (DER) in base64: `crypto.subtle.importKey('spki', ...)`. */
  publicKey: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
});

export const EmailCaptchaQuerySchema = z.object({
  email: z.email().max(LIMITS.nameMax * 2),
  /** 1 writes the mail in English. */
  isEnglish,
  /** The account name. */
  name: z.string().trim().min(1).max(LIMITS.usernameMax),
  sysCode: z.string().max(16).default(SYS_CODE),
});

export const UpdatePasswordBodySchema = z.object({
  name: z.string().trim().min(1).max(LIMITS.usernameMax),
  email: z.email().max(LIMITS.nameMax * 2),
  emailCaptcha: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  newPassword: cipher,
  /** The confirmation, encrypted like newPassword. */
  confirempsd: cipher,
  sysCode: z.string().max(16).default(SYS_CODE),
  isEnglish,
});

/** A signed-in user's own change, proven by the current password instead of a mailed code. */
export const ChangePasswordBodySchema = z.strictObject({
  /** The password in use now, encrypted like newPassword. */
  currentPassword: cipher,
  newPassword: cipher,
  /** The confirmation, encrypted like newPassword. */
  confirempsd: cipher,
});

export const RegisterBodySchema = z.strictObject({
  username: UsernameSchema,
  email: z.email().max(LIMITS.nameMax * 2),
  /** Encrypted like the change-password fields. */
  password: cipher,
  confirmPassword: cipher,
  isEnglish,
  sysCode: z.string().max(16).default(SYS_CODE),
});

export const registryEndpoints = {
  publicKey: defineEndpoint({
    method: 'GET',
    path: '/oauth/v1/oauth/registry/publicKey',
    summary: 'The public key passwords are encrypted with (RSA-OAEP, SHA-256)',
    tag: 'oauth',
    public: true,
    result: PublicKeySchema,
  }),
  emailCaptcha: defineEndpoint({
    method: 'GET',
    path: '/oauth/v1/oauth/registry/getEmailCaptcha',
    summary: 'Mail a 6-digit code (valid 10 minutes) to the account’s address; once a minute at most',
    tag: 'oauth',
    public: true,
    query: EmailCaptchaQuerySchema,
    result: z.null(),
  }),
  updatePassword: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/registry/updateNewPassword',
    summary: 'Set a new password with the mailed code; every other session of the account ends',
    tag: 'oauth',
    public: true,
    body: UpdatePasswordBodySchema,
    result: z.null(),
    oplog: { objectType: 'user', action: 'password.change' },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/registry/changePassword',
    consoleOnly: true,
    summary:
      'Set a new password with the current one (throttled like sign-in); every other session of the account ends',
    tag: 'oauth',
    permission: SIGNED_IN,
    body: ChangePasswordBodySchema,
    result: z.null(),
    oplog: { objectType: 'user', action: 'password.change' },
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/registry/register',
    summary: 'Register an account; an activation link valid 24 hours is mailed',
    tag: 'oauth',
    public: true,
    body: RegisterBodySchema,
    result: z.null(),
    oplog: { objectType: 'user', action: 'account.register' },
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/registry/activate',
    summary: 'Activate a registered account with the token from its mail',
    tag: 'oauth',
    public: true,
    body: z.strictObject({ token: z.string().min(10).max(128) }),
    result: z.object({ username: z.string() }),
    oplog: { objectType: 'user', action: 'account.activate' },
  }),
};
