/**
 * Failed-login policy. An attempt without a device token meets three counters: per account and
 * address (strict), per address (for sprays over many accounts) and per account (lenient, so nobody
 * can lock an account for long). An attempt with a valid device token for its account meets only
 * that token's own counter, so failures from elsewhere never lock the owner's browser out.
 */
export const THROTTLE_RULES = {
  accountAddress: { prefix: 'ua:', limit: 5 },
  address: { prefix: 'ip:', limit: 30 },
  account: { prefix: 'u:', limit: 50 },
  device: { prefix: 'dt:', limit: 5 },
  session: { prefix: 's:', limit: 5 },
  /** Second-factor codes, per account: whoever tries them already knows the password. */
  factor: { prefix: 'f:', limit: 5 },
} as const;

export type ThrottleRule = keyof typeof THROTTLE_RULES;

/** The counters one attempt is checked and counted against, by rule. */
export type ThrottleKeys = Partial<Record<ThrottleRule, string>>;

/** Counting window for failures. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/**
 * Counting window of second-factor codes: an hour, so that with the growing blocks at most
 * `FACTOR_ATTEMPTS_PER_HOUR` wrong codes fit in any hour (proven in the tests).
 */
export const FACTOR_WINDOW_MS = 60 * 60_000;
/** The most wrong second-factor codes one account can be tried with in an hour (docs/security.md). */
export const FACTOR_ATTEMPTS_PER_HOUR = 12;

const windowOf = (rule: ThrottleRule) => (rule === 'factor' ? FACTOR_WINDOW_MS : THROTTLE_WINDOW_MS);

/** The longest any counter refuses logins. */
export const THROTTLE_MAX_BLOCK_MS = 15 * 60_000;
/** The account-wide counter never blocks longer than this. */
export const ACCOUNT_MAX_BLOCK_MS = 5 * 60_000;

/** Counter keys of one login attempt. */
export const throttleKeys = (
  username: string,
  ip: string,
): Required<Pick<ThrottleKeys, 'accountAddress' | 'address' | 'account'>> => {
  const account = username.trim().toLowerCase();
  return {
    accountAddress: `${THROTTLE_RULES.accountAddress.prefix}${account}|${ip}`,
    address: `${THROTTLE_RULES.address.prefix}${ip}`,
    account: `${THROTTLE_RULES.account.prefix}${account}`,
  };
};

export type ThrottleState = { failures: number; windowStart: Date; blockedUntil: Date | null };

/** The counter after one more failure: starts a new window when the old one passed; blocks past the limit. */
export const nextFailure = (
  state: ThrottleState | undefined,
  rule: ThrottleRule,
  now: Date,
): ThrottleState => {
  const fresh = !state || now.getTime() - state.windowStart.getTime() > windowOf(rule);
  const failures = fresh ? 1 : state.failures + 1;
  const windowStart = fresh ? now : state.windowStart;
  const over = failures - THROTTLE_RULES[rule].limit;
  if (over < 0) return { failures, windowStart, blockedUntil: null };
  const cap = rule === 'account' ? ACCOUNT_MAX_BLOCK_MS : THROTTLE_MAX_BLOCK_MS;
  const blockMs = Math.min(cap, 30_000 * 2 ** Math.min(over, 10));
  return { failures, windowStart, blockedUntil: new Date(now.getTime() + blockMs) };
};

/** The one counter of an attempt that presents a valid device token (by the token's random id). */
export const deviceThrottleKeys = (tokenId: string): ThrottleKeys => ({
  device: `${THROTTLE_RULES.device.prefix}${tokenId}`,
});

/**
 * The counters of a password entered again in a session (before remote control): the session's own
 * and those of its account and address, but not the account-wide one, which failures from elsewhere
 * may hold blocked.
 */
export const sessionThrottleKeys = (sessionId: string, username: string, ip: string): ThrottleKeys => {
  const { accountAddress, address } = throttleKeys(username, ip);
  return { session: `${THROTTLE_RULES.session.prefix}${sessionId}`, accountAddress, address };
};

/** Extra wait before answering a failed attempt, growing with recent failures (slows guessing). */
export const failureDelayMs = (failures: number) =>
  failures <= 2 ? 0 : Math.min(2000, 250 * (failures - 2));

/** The one counter of second-factor codes of an account (by its id, which the pending token names). */
export const factorThrottleKeys = (userId: string): ThrottleKeys => ({
  factor: `${THROTTLE_RULES.factor.prefix}${userId}`,
});
