import type { Page } from '@playwright/test';
import { axeFindings } from '../support/axe';
import { HOME_PATH, openFromMenu, SIGNED_OUT, storedMenu } from '../support/console';
import { expect, test } from '../support/fixtures';
import { menuPages } from '../support/menu';

const THEMES = ['light', 'dark'] as const;

const useTheme = (page: Page, theme: (typeof THEMES)[number]) =>
  page.addInitScript((mode) => {
    localStorage.setItem('settings', JSON.stringify({ state: { themeMode: mode }, version: 0 }));
  }, theme);

/** Findings per place, only the places that have some. */
const report = (findings: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(findings).filter(([, list]) => list.length));

// WCAG 2.1 A and AA (axe-core): no critical or serious finding on any page of the menu, on the
// sign-in page or in the main dialogs, in either theme.
test.describe('accessibility', () => {
  for (const theme of THEMES) {
    test(`every page of the menu and the main dialogs in the ${theme} theme`, async ({ page }) => {
      test.setTimeout(300_000);
      await useTheme(page, theme);
      await page.goto(HOME_PATH);
      const findings: Record<string, string[]> = {};
      for (const target of menuPages(await storedMenu(page)).filter((p) => !p.hidden)) {
        await openFromMenu(page, target);
        await expect(
          page.getByTestId('page-content').locator('[data-testid$="-page"]').first(),
        ).toBeVisible();
        // What the pointer rests on is a hover state, not the page.
        await page.mouse.move(720, 2);
        findings[target.path] = await axeFindings(page);
        if (target.path === '/device/modelManage') {
          await page.getByTestId('model-add').click();
          await expect(page.getByRole('dialog')).toBeVisible();
          findings['model dialog'] = await axeFindings(page);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toBeHidden();
        }
      }
      expect(report(findings)).toEqual({});
    });
  }

  test.describe('signed out', () => {
    test.use({ storageState: SIGNED_OUT });
    for (const theme of THEMES)
      test(`the sign-in page in the ${theme} theme`, async ({ page }) => {
        await useTheme(page, theme);
        await page.goto('/login');
        await expect(page.getByTestId('login-submit')).toBeVisible();
        expect(await axeFindings(page)).toEqual([]);
      });
  });
});
