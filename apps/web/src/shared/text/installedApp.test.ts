import { describe, expect, it } from 'vitest';
import { installedAppLabel } from './installedApp';

describe('installedAppLabel', () => {
  const market = { 'com.example.cashier': '收银台 Cashier' };

  it('names an app by the market’s name for its package, over what the terminal reported', () => {
    expect(installedAppLabel({ packageName: 'com.example.cashier', name: 'cashier' }, market)).toEqual({
      packageName: 'com.example.cashier',
      name: '收银台 Cashier',
      fromMarket: true,
    });
  });

  it('falls back to the terminal’s own name, then to the package alone', () => {
    expect(installedAppLabel({ packageName: 'com.other', name: ' Other ' }, market)).toEqual({
      packageName: 'com.other',
      name: 'Other',
      fromMarket: false,
    });
    expect(installedAppLabel({ packageName: 'com.bare' }, market)).toEqual({
      packageName: 'com.bare',
      name: null,
      fromMarket: false,
    });
  });
});
