const HOUR = 60 * 60 * 1000;

/** Limits of the public account calls, per address and per mailbox or account. */
export const PUBLIC_LIMITS = {
  codePerEmailWait: { limit: 1, windowMs: 60 * 1000 },
  codePerEmail: { limit: 10, windowMs: HOUR },
  codePerIp: { limit: 30, windowMs: HOUR },
  passwordPerIp: { limit: 30, windowMs: HOUR },
  passwordPerEmail: { limit: 20, windowMs: HOUR },
  registerPerIp: { limit: 10, windowMs: HOUR },
  registerPerEmail: { limit: 5, windowMs: HOUR },
  activatePerIp: { limit: 30, windowMs: HOUR },
} as const;
