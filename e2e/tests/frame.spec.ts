import type { Page } from '@playwright/test';
import { HOME_PATH, switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';

const width = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())?.width;

const contentBox = (page: Page) =>
  page.getByTestId('page-content').evaluate((el) => {
    const inner = el.firstElementChild as HTMLElement;
    return {
      paddingTop: Number.parseFloat(getComputedStyle(el).paddingTop),
      minHeight: Number.parseFloat(getComputedStyle(inner).minHeight),
      overflow: document.documentElement.scrollHeight - window.innerHeight,
    };
  });

test.describe('frame', () => {
  test('the side menu is 280 px open and 70 px collapsed', async ({ page }) => {
    await page.goto(HOME_PATH);
    await expect.poll(() => width(page, 'side-menu')).toBe(280);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(() => width(page, 'side-menu')).toBe(70);
    // The choice is kept.
    await page.reload();
    await expect.poll(() => width(page, 'side-menu')).toBe(70);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(() => width(page, 'side-menu')).toBe(280);
  });

  test('one menu group is open at a time (uniqueOpened)', async ({ page }) => {
    await page.goto(HOME_PATH);
    const group = (title: string) =>
      page.getByTestId('side-menu').locator('li.ant-menu-submenu', {
        has: page.locator('.ant-menu-submenu-title', { hasText: new RegExp(`^\\s*${title}\\s*$`) }),
      });
    await group('Devices').locator('.ant-menu-submenu-title').click();
    await expect(group('Devices')).toHaveClass(/ant-menu-submenu-open/);
    await group('Users').locator('.ant-menu-submenu-title').click();
    await expect(group('Users')).toHaveClass(/ant-menu-submenu-open/);
    await expect(group('Devices')).not.toHaveClass(/ant-menu-submenu-open/);
  });

  test('below 800 px the menu is an overlay with a mask', async ({ page }) => {
    await page.setViewportSize({ width: 799, height: 844 });
    await page.goto(HOME_PATH);
    await expect(page.getByTestId('side-menu')).toBeHidden();
    await page.getByTestId('menu-toggle').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page.locator('.ant-drawer-mask')).toBeVisible();
    // Choosing a page closes the overlay.
    await page.getByTestId('side-menu').locator('.ant-menu-submenu-title', { hasText: 'Devices' }).click();
    await page.getByTestId('menu-item-/device/deviceMap').click();
    await expect(page).toHaveURL('/device/deviceMap');
    await expect(page.getByTestId('side-menu')).toBeHidden();

    await page.setViewportSize({ width: 800, height: 844 });
    await expect(page.getByTestId('side-menu')).toBeVisible();
  });

  test('the content area keeps the spec paddings and fits the window without a scrollbar', async ({
    page,
  }) => {
    // A page shorter than the window (the device map now fills more than one screen with its list).
    await page.goto('/device/fence');
    await expect(page.getByTestId('page-content').locator('[data-testid$="-page"]').first()).toBeVisible();
    const withTabs = await contentBox(page);
    expect(withTabs.paddingTop).toBe(108);
    expect(withTabs.minHeight).toBe(900 - 120);
    expect(withTabs.overflow, 'page taller than the window on a short page').toBeLessThanOrEqual(0);

    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-showWorkTab').click();
    await expect(page.getByTestId('worktabs')).toHaveCount(0);
    const withoutTabs = await contentBox(page);
    expect(withoutTabs.paddingTop).toBe(75);
    expect(withoutTabs.minHeight).toBe(900 - 90);
    expect(withoutTabs.overflow, 'page taller than the window on a short page').toBeLessThanOrEqual(0);
  });

  test('at narrow desktop widths the breadcrumb stays on one line and table words stay whole', async ({
    page,
  }) => {
    for (const language of ['en', 'cn'] as const) {
      await page.goto('/user/cpmPrivatization');
      await switchLanguage(page, language);
      // The page lays out again at each width; loading it again would only prove the same.
      for (const width of [1024, 1100, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const crumbs = page.getByTestId('breadcrumbs');
        await expect(crumbs).toBeVisible();
        const lineHeight = await crumbs.evaluate(
          (el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 22,
        );
        // The header lays out again after the first paint (menu, fonts), so its height settles in its own time.
        await expect
          .poll(async () => (await crumbs.boundingBox())?.height ?? 0, { message: `${language} ${width}px` })
          .toBeLessThan(lineHeight * 1.5);
      }
      await page.goto('/user/index');
      const name = page
        .locator('td.ant-table-cell')
        .filter({ hasText: /^Administrator$/ })
        .first();
      await expect(name).toBeVisible();
      // One line box: the word was not broken in two. Only the word's own text is measured: an
      // icon or tag beside it in the cell sits at another height without breaking anything.
      const lines = await name.evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.trim() !== 'Administrator') continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
        }
        return 0;
      });
      expect(lines).toBe(1);
    }
  });

  test('refresh reads the page again without reloading the browser or re-mounting the page', async ({
    page,
  }) => {
    await page.goto('/device/deviceMap');
    const pageEl = page.getByTestId('page-content').locator('[data-testid$="-page"]').first();
    await expect(pageEl).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { e2eMarker: boolean }).e2eMarker = true;
    });
    await pageEl.evaluate((el) => el.setAttribute('data-e2e-old', '1'));
    await page.getByTestId('refresh-button').click();
    // The page keeps its state (the same element); its data is read again (see resilience.spec).
    await expect(page.getByTestId('page-content').locator('[data-e2e-old]')).toHaveCount(1);
    await expect(pageEl).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: boolean }).e2eMarker)).toBe(true);
  });

  test('the header search finds a page by its title and opens it with Enter', async ({ page }) => {
    await page.goto(HOME_PATH);
    // The shortcut belongs to the frame: it works once the frame has drawn.
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('header-search-input');
    await expect(input).toBeFocused();
    await input.fill('geofnce');
    await expect(page.getByTestId('header-search-result').first()).toContainText('Geofences');
    await input.press('Enter');
    await expect(page).toHaveURL('/device/fence');
    // Hidden pages are never offered.
    await page.keyboard.press('Control+k');
    await page.getByTestId('header-search-input').fill('Early Warnings');
    await expect(page.getByTestId('header-search-result').filter({ hasText: 'Early Warnings' })).toHaveCount(
      0,
    );
  });
});
