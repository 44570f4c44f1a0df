import type { Page } from '@playwright/test';
import { checkAccessibility, withFindings } from '../support/accessibility';
import { axeFindings } from '../support/axe';
import { HOME_PATH, openFromMenu, SIGNED_OUT, storedMenu } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { menuPages } from '../support/menu';

const THEMES = ['light', 'dark'] as const;

const useTheme = (page: Page, theme: (typeof THEMES)[number]) =>
  page.addInitScript((mode) => {
    localStorage.setItem('settings', JSON.stringify({ state: { themeMode: mode }, version: 0 }));
  }, theme);

// WCAG 2.1 A and AA (axe-core): no critical or serious finding on any page of the menu, on the
// sign-in page or in the main dialogs, in either theme. The light theme's pages are checked on the
// walk of navigation.spec.ts, which opens them all anyway.
test.describe('accessibility', () => {
  test('every page of the menu and the main dialogs in the dark theme', async ({ page, api }) => {
    test.setTimeout(300_000);
    // Pages show what holds data too, whichever specs ran before: an unread message, a terminal.
    const { api: admin } = await api.login();
    const saved = await admin.post<{ id: string }>('/upms/v1/upms/sysMsg/addOrUpdate', {
      title: `Accessibility notice ${Date.now()}`,
      scope: 'all',
      content: '<p>Unread, so the bell and My Messages show it.</p>',
    });
    await admin.get('/upms/v1/upms/sysMsg/publish', { id: saved.result.id });
    await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: 1,
      prefix: 'A11Y',
      model: 'A11Y-1',
    });
    await useTheme(page, 'dark');
    await page.goto(HOME_PATH);
    const findings: Record<string, string[]> = {};
    for (const target of menuPages(await storedMenu(page)).filter((p) => !p.hidden)) {
      await openFromMenu(page, target);
      await expect(page.getByTestId('page-content').locator('[data-testid$="-page"]').first()).toBeVisible();
      await checkAccessibility(page, target.path, findings);
    }
    expect(withFindings(findings)).toEqual({});
  });

  test('the dashboard’s headings descend one level at a time', async ({ page }) => {
    await page.goto(HOME_PATH);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    const levels = await page
      .getByTestId('page-content')
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((hs) => hs.map((h) => Number(h.tagName.slice(1))));
    expect(levels.length).toBeGreaterThan(1);
    const skips = levels.filter((level, i) => i > 0 && level > (levels[i - 1] as number) + 1);
    expect(skips, `heading levels ${levels.join(', ')}`).toEqual([]);
  });

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
