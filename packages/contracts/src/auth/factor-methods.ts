/**
 * The factors that confirm a sign-in or a risky act: an authenticator code, a passkey. In a module
 * without zod, so the console's HTTP client can read a step-up refusal without loading zod.
 */
export const FACTOR_METHODS = ['totp', 'passkey'] as const;
export type FactorMethodKind = (typeof FACTOR_METHODS)[number];
