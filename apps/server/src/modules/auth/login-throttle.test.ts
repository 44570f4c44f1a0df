import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MAX_BLOCK_MS,
  FACTOR_ATTEMPTS_PER_HOUR,
  failureDelayMs,
  nextFailure,
  THROTTLE_MAX_BLOCK_MS,
  THROTTLE_WINDOW_MS,
} from './login-throttle';

const now = new Date('2026-01-01T00:00:00Z');

describe('nextFailure', () => {
  it('counts within the window and blocks from the limit on, growing but capped', () => {
    let state = nextFailure(undefined, 'accountAddress', now);
    for (let i = 2; i <= 4; i++) state = nextFailure(state, 'accountAddress', now);
    expect(state).toMatchObject({ failures: 4, blockedUntil: null });
    state = nextFailure(state, 'accountAddress', now);
    expect(state.blockedUntil?.getTime()).toBe(now.getTime() + 30_000);
    state = nextFailure(state, 'accountAddress', now);
    expect(state.blockedUntil?.getTime()).toBe(now.getTime() + 60_000);
    for (let i = 0; i < 20; i++) state = nextFailure(state, 'accountAddress', now);
    expect(state.blockedUntil?.getTime()).toBe(now.getTime() + THROTTLE_MAX_BLOCK_MS);
  });

  it('never blocks an account as a whole for longer than five minutes', () => {
    let state = nextFailure(undefined, 'account', now);
    for (let i = 0; i < 200; i++) state = nextFailure(state, 'account', now);
    expect(state.blockedUntil?.getTime()).toBe(now.getTime() + ACCOUNT_MAX_BLOCK_MS);
  });

  it('starts over after the window', () => {
    let state = nextFailure(undefined, 'accountAddress', now);
    for (let i = 0; i < 9; i++) state = nextFailure(state, 'accountAddress', now);
    const later = new Date(now.getTime() + THROTTLE_WINDOW_MS + 1);
    expect(nextFailure(state, 'accountAddress', later)).toMatchObject({ failures: 1, blockedUntil: null });
  });
});

describe('second-factor codes', () => {
  /** Times of the wrong codes of someone who tries again the second the counter lets them, for `hours`. */
  const tries = (hours: number) => {
    const times: number[] = [];
    let state: ReturnType<typeof nextFailure> | undefined;
    for (let t = 0; t < hours * 3600_000; t += 1000) {
      const at = new Date(now.getTime() + t);
      while (!state?.blockedUntil || state.blockedUntil.getTime() <= at.getTime()) {
        state = nextFailure(state, 'factor', at);
        times.push(t);
      }
    }
    return times;
  };

  it('lets at most the stated number of wrong codes into any hour', () => {
    const times = tries(6);
    const most = Math.max(
      ...times.map((start) => times.filter((t) => t >= start && t < start + 3600_000).length),
    );
    expect(most).toBe(FACTOR_ATTEMPTS_PER_HOUR);
  });
});

describe('failureDelayMs', () => {
  it('slows from the third failure, capped at two seconds', () => {
    expect(failureDelayMs(1)).toBe(0);
    expect(failureDelayMs(2)).toBe(0);
    expect(failureDelayMs(3)).toBe(250);
    expect(failureDelayMs(100)).toBe(2000);
  });
});
