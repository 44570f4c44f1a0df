import type { Page } from '@playwright/test';
import { simSn } from '../../apps/pos-sim/src/fleet';
import { checkAccessibility, withFindings } from '../support/accessibility';
import { axeFindings } from '../support/axe';
import { HOME_PATH, openFromMenu, SIGNED_OUT, storedMenu } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { menuPages } from '../support/menu';
import { settle } from '../support/screenshot';

const THEMES = ['light', 'dark'] as const;

const A11Y_FLEET = {
  server: BASE_URL,
  username: ADMIN.username,
  password: ADMIN.password,
  count: 1,
  prefix: 'A11Y',
  model: 'A11Y-1',
};

/** The model dialog's save. */
const HELD = '**/device/v1/device/model/**';

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
    await provisionFleet(A11Y_FLEET);
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

  test('every tab of a terminal’s detail page, in both themes', async ({ page }) => {
    test.setTimeout(300_000);
    await provisionFleet(A11Y_FLEET);
    const findings: Record<string, string[]> = {};
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.goto(`/device/deviceDetail/${simSn(A11Y_FLEET.prefix, 1)}`);
      const tabs = page.getByTestId('device-detail-page').getByRole('tab');
      await expect(tabs.first()).toBeVisible();
      for (const name of await tabs.allInnerTexts()) {
        await tabs.filter({ hasText: name }).click();
        await expect(tabs.filter({ hasText: name })).toHaveAttribute('aria-selected', 'true');
        await settle(page);
        await page.mouse.move(720, 2);
        findings[`${theme}: ${name}`] = await axeFindings(page);
      }
    }
    expect(withFindings(findings)).toEqual({});
  });

  test('the loading overlay reads in both themes from its first frame, with motion on', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const overlay = page.getByTestId('loading-overlay');
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.goto('/device/modelManage');
      await page.getByTestId('model-add').click();
      await page.getByTestId('model-name').fill(`Overlay ${theme} ${Date.now()}`);
      // The save is held, so the overlay stays up while it is checked.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(HELD, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByTestId('model-form-save').click();
      const text = overlay.getByText(/^Loading/);
      await expect(text).toBeVisible();
      // Nothing above the text fades: it is at full strength whenever it shows.
      const fading = await text.evaluate((el) => {
        const found: string[] = [];
        for (let node: Element | null = el; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          const moves = style.transitionProperty
            .split(',')
            .some(
              (p, i) =>
                /^(all|opacity)$/.test(p.trim()) &&
                parseFloat(style.transitionDuration.split(',')[i] ?? '0') > 0,
            );
          if (style.opacity !== '1' || moves)
            found.push(`${node.className} ${style.opacity} ${style.transition}`);
        }
        return found;
      });
      expect(fading).toEqual([]);
      expect(await axeFindings(page)).toEqual([]);
      release();
      await expect(text).toBeHidden();
      await page.unroute(HELD);
    }
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
