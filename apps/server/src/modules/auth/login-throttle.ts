/**
 * Failed-login policy. Three counters: per account and address (strict), per address (for
 * sprays over many accounts) and per account (lenient, so nobody can lock an account for long).
 */
export const THROTTLE_RULES = {
  accountAddress: { prefix: 'ua:', limit: 5 },
  address: { prefix: 'ip:', limit: 30 },
  account: { prefix: 'u:', limit: 50 },
} as const;

/** Counting window for failures. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** The longest any counter refuses logins. */
export const THROTTLE_MAX_BLOCK_MS = 15 * 60_000;
/** The account-wide counter never blocks longer than this. */
export const ACCOUNT_MAX_BLOCK_MS = 5 * 60_000;

/** Counter keys of one login attempt. */
export const throttleKeys = (username: string, ip: string) => {
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
  rule: keyof typeof THROTTLE_RULES,
  now: Date,
): ThrottleState => {
  const fresh = !state || now.getTime() - state.windowStart.getTime() > THROTTLE_WINDOW_MS;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStart = fresh ? now : state.windowStart;
  const over = failures - THROTTLE_RULES[rule].limit;
  if (over < 0) return { failures, windowStart, blockedUntil: null };
  const cap = rule === 'account' ? ACCOUNT_MAX_BLOCK_MS : THROTTLE_MAX_BLOCK_MS;
  const blockMs = Math.min(cap, 30_000 * 2 ** Math.min(over, 10));
  return { failures, windowStart, blockedUntil: new Date(now.getTime() + blockMs) };
};

/** Extra wait before answering a failed attempt, growing with recent failures (slows guessing). */
export const failureDelayMs = (failures: number) =>
  failures <= 2 ? 0 : Math.min(2000, 250 * (failures - 2));
