import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MAX_BLOCK_MS,
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

describe('failureDelayMs', () => {
  it('slows from the third failure, capped at two seconds', () => {
    expect(failureDelayMs(1)).toBe(0);
    expect(failureDelayMs(2)).toBe(0);
    expect(failureDelayMs(3)).toBe(250);
    expect(failureDelayMs(100)).toBe(2000);
  });
});
