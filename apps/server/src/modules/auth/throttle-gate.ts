import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { AuthRepository, ThrottleRow } from './auth.repository';
import { nextFailure, type ThrottleKeys, type ThrottleRule, type ThrottleState } from './login-throttle';

/** The counts one attempt reserved, to take back when it did not fail. */
export type Reserved = { key: string; before: ThrottleRow | undefined; after: ThrottleState }[];

/**
 * The counting side of the login throttle, shared by passwords and second-factor codes: an attempt is
 * counted as a failure before it is checked, and the count is taken back when it did not fail.
 */
export const createThrottleGate = (deps: { repo: Pick<AuthRepository, 'updateThrottle'>; clock: Clock }) => {
  const { repo, clock } = deps;
  return {
    /**
     * Counts the attempt as a failure before it is checked, in one locked step with the check of the
     * blocks: parallel attempts cannot all pass the check before any is counted. Refused with
     * `loginThrottled` while any counter is blocked (nothing counted then).
     */
    reserve: (keys: ThrottleKeys) => {
      const now = clock.now();
      return repo.updateThrottle(Object.values(keys) as string[], { create: true, now }, (rows) => {
        const blocked = [...rows.values()]
          .map((row) => row.blockedUntil?.getTime() ?? 0)
          .filter((until) => until > now.getTime());
        if (blocked.length)
          throw new AppError('loginThrottled', {
            retryAfterSeconds: Math.ceil((Math.max(...blocked) - now.getTime()) / 1000),
          });
        const reserved: Reserved = (Object.entries(keys) as [ThrottleRule, string][]).map(([rule, key]) => {
          const before = rows.get(key);
          return { key, before, after: nextFailure(before, rule, now) };
        });
        return { writes: reserved.map(({ key, after }) => ({ key, ...after })), result: reserved };
      });
    },

    /**
     * Takes back a reserved count when the attempt did not fail on what it was checked for (a wrong
     * captcha, a disabled account, a success): one count less, and a block this attempt set is lifted.
     */
    refund: (reserved: Reserved) =>
      repo.updateThrottle(
        reserved.map((r) => r.key),
        { create: false, now: clock.now() },
        (rows) => ({
          writes: reserved.flatMap(({ key, before, after }) => {
            const row = rows.get(key);
            if (!row) return [];
            const setByThis = row.blockedUntil?.getTime() === after.blockedUntil?.getTime();
            return [
              {
                key,
                failures: Math.max(0, row.failures - 1),
                windowStart: row.windowStart,
                blockedUntil: setByThis ? (before?.blockedUntil ?? null) : row.blockedUntil,
              },
            ];
          }),
          result: undefined,
        }),
      ),
  };
};

export type ThrottleGate = ReturnType<typeof createThrottleGate>;
