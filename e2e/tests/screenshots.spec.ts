import { type Language, SIGNED_OUT, storageItem, switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import {
  PICTURES,
  pictured,
  SCREEN_SIZES,
  saveScreenshot,
  setTheme,
  settle,
  THEMES,
} from '../support/screenshot';

const LANGUAGES: Language[] = ['cn', 'en'];

test.describe('screenshots', { tag: PICTURES }, () => {
  for (const size of SCREEN_SIZES) {
    test(`frame at ${size.width} px in both languages and themes`, async ({ page }) => {
      await page.setViewportSize(size);
      // A few tabs make the strip worth looking at; the device list shows a regular page.
      for (const path of ['/user/role', '/device/modelManage', '/device/index']) {
        await page.goto(path);
        await expect(page.getByTestId(`worktab-${path}`)).toBeVisible();
      }
      for (const language of LANGUAGES) {
        if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
        await expect(page.getByTestId('page-content')).toBeVisible();
        for (const theme of THEMES) {
          if (!pictured(size.width, language, theme)) continue;
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

  test.describe(() => {
    test.use({ storageState: SIGNED_OUT });
    for (const size of SCREEN_SIZES) {
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
});
