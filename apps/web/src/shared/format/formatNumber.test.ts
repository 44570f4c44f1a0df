import { describe, expect, it } from 'vitest';
import { formatNumber } from './formatNumber';

describe('formatNumber', () => {
  it('uses two decimals and thousands commas', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(5)).toBe('5.00');
    expect(formatNumber(-1234.5)).toBe('-1,234.50');
    expect(formatNumber('9876.5')).toBe('9,876.50');
  });

  it('defaults to 0.00', () => {
    expect(formatNumber(null)).toBe('0.00');
    expect(formatNumber(undefined)).toBe('0.00');
    expect(formatNumber('')).toBe('0.00');
    expect(formatNumber('abc')).toBe('0.00');
    expect(formatNumber(Number.NaN)).toBe('0.00');
  });
});
