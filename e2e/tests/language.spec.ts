import { HOME_PATH, login, SIGNED_OUT, storageItem, switchLanguage } from '../support/console';
import { PAGE_LOAD } from '../support/env';
import { expect, test } from '../support/fixtures';

test.describe('language', () => {
  test('switching cn <-> en changes the texts and persists across reloads', async ({ page }) => {
    await page.goto(HOME_PATH);
    const menu = page.getByTestId('side-menu');
    const crumbs = page.getByTestId('breadcrumbs');
    const homeTab = page.getByTestId(`worktab-${HOME_PATH}`);
    await expect(menu).toContainText('Devices');
    await expect(crumbs).toContainText('Dashboard');
    await expect(homeTab).toContainText('Dashboard');

    await switchLanguage(page, 'cn');
    await expect(menu).toContainText('设备管理');
    await expect(menu).not.toContainText('Devices');
    await expect(crumbs).toContainText('工作台');
    await expect(homeTab).toContainText('工作台');
    await expect(page.getByTestId('dashboard-greeting')).toContainText(/好/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await page.reload();
    expect(await storageItem(page, 'language')).toBe('cn');
    await expect(menu).toContainText('设备管理');
    await expect(crumbs).toContainText('工作台');

    await switchLanguage(page, 'en');
    await expect(menu).toContainText('Devices');
    await expect(menu).not.toContainText('设备管理');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(crumbs).toContainText('Dashboard', PAGE_LOAD);
  });
});

test.describe('language before signing in', () => {
  test.use({ storageState: SIGNED_OUT });

  test('the login page switches language too, and the choice carries into the console', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-submit')).toHaveText(/Log in/);
    await switchLanguage(page, 'cn');
    await expect(page.getByTestId('login-submit')).toHaveText(/登\s*录/);
    await expect(page.getByTestId('login-page')).toContainText('智能终端管理服务平台');
    await login(page);
    await expect(page.getByTestId('side-menu')).toContainText('设备管理');
  });
});
