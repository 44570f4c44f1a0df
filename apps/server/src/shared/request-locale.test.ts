import { describe, expect, it } from 'vitest';
import { languageOf, localeOf, timezoneOf } from './request-locale';

describe('request locale', () => {
  it('reads the console language from Accept-Language, English otherwise', () => {
    expect(languageOf({ 'accept-language': 'zh-CN' })).toBe('zh');
    expect(languageOf({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe('zh');
    expect(languageOf({ 'accept-language': 'cn' })).toBe('zh');
    expect(languageOf({ 'accept-language': 'en' })).toBe('en');
    expect(languageOf({ 'accept-language': 'en-US,zh;q=0.5' })).toBe('en');
    expect(languageOf({ 'accept-language': 'fr-FR' })).toBe('en');
    expect(languageOf({})).toBe('en');
  });

  it('takes a known IANA zone from the Timezone header, UTC otherwise', () => {
    expect(timezoneOf({ timezone: 'Asia/Shanghai' })).toBe('Asia/Shanghai');
    expect(timezoneOf({ timezone: 'Mars/Olympus' })).toBe('UTC');
    expect(timezoneOf({ timezone: 'x'.repeat(65) })).toBe('UTC');
    expect(timezoneOf({ timezone: ['Asia/Shanghai', 'UTC'] })).toBe('UTC');
    expect(timezoneOf({})).toBe('UTC');
    expect(localeOf({ timezone: 'Europe/Paris', 'accept-language': 'zh' })).toEqual({
      lang: 'zh',
      timeZone: 'Europe/Paris',
    });
  });
});
