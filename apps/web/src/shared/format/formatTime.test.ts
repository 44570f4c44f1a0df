import { describe, expect, it } from 'vitest';
import { formatTime } from './formatTime';

describe('formatTime', () => {
  it('shows a moment to the minute, or to the second when asked', () => {
    expect(formatTime('2026-03-04T05:06:07')).toBe('2026-03-04 05:06');
    expect(formatTime('2026-03-04T05:06:07', true)).toBe('2026-03-04 05:06:07');
  });

  it('shows a dash where there is no moment', () => {
    expect(formatTime(null)).toBe('-');
    expect(formatTime(undefined)).toBe('-');
  });
});
