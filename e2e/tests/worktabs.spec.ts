import type { Page } from '@playwright/test';
import { HOME_PATH, openFromMenu, storedMenu } from '../support/console';
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
  await page.goto(HOME_PATH);
  for (const path of paths) {
    await openFromMenuPath(page, path);
    // A page is in the strip once it has rendered; wait for that as a user would see it.
    await expect(tab(page, path)).toHaveAttribute('aria-selected', 'true');
  }
};

// Which tabs an action keeps and where it goes are rules of `worktabRules.test.ts`; these tests hold
// the wiring: the menu and the address feed the strip, its close button, context menu and strip
// button apply the rules and navigate, and the strip is stored across a reload.
test.describe('worktabs', () => {
  test('visiting pages adds tabs and marks the current one; revisiting only marks it; a reload keeps them', async ({
    page,
  }) => {
    await openPages(page, [ROLES, DEVICES, MODELS]);
    await expectTabs(page, [HOME_PATH, ROLES, DEVICES, MODELS], MODELS);
    await expect(page.locator('.cpm-worktab.is-active')).toHaveCount(1);

    await openFromMenuPath(page, ROLES);
    await expectTabs(page, [HOME_PATH, ROLES, DEVICES, MODELS], ROLES);

    // Clicking a tab goes to its page.
    await tab(page, DEVICES).click();
    await expectTabs(page, [HOME_PATH, ROLES, DEVICES, MODELS], DEVICES);
    await expect(tab(page, DEVICES)).toContainText('My Devices');

    await page.reload();
    await expectTabs(page, [HOME_PATH, ROLES, DEVICES, MODELS], DEVICES);
  });

  test('the close button, the context menu and the strip button close tabs and go where the rule says', async ({
    page,
  }) => {
    await openPages(page, [ROLES, USERS, DEVICES, MODELS]);
    // The first tab has no close button.
    await expect(tab(page, HOME_PATH).getByTestId('worktab-close')).toHaveCount(0);
    await tab(page, MODELS).getByTestId('worktab-close').click();
    await expectTabs(page, [HOME_PATH, ROLES, USERS, DEVICES], DEVICES);

    // The current page is among the closed ones: the console goes to the tab the action was for.
    await tabAction(page, ROLES, 'right');
    await expectTabs(page, [HOME_PATH, ROLES], ROLES);

    await openFromMenuPath(page, USERS);
    await page.getByTestId('worktabs-more').click();
    await openDropdown(page).getByTestId('worktab-action-other').click();
    await expectTabs(page, [HOME_PATH, USERS], USERS);
  });
});
