import type { Page } from '@playwright/test';
import { type Language, login, storageItem, switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import { saveScreenshot, type Theme } from '../support/screenshot';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const LANGUAGES: Language[] = ['cn', 'en'];
const THEMES: Theme[] = ['light', 'dark'];

/** Sets colour mode through the personalisation drawer and closes it again. */
const setTheme = async (page: Page, theme: Theme) => {
  await page.getByTestId('settings-button').click();
  await page.getByTestId(`theme-mode-${theme}`).click();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
  // The gear keeps the focus ring after the drawer closed; the picture is about the frame.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
};

/** Waits until fonts and lazy chunks settled so the picture shows the finished screen. */
const settle = async (page: Page) => {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
};

test.describe('screenshots', () => {
  for (const size of WIDTHS) {
    test(`frame at ${size.width} px in both languages and themes`, async ({ page }) => {
      await page.setViewportSize(size);
      await login(page);
      // A few tabs make the strip worth looking at; the device list shows a regular page.
      for (const path of ['/user/role', '/device/modelManage', '/device/index']) {
        await page.goto(path);
        await expect(page.getByTestId(`worktab-${path}`)).toBeVisible();
      }
      for (const language of LANGUAGES) {
        if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
        await expect(page.getByTestId('page-content')).toBeVisible();
        for (const theme of THEMES) {
          await setTheme(page, theme);
          await settle(page);
          await saveScreenshot(page, 'frame', language, theme);
          await page.getByTestId('worktab-/dashboard/index').click();
          await expect(page.getByTestId('dashboard-page')).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'dashboard', language, theme);
          await page.getByTestId('worktab-/device/index').click();
          await expect(
            page.getByTestId('page-content').locator('[data-testid$="-page"]').first(),
          ).toBeVisible();
        }
      }
      if (size.width < 800) {
        // The mobile menu is an overlay with a mask.
        await page.getByTestId('menu-toggle').click();
        await expect(page.getByTestId('side-menu')).toBeVisible();
        await expect(page.locator('.ant-drawer-mask')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'mobile-menu', 'en', 'dark');
      }
    });
  }

  for (const size of WIDTHS) {
    test(`login page at ${size.width} px in both languages`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto('/login');
      for (const language of LANGUAGES) {
        if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
        await expect(page.getByTestId('login-captcha-image').locator('img')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'login', language, 'light');
      }
      await page.getByTestId('theme-toggle').click();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await settle(page);
      await saveScreenshot(page, 'login', 'en', 'dark');
    });
  }
});
