import { HOME_PATH, SIGNED_OUT, submitLogin } from '../support/console';
import { ADMIN } from '../support/env';
import { expect, test } from '../support/fixtures';

const SYSTEM_EN = 'Cloud POS Management System';
const SYSTEM_CN = '智能终端管理服务平台';

test.describe('access rules when signed out', () => {
  test.use({ storageState: SIGNED_OUT });

  test('a visitor who is not logged in is sent to /login', async ({ page }) => {
    await page.goto('/device/index');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-page')).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('after login, the page asked for first is where the visitor lands', async ({ page }) => {
    await page.goto('/device/index');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/device\/index$/);
  });
});

test.describe('access rules', () => {
  test('/ goes to the dashboard, an unknown route to /exception/404', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(HOME_PATH);

    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/exception\/404$/);
    await expect(page.getByTestId('exception-404')).toBeVisible();
    await expect(page.getByTestId('exception-404')).toContainText('Page not found');
    // The 404 page is inside the frame and never becomes a tab.
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page.getByTestId('worktab-/exception/404')).toHaveCount(0);

    await page.getByTestId('exception-home').click();
    await expect(page).toHaveURL(HOME_PATH);
  });

  test('a first-level url goes to its first visible page', async ({ page }) => {
    await page.goto('/device');
    await expect(page).toHaveURL(/\/device\/index$/);
  });

  test('a signed-in visitor of /login is sent home', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(HOME_PATH);
  });

  test('the page title is the route title plus the system name, in the current language', async ({
    page,
  }) => {
    await page.goto(HOME_PATH);
    await expect(page).toHaveTitle(new RegExp(`^Dashboard\\b.*${SYSTEM_EN}$`));
    await page.goto('/device/index');
    await expect(page).toHaveTitle(new RegExp(`^My Devices\\b.*${SYSTEM_EN}$`));

    await page.getByTestId('language-dropdown').click();
    await page.getByTestId('language-option-cn').click();
    await expect(page).toHaveTitle(new RegExp(`^我的设备.*${SYSTEM_CN}$`));
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle(new RegExp(`^页面不存在.*${SYSTEM_CN}$`));
  });
});
