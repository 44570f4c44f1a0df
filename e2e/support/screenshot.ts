import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Language } from './console';
import { SCREENSHOT_DIR } from './env';
import { expect } from './fixtures';

export type Theme = 'light' | 'dark';

/** The widths every screen is looked at: desktop and phone. */
export const SCREEN_SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
export const THEMES: Theme[] = ['light', 'dark'];

/**
 * Pictures are taken on demand, for a visual review: `E2E_SCREENSHOTS=1` pictures two combinations
 * per screen that between them cover both widths, both languages and both themes (desktop in English
 * and light, phone in Chinese and dark); `E2E_SCREENSHOTS=all` pictures all eight. Without it the
 * suite checks behaviour only, and Playwright still pictures a failed test.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '';

/**
 * The tag of a test that only takes pictures; a run without `E2E_SCREENSHOTS` leaves such tests out
 * (see `grepInvert` in the config).
 */
export const PICTURES = '@pictures';

/** The widths a test's picture loop goes through: none in a run without `E2E_SCREENSHOTS`. */
export const SIZES_TO_PICTURE = SCREENSHOTS === '' ? [] : SCREEN_SIZES;

/** Whether a screen is pictured at this width, language and theme (see `SCREENSHOTS`). */
export const pictured = (width: number, language: Language, theme: Theme) =>
  SCREENSHOTS === 'all' ||
  (SCREENSHOTS !== '' &&
    (width >= 1000 ? language === 'en' && theme === 'light' : language === 'cn' && theme === 'dark'));

/** Sets colour mode through the personalisation drawer and closes it again. */
export const setTheme = async (page: Page, theme: Theme) => {
  await page.getByTestId('settings-button').click();
  await page.getByTestId(`theme-mode-${theme}`).click();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
  // The gear keeps the focus ring after the drawer closed; the picture is about the page.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
};

/** Waits until fonts and lazy chunks settled so the picture shows the finished screen. */
export const settle = async (page: Page) => {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
};

/**
 * Saves a full-page screenshot as `e2e/screenshots/<name>-<lang>-<theme>-<width>.png` and returns its
 * path; takes none in a run without `E2E_SCREENSHOTS`.
 */
export const saveScreenshot = async (page: Page, name: string, language: Language, theme: Theme) => {
  if (SCREENSHOTS === '') return null;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${language}-${theme}-${width}.png`);
  // Caret blinking and animations would make two runs of the same screen differ.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  return file;
};
