/** Limits that both sides check; the spec's section 9 constants live here once. */
export const LIMITS = {
  usernameMax: 32,
  nameMax: 64,
  passwordMin: 8,
  passwordMax: 64,
  textMax: 500,
  titleMax: 100,
  /** Characters of a message body (HTML), after the title. */
  messageContentMax: 100_000,
  bodyBytes: 1024 * 1024,
  captchaTtlMs: 2 * 60 * 1000,
  emailCodeResendMs: 60 * 1000,
  offlineHighlightHours: 72,
  terminalPasswordMin: 4,
  terminalPasswordMax: 16,
  taskIntervalMaxHours: 24,
  systemFileSelectMax: 10,
  bootAnimationImageBytes: 500 * 1024,
  appScreenshotBytes: 1024 * 1024,
  logoutAfterPasswordChangeMs: 2000,
} as const;

/** The default system code the console sends. */
export const SYS_CODE = 'cpm';

/** Username: letters, digits and underscores, starting with a letter. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Password policy: upper and lower case letters, a digit and a special character, 8 or more. */
export const isStrongPassword = (value: string): boolean =>
  value.length >= LIMITS.passwordMin &&
  /[a-z]/.test(value) &&
  /[A-Z]/.test(value) &&
  /[0-9]/.test(value) &&
  /[^A-Za-z0-9]/.test(value);
