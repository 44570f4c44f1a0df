import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { StepUpSchema } from './auth.contract';
import { OtpSchema, RecoveryCodeSchema } from './factors.contract';
import { WebAuthnCredentialSchema, WebAuthnOptionsSchema } from './passkeys.contract';

/** What a refused risky act answers in `result` when the caller must confirm a second factor first. */
export const StepUpRequiredSchema = z.object({
  stepUp: z.object({ methods: StepUpSchema.shape.methods }),
});
export type StepUpRequired = z.infer<typeof StepUpRequiredSchema>;

/** A step-up with a code: exactly one of `otp` and `recoveryCode`. */
export const StepUpCodeBodySchema = z
  .strictObject({ otp: OtpSchema.optional(), recoveryCode: RecoveryCodeSchema.optional() })
  .refine((b) => (b.otp === undefined) !== (b.recoveryCode === undefined), {
    message: 'Give either a code or a recovery code',
    path: ['otp'],
  });
export type StepUpCodeBody = z.infer<typeof StepUpCodeBodySchema>;

/** Confirming a second factor before a risky act (step-up); the session then stands for a few minutes. */
export const stepUpEndpoints = {
  code: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/stepUp/code',
    summary: 'Confirms the step-up with an authenticator code or a recovery code (each accepted once)',
    tag: 'oauth',
    permission: SIGNED_IN,
    consoleOnly: true,
    body: StepUpCodeBodySchema,
    result: StepUpSchema,
    oplog: { objectType: 'session', action: 'security.stepUp' },
  }),
  passkeyOptions: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/stepUp/passkey/options',
    summary: "Options for navigator.credentials.get to confirm the step-up with one of the caller's passkeys",
    tag: 'oauth',
    permission: SIGNED_IN,
    consoleOnly: true,
    result: WebAuthnOptionsSchema,
  }),
  passkey: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/stepUp/passkey',
    summary: "Confirms the step-up with one of the caller's passkeys",
    tag: 'oauth',
    permission: SIGNED_IN,
    consoleOnly: true,
    body: z.strictObject({ challengeId: z.uuid(), credential: WebAuthnCredentialSchema }),
    result: StepUpSchema,
    oplog: { objectType: 'session', action: 'security.stepUp' },
  }),
};
