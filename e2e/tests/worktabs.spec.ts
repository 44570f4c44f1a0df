import type { Page } from '@playwright/test';
import { HOME_PATH, login, openFromMenu, storedMenu } from '../support/console';
import { expect, test } from '../support/fixtures';
import { menuPages } from '../support/menu';

const ROLES = '/user/role';
const USERS = '/user/index';
const DEVICES = '/device/index';
const MODELS = '/device/modelManage';

const tabs = (page: Page) => page.getByTestId('worktabs').getByRole('tab');
const tab = (page: Page, path: string) => page.getByTestId(`worktab-${path}`);
const tabPaths = (page: Page) =>
  tabs(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-path')));

/** The open dropdown once its opening animation ended (clicks during the slide-in can miss it). */
const openDropdown = (page: Page) =>
  page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-appear"]):not([class*="-leave"])');

/** Right-clicks a tab and picks an action of its context menu. */
const tabAction = async (
  page: Page,
  path: string,
  action: 'current' | 'left' | 'right' | 'other' | 'all',
) => {
  // On a loaded machine the menu can close again while still sliding in; open it again then.
  await expect(async () => {
    await tab(page, path).click({ button: 'right' });
    await openDropdown(page).getByTestId(`worktab-action-${action}`).click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
};

const expectTabs = async (page: Page, paths: string[], current: string) => {
  await expect.poll(() => tabPaths(page)).toEqual(paths);
  await expect(tab(page, current)).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(current);
};

/** Opens a page of the admin menu by path through the side menu. */
const openFromMenuPath = async (page: Page, path: string) => {
  const found = menuPages(await storedMenu(page)).find((p) => p.path === path);
  if (!found) throw new Error(`${path} is not in the admin's menu`);
  await openFromMenu(page, found);
};

/** Signs in and opens the given pages from the side menu, in order. */
const openPages = async (page: Page, paths: string[]) => {
  await login(page);
  for (const path of paths) {
    await openFromMenuPath(page, path);
    // A page is in the strip once it has rendered; wait for that as a user would see it.
    await expect(tab(page, path)).toHaveAttribute('aria-selected', 'true');
  }
};

test.describe('worktabs', () => {
  test('visiting pages adds tabs and marks the current one; revisiting only marks it', async ({ page }) => {
    await openPages(page, [ROLES, DEVICES, MODELS]);
    await expectTabs(page, [HOME_PATH, ROLES, DEVICES, MODELS], MODELS);
    await expect(page.locator('.cpm-worktab.is-active')).toHaveCount(1);

    await openFromMenuPath(page, ROLES);
    await expectTabs(page, [HOME_PATH, ROLES, DEVICES, MODELS], ROLES);

    // Clicking a tab goes to its page.
    await tab(page, DEVICES).click();
    await expectTabs(page, [HOME_PATH, ROLES, DEVICES, MODELS], DEVICES);
    await expect(tab(page, DEVICES)).toContainText('My Devices');
  });

  test('the first tab cannot be closed', async ({ page }) => {
    await openPages(page, [ROLES]);
    await expect(tab(page, HOME_PATH).getByTestId('worktab-close')).toHaveCount(0);
    await expect(tab(page, ROLES).getByTestId('worktab-close')).toHaveCount(1);
    await tab(page, HOME_PATH).click({ button: 'right' });
    const menu = openDropdown(page);
    await expect(menu.locator('li', { has: page.getByTestId('worktab-action-current') })).toHaveClass(
      /disabled/,
    );
    await expect(menu.locator('li', { has: page.getByTestId('worktab-action-left') })).toHaveClass(
      /disabled/,
    );
    await page.keyboard.press('Escape');
    await expectTabs(page, [HOME_PATH, ROLES], ROLES);
  });

  test('closing the current tab goes to the last remaining one; closing another stays', async ({ page }) => {
    await openPages(page, [ROLES, DEVICES, MODELS]);
    await tab(page, DEVICES).click();
    // The page must really be current (its lazy chunk loaded) before closing it as the current tab.
    await expect(page).toHaveURL(DEVICES);
    await expect(tab(page, DEVICES)).toHaveAttribute('aria-selected', 'true');
    await tab(page, DEVICES).getByTestId('worktab-close').click();
    await expectTabs(page, [HOME_PATH, ROLES, MODELS], MODELS);

    await tab(page, ROLES).getByTestId('worktab-close').click();
    await expectTabs(page, [HOME_PATH, MODELS], MODELS);

    await tab(page, MODELS).getByTestId('worktab-close').click();
    await expectTabs(page, [HOME_PATH], HOME_PATH);
  });

  test('close left keeps the first tab and the current page', async ({ page }) => {
    await openPages(page, [ROLES, USERS, DEVICES, MODELS]);
    await tabAction(page, DEVICES, 'left');
    await expectTabs(page, [HOME_PATH, DEVICES, MODELS], MODELS);
  });

  test('close left of a tab right of the current one moves to that tab', async ({ page }) => {
    await openPages(page, [ROLES, USERS, DEVICES]);
    await tab(page, USERS).click();
    await expect(page).toHaveURL(USERS);
    await tabAction(page, DEVICES, 'left');
    await expectTabs(page, [HOME_PATH, DEVICES], DEVICES);
  });

  test('close right', async ({ page }) => {
    await openPages(page, [ROLES, USERS, DEVICES, MODELS]);
    await tab(page, USERS).click();
    await expect(page).toHaveURL(USERS);
    await tabAction(page, USERS, 'right');
    await expectTabs(page, [HOME_PATH, ROLES, USERS], USERS);

    // When the current page is among the closed ones, the console goes to the tab the action was for.
    await openFromMenuPath(page, DEVICES);
    await tabAction(page, ROLES, 'right');
    await expectTabs(page, [HOME_PATH, ROLES], ROLES);
  });

  test('close other keeps the home tab and the chosen one', async ({ page }) => {
    await openPages(page, [ROLES, USERS, DEVICES, MODELS]);
    await tabAction(page, DEVICES, 'other');
    await expectTabs(page, [HOME_PATH, DEVICES], DEVICES);
  });

  test('close all goes home with only the home tab', async ({ page }) => {
    await openPages(page, [ROLES, USERS, DEVICES]);
    await tabAction(page, USERS, 'all');
    await expectTabs(page, [HOME_PATH], HOME_PATH);
  });

  test('the strip button offers the same actions for the current tab', async ({ page }) => {
    await openPages(page, [ROLES, USERS, DEVICES]);
    await page.getByTestId('worktabs-more').click();
    const menu = openDropdown(page);
    for (const action of ['refresh', 'current', 'left', 'right', 'other', 'all']) {
      await expect(menu.getByTestId(`worktab-action-${action}`)).toBeVisible();
    }
    await menu.getByTestId('worktab-action-other').click();
    await expectTabs(page, [HOME_PATH, DEVICES], DEVICES);
  });

  test('hidden pages, error pages and the login page never get a tab', async ({ page }) => {
    await openPages(page, [DEVICES]);
    for (const path of ['/device/earlyWarning', '/device/deviceDetail/SN0001', '/appMarket/appDetail']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.getByTestId('page-content')).toBeVisible();
      await expect(tab(page, path)).toHaveCount(0);
    }
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/exception\/404$/);
    await expect(tab(page, '/exception/404')).toHaveCount(0);
    await expect.poll(() => tabPaths(page)).toEqual([HOME_PATH, DEVICES]);
  });

  test('tabs are restored after a reload', async ({ page }) => {
    await openPages(page, [ROLES, DEVICES]);
    await tab(page, ROLES).click();
    await page.reload();
    await expectTabs(page, [HOME_PATH, ROLES, DEVICES], ROLES);
  });
});
