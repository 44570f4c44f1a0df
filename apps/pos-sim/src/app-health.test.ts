import { describe, expect, it } from 'vitest';
import { healthEvents, parseApps, parseCrashRates } from './app-health';

describe('simulated app health', () => {
  it('reads rates per version and refuses malformed ones', () => {
    const rates = parseCrashRates('com.cpm.demo@3=1, com.example.cashier@320=0.25', 'crash');
    parseCrashRates('com.cpm.demo@3=0.5', 'anr', rates);
    expect(rates.get('com.cpm.demo@3')).toEqual({ crash: 1, anr: 0.5 });
    expect(rates.get('com.example.cashier@320')).toEqual({ crash: 0.25, anr: 0 });
    expect(() => parseCrashRates('com.cpm.demo=1', 'crash')).toThrow(/package@versionCode/);
    expect(() => parseCrashRates('com.cpm.demo@3=2', 'crash')).toThrow(/between 0 and 1/);
  });

  it('reads installed apps', () => {
    expect(parseApps('com.cpm.demo:3:1.2.0,com.x.y:7')).toEqual([
      { packageName: 'com.cpm.demo', versionCode: 3, versionName: '1.2.0' },
      { packageName: 'com.x.y', versionCode: 7, versionName: '7' },
    ]);
    expect(() => parseApps('com.cpm.demo')).toThrow(/package:versionCode/);
  });

  it('crashes only the versions named, at their rate', () => {
    const rates = parseCrashRates('com.cpm.demo@3=0.5', 'crash');
    const apps = [
      { packageName: 'com.cpm.demo', versionCode: 3, versionName: '1.2.0' },
      { packageName: 'com.cpm.demo', versionCode: 1, versionName: '1.0.0' },
    ];
    // A roll below the rate crashes, one above does not; version 1 never does.
    expect(healthEvents(apps, rates, () => 0.4)).toEqual([
      expect.objectContaining({ type: 'appCrash', app: expect.objectContaining({ versionCode: 3 }) }),
    ]);
    expect(healthEvents(apps, rates, () => 0.6)).toEqual([]);
  });
});
