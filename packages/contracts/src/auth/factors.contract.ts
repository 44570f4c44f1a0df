import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { LoginResultSchema } from './auth.contract';

/** Kinds of second factor an account can hold; passkeys will join this list. */
export const FACTOR_KINDS = ['totp'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

/** A code from an authenticator app: six digits. */
export const OtpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** A recovery code as handed out (`xxxxx-xxxxx`); spaces and case do not matter. */
export const RecoveryCodeSchema = z.string().trim().min(8).max(32);

/** The signed "password passed, second factor pending" token of a sign-in in two steps. */
const PendingTokenSchema = z.string().min(1).max(512);

/** What the console shows to enrol an authenticator: scan the URI as a QR code or type the secret. */
export const TotpEnrolmentSchema = z.object({
  /** Base32 secret, shown once while enrolling; never answered again after confirmation. */
  secret: z.string(),
  /** `otpauth://totp/...` URI for the QR code. */
  otpauthUri: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/** The recovery codes of a confirmed enrolment, shown once; only their hashes are kept. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Why an account must use a second factor, when it must. */
export const FactorRequirementSchema = z.object({
  /** Whether sign-in needs a second factor by an enterprise or role rule. */
  required: z.boolean(),
  /** Set when the account's enterprise requires it: that enterprise's account name. */
  enterprise: z.string().nullable(),
  /** Names of the account's roles that require it. */
  roles: z.array(z.string()),
});

/** One of an account's passkeys as its owner or an administrator sees it (no key material). */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Whether it is synced between the owner's devices (a passkey manager) or bound to one device. */
  synced: z.boolean(),
  createdAt: z.string(),
  /** ISO time of the last sign-in or confirmation with it, null when never used. */
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** An account's second factors as its owner or an administrator sees them (no secret ever). */
export const FactorStatusSchema = z.object({
  factors: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(FACTOR_KINDS),
      /** ISO time of the confirmed enrolment. */
      createdAt: z.string(),
      /** ISO time of the last sign-in with it, null when never used. */
      lastUsedAt: z.string().nullable(),
    }),
  ),
  /** The account's passkeys, oldest first. */
  passkeys: z.array(PasskeySchema),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
  requirement: FactorRequirementSchema,
});
export type FactorStatus = z.infer<typeof FactorStatusSchema>;

/**
 * A rule of sign-in: `enterprise` (every account of that enterprise) and `role` (every holder of
 * that role) must sign in with a second factor; `passwordless`: the enterprise's accounts may sign in
 * with a passkey alone.
 */
export const FACTOR_RULE_KINDS = ['enterprise', 'role', 'passwordless'] as const;

/** A rule of sign-in for an enterprise or a role. */
export const FactorRuleSchema = z.object({
  kind: z.enum(FACTOR_RULE_KINDS),
  /** The enterprise's top account or the role. */
  targetId: z.string(),
  /** Its account or role name. */
  targetName: z.string(),
});
export type FactorRule = z.infer<typeof FactorRuleSchema>;

export const FactorRuleSaveSchema = z.strictObject({
  kind: z.enum(FACTOR_RULE_KINDS),
  /** The enterprise's top account or the role. */
  targetId: z.uuid(),
  /** On: the rule applies (a second factor is required, or a passkey alone allowed); off: it is removed. */
  required: z.boolean(),
});
export type FactorRuleSave = z.infer<typeof FactorRuleSaveSchema>;

