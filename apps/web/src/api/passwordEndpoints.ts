import { defineEndpoint, SYS_CODE } from '@cpm/contracts';
import { z } from 'zod';

/**
 * The change-password calls. They live here until the server implements them; then they move to
 * the contracts package beside the other auth endpoints.
 */
export const passwordEndpoints = {
  emailCaptcha: defineEndpoint({
    method: 'GET',
    path: '/oauth/v1/oauth/registry/getEmailCaptcha',
    summary: 'Send an email verification code',
    tag: 'oauth',
    public: true,
    query: z.object({
      email: z.string(),
      isEnglish: z.union([z.literal(0), z.literal(1)]),
      name: z.string(),
      sysCode: z.string().default(SYS_CODE),
    }),
    result: z.unknown(),
  }),
  updatePassword: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/registry/updateNewPassword',
    summary: 'Set a new password with an email code',
    tag: 'oauth',
    public: true,
    body: z.object({
      name: z.string(),
      email: z.string(),
      emailCaptcha: z.string(),
      newPassword: z.string(),
      confirempsd: z.string(),
      sysCode: z.string(),
      isEnglish: z.union([z.literal(0), z.literal(1)]),
    }),
    result: z.unknown(),
  }),
};
