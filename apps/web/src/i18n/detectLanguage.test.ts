import { describe, expect, it } from 'vitest';
import { detectLanguage, saveLanguage } from './detectLanguage';

describe('detectLanguage', () => {
  it('prefers the saved language', () => {
    expect(detectLanguage('cn', ['en-US'])).toBe('cn');
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
  });

  it('falls back to the browser language when nothing valid is saved', () => {
    expect(detectLanguage(null, ['zh-CN', 'en'])).toBe('cn');
    expect(detectLanguage('fr', ['zh-TW'])).toBe('cn');
    expect(detectLanguage(null, ['de-DE', 'en-GB'])).toBe('en');
  });

  it('falls back to English when neither storage nor browser helps', () => {
    expect(detectLanguage(null, ['de-DE', 'fr'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });

  it('reads what saveLanguage wrote', () => {
    saveLanguage('cn');
    expect(detectLanguage(undefined, ['en-US'])).toBe('cn');
  });
});