/** Second-factor sign-in with a code: exactly one of `otp` and `recoveryCode`. */
export const SecondFactorBodySchema = z
  .strictObject({
    pendingToken: PendingTokenSchema,
    otp: OtpSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .refine((b) => (b.otp === undefined) !== (b.recoveryCode === undefined), {
    message: 'Give either a code or a recovery code',
    path: ['otp'],
  });

export const factorsEndpoints = {
  loginVerify: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/secondFactor',
    summary: 'Second sign-in step: an authenticator or recovery code; opens the session',
    tag: 'oauth',
    public: true,
    body: SecondFactorBodySchema,
    result: LoginResultSchema,
  }),
  loginEnrolStart: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/enrolStart',
    summary: 'During a sign-in that needs a second factor not yet enrolled: a new authenticator secret',
    tag: 'oauth',
    public: true,
    body: z.strictObject({ pendingToken: PendingTokenSchema }),
    result: TotpEnrolmentSchema,
  }),
  loginEnrolConfirm: defineEndpoint({
    method: 'POST',
    path: '/oauth/v1/oauth/login/enrolConfirm',
    summary: 'Confirms the authenticator enrolled during sign-in with a code; opens the session',
    tag: 'oauth',
    public: true,
    body: z.strictObject({
      pendingToken: PendingTokenSchema,
      otp: OtpSchema,
    }),
    result: LoginResultSchema.extend(RecoveryCodesSchema.shape),
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/factors/mine',
    summary: "The caller's second factors, recovery codes left and whether a rule requires one",
    tag: 'upms',
    permission: SIGNED_IN,
    result: FactorStatusSchema,
  }),
  enrolStart: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/factors/totp/start',
    summary: 'Starts enrolling an authenticator for the caller: a new secret, unconfirmed',
    tag: 'upms',
    permission: SIGNED_IN,
    result: TotpEnrolmentSchema,
  }),
  enrolConfirm: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/factors/totp/confirm',
    summary: 'Confirms the authenticator with a code; answers ten recovery codes, once',
    tag: 'upms',
    permission: SIGNED_IN,
    body: z.strictObject({ otp: OtpSchema }),
    result: RecoveryCodesSchema,
    oplog: { objectType: 'user', action: 'factor.enrol' },
  }),
  removeMine: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/factors/totp/remove',
    stepUp: true,
    consoleOnly: true,
    summary:
      "Removes the caller's own authenticator (after a step-up); refused when a rule requires a factor and none would be left",
    tag: 'upms',
    permission: SIGNED_IN,
    result: z.null(),
    oplog: { objectType: 'user', action: 'factor.remove' },
  }),
  regenerateRecovery: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/factors/recovery/regenerate',
    stepUp: true,
    consoleOnly: true,
    summary: "Replaces the caller's recovery codes by ten new ones, answered once; the old ones stop working",
    tag: 'upms',
    permission: SIGNED_IN,
    result: RecoveryCodesSchema,
    oplog: { objectType: 'user', action: 'factor.recoveryRegenerate' },
  }),
  ofUser: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/factors/ofUser',
    summary: "An account's second factors and requirement, for its administrator",
    tag: 'upms',
    permission: 'user:user:view',
    query: z.object({ id: z.uuid() }),
    result: FactorStatusSchema,
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/factors/reset',
    stepUp: true,
    summary: "Removes an account's second factors and recovery codes (it enrols again)",
    tag: 'upms',
    permission: 'user:user:resetPassword',
    body: z.strictObject({ id: z.uuid() }),
    result: z.object({ removed: z.number().int() }),
    oplog: { objectType: 'user', action: 'factor.reset' },
  }),
  rules: defineEndpoint({
    method: 'GET',
    path: '/upms/v1/upms/factors/rules',
    summary: 'The enterprise and role rules requiring a second factor, in the caller’s data scope',
    tag: 'upms',
    permission: SIGNED_IN,
    result: z.array(FactorRuleSchema),
  }),
  saveRule: defineEndpoint({
    method: 'POST',
    path: '/upms/v1/upms/factors/rules/save',
    summary:
      'Requires a second factor for an enterprise (user edit) or a role (role edit), allows passkey-only sign-in for an enterprise, or stops',
    tag: 'upms',
    permission: SIGNED_IN,
    body: FactorRuleSaveSchema,
    result: z.null(),
    oplog: {
      objectType: 'factorRule',
      action: {
        of: ({ body }) =>
          body.kind === 'passwordless'
            ? body.required
              ? 'passkey.passwordlessOn'
              : 'passkey.passwordlessOff'
            : body.required
              ? 'factor.require'
              : 'factor.unrequire',
      },
    },
  }),
};
