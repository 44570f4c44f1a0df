// @vitest-environment jsdom
// The theme class is set on the page's root element.
import { describe, expect, it } from 'vitest';
import { applyThemeClass, resolveTheme } from './theme';

const at = (hour: number, minute = 0) => new Date(2026, 0, 15, hour, minute);

describe('resolveTheme', () => {
  it('keeps explicit modes', () => {
    expect(resolveTheme('light', at(23))).toBe('light');
    expect(resolveTheme('dark', at(12))).toBe('dark');
  });

  it('auto is light from 6:00 up to but not including 18:00', () => {
    expect(resolveTheme('auto', at(5, 59))).toBe('dark');
    expect(resolveTheme('auto', at(6))).toBe('light');
    expect(resolveTheme('auto', at(12))).toBe('light');
    expect(resolveTheme('auto', at(17, 59))).toBe('light');
    expect(resolveTheme('auto', at(18))).toBe('dark');
    expect(resolveTheme('auto', at(0))).toBe('dark');
  });
});

describe('applyThemeClass', () => {
  it('adds and removes the dark class on the root', () => {
    const root = document.createElement('html');
    applyThemeClass('dark', root);
    expect(root.classList.contains('dark')).toBe(true);
    applyThemeClass('light', root);
    expect(root.classList.contains('dark')).toBe(false);
  });
});
