import { describe, expect, it } from 'vitest';
import { isDarkColor } from './isDarkColor';

describe('isDarkColor', () => {
  it('tells the light and dark antd container colours apart', () => {
    expect(isDarkColor('#ffffff')).toBe(false);
    expect(isDarkColor('#141414')).toBe(true);
    expect(isDarkColor('#fff')).toBe(false);
    expect(isDarkColor('#000')).toBe(true);
    expect(isDarkColor('rgba(20, 20, 20, 0.9)')).toBe(true);
    expect(isDarkColor('rgb(245,245,245)')).toBe(false);
  });

  it('takes anything it cannot read as light', () => {
    expect(isDarkColor('transparent')).toBe(false);
  });
});
