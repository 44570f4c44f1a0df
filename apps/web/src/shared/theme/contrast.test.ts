import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './contrast';

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
  });

  it('darkens a colour on a light background and lightens it on a dark one until it is readable', () => {
    const onWhite = readableOn('#13c2c2', '#ffffff');
    expect(contrastRatio(onWhite, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onWhite, '#ffffff')).toBeLessThan(5.2);
    const onDark = readableOn('#1677ff', '#141414');
    expect(contrastRatio(onDark, '#141414')).toBeGreaterThanOrEqual(4.5);
    expect(readableOn('#0958d9', '#ffffff')).toBe('#0958d9');
  });
});
