import type { Page } from '@playwright/test';
import { HOME_PATH, SIGNED_OUT } from '../support/console';
import { expect, test } from '../support/fixtures';

const html = (page: Page) => page.locator('html');

/** Relative luminance (0..1) of an element's computed background colour. */
const backgroundLuminance = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    let node: Element | null = el;
    while (node) {
      const bg = getComputedStyle(node).backgroundColor;
      const m = bg.match(/rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/);
      if (m && (m[4] === undefined || Number(m[4]) > 0)) {
        return (0.2126 * Number(m[1]) + 0.7152 * Number(m[2]) + 0.0722 * Number(m[3])) / 255;
      }
      node = node.parentElement;
    }
    return 1;
  });

const openSettings = async (page: Page) => {
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
};

test.describe('theme', () => {
  test('dark mode puts class dark on the page root, darkens the frame and persists', async ({ page }) => {
    await page.goto(HOME_PATH);
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await backgroundLuminance(page, 'header-bar')).toBeGreaterThan(0.8);

    await openSettings(page);
    await page.getByTestId('theme-mode-dark').click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    for (const id of ['header-bar', 'side-menu', 'page-content', 'worktabs']) {
      expect(await backgroundLuminance(page, id), `${id} background`).toBeLessThan(0.25);
    }

    await page.reload();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId('dashboard-page')).toBeVisible();

    await openSettings(page);
    await page.getByTestId('theme-mode-light').click();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });

  test.describe(() => {
    test.use({ storageState: SIGNED_OUT });
    test('the login page has its own theme switch', async ({ page }) => {
      await page.goto('/login');
      await expect(html(page)).not.toHaveClass(/\bdark\b/);
      await page.getByTestId('theme-toggle').click();
      await expect(html(page)).toHaveClass(/\bdark\b/);
      await page.reload();
      await expect(html(page)).toHaveClass(/\bdark\b/);
    });
  });
});
