import type { RateLimitClass } from '@cpm/contracts';
import type { CallLimitsPerMinute } from '../../config';
import type { AuthContext } from '../../plugins/auth-context';
import type { Clock } from '../../shared/clock';

/** An enterprise's accounts together may make this many times one account's calls. */
export const ENTERPRISE_FACTOR = 3;
const WINDOW_MS = 60_000;
/** How long an account's enterprise is remembered (accounts rarely move). */
const ENTERPRISE_TTL_MS = 5 * 60_000;
const ENTERPRISE_CACHE_MAX = 10_000;

const REFUSAL = {
  files: 'filesRateLimited',
  jobs: 'jobsRateLimited',
  links: 'linksRateLimited',
  sso: 'ssoRateLimited',
} as const satisfies Record<RateLimitClass, string>;

/** The refusal of each class (429, with Retry-After). */
export type CallLimitRefusal = (typeof REFUSAL)[RateLimitClass];

/**
 * Limits the calls of rate-limited endpoints (uploads, exports and jobs, signed links) per account
 * and per enterprise (public single sign-on calls per address), in one-minute windows counted in the database so every instance shares them.
 */
export const createCallLimits = (deps: {
  limits: CallLimitsPerMinute;
  clock: Clock;
  /** Counts a call against a window; throws the refusal once the limit is passed. */
  hit(
    key: string,
    rule: { limit: number; windowMs: number },
    now: Date,
    refusal: CallLimitRefusal,
  ): Promise<void>;
  /** The enterprise an account belongs to: the top account of its tree below the platform. */
  enterpriseOf(userId: string): Promise<string>;
}) => {
  const known = new Map<string, { id: string; until: number }>();
  const enterpriseOf = async (userId: string, now: number) => {
    const hit = known.get(userId);
    if (hit && hit.until > now) return hit.id;
    const id = await deps.enterpriseOf(userId);
    if (known.size >= ENTERPRISE_CACHE_MAX) known.clear();
    known.set(userId, { id, until: now + ENTERPRISE_TTL_MS });
    return id;
  };

  /**
   * Counts one call of the class by the caller; throws 429 past the account's or the enterprise's
   * limit. A call without an account (a public endpoint) counts against its client address.
   */
  return async (cls: RateLimitClass, caller: Pick<AuthContext, 'userId'> | { ip: string }) => {
    const perMinute = deps.limits[cls];
    if (perMinute === 0) return;
    const now = deps.clock.now();
    const refusal = REFUSAL[cls];
    if (!('userId' in caller)) {
      await deps.hit(
        `call:${cls}:address:${caller.ip}`,
        { limit: perMinute, windowMs: WINDOW_MS },
        now,
        refusal,
      );
      return;
    }
    await deps.hit(
      `call:${cls}:account:${caller.userId}`,
      { limit: perMinute, windowMs: WINDOW_MS },
      now,
      refusal,
    );
    // The top account's own calls count for its enterprise too.
    const enterprise = await enterpriseOf(caller.userId, now.getTime());
    await deps.hit(
      `call:${cls}:enterprise:${enterprise}`,
      { limit: perMinute * ENTERPRISE_FACTOR, windowMs: WINDOW_MS },
      now,
      refusal,
    );
  };
};

export type CallLimits = ReturnType<typeof createCallLimits>;
