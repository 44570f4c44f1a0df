import {
  HOME_PATH,
  login,
  SIGNED_OUT,
  storageItem,
  storageKeys,
  submitLogin,
  switchLanguage,
} from '../support/console';
import { ADMIN } from '../support/env';
import { expect, test } from '../support/fixtures';

const SESSION_KEYS = ['token', 'userId', 'verify', 'sys', 'language', 'menuList', 'permissionForm'];

test.describe('login', () => {
  // The specs about signing in and out use the form and sessions of their own.
  test.use({ storageState: SIGNED_OUT });

  test('a wrong password shows the catalogue text, the right one lands on the dashboard', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-page')).toBeVisible();

    await submitLogin(page, ADMIN.username, 'Wrong-Password#1');
    await expect(page.locator('.ant-message-notice').getByText('Wrong account or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageItem(page, 'token')).toBeNull();

    // A failed attempt spends the captcha; the page fetched a new one, so the form works again.
    await login(page);
    expect(await storageItem(page, 'token')).toBeTruthy();
    const menu = JSON.parse((await storageItem(page, 'menuList')) ?? '[]') as unknown[];
    expect(menu.length).toBeGreaterThan(1);
    const permissions = JSON.parse((await storageItem(page, 'permissionForm')) ?? '[]') as string[];
    expect(permissions).toContain('device:terminal:add');
    await expect(page.getByTestId('worktabs').getByRole('tab')).toHaveCount(1);
  });

  test("sign-in stores the spec's session keys", async ({ page }) => {
    await login(page);
    expect((await storageKeys(page)).sort()).toEqual(expect.arrayContaining(SESSION_KEYS.sort()));
    const sys = JSON.parse((await storageItem(page, 'sys')) ?? '{}') as { id?: string; isLogin?: boolean };
    expect(sys.id).toBe(await storageItem(page, 'userId'));
    expect(sys.isLogin).toBe(true);
    // The browser keeps the account's device token, which it sends with the next sign-in.
    const devices = JSON.parse((await storageItem(page, 'loginDevices')) ?? '[]') as { username: string }[];
    expect(devices).toEqual([{ username: ADMIN.username, token: expect.stringMatching(/^d1\./) }]);
  });

  test('the error text follows the language chosen on the login page', async ({ page }) => {
    await page.goto('/login');
    await switchLanguage(page, 'cn');
    await expect(page.getByTestId('login-submit')).toHaveText(/登\s*录/);
    await submitLogin(page, ADMIN.username, 'Wrong-Password#1');
    await expect(page.locator('.ant-message-notice').getByText('账号或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Enter in the form submits it', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-captcha-image').locator('img')).toBeVisible();
    await page.getByTestId('login-username').fill(ADMIN.username);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.getByTestId('login-captcha').fill('abcd');
    await page.getByTestId('login-captcha').press('Enter');
    await expect(page).toHaveURL(HOME_PATH);
  });

  test('empty fields are refused in the page, without a call', async ({ page }) => {
    await page.goto('/login');
    let loginCalls = 0;
    page.on('request', (req) => {
      if (req.url().includes('/cpmDoLogin')) loginCalls += 1;
    });
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Please enter your account')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await expect(page.getByText('Please enter the captcha')).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test('clicking the captcha image fetches a new one', async ({ page }) => {
    await page.goto('/login');
    const image = page.getByTestId('login-captcha-image').locator('img');
    await expect(image).toBeVisible();
    const first = await image.getAttribute('src');
    const refetch = page.waitForResponse((res) => res.url().includes('/oauth/v1/oauth/login/captcha'));
    await page.getByTestId('login-captcha-image').click();
    await refetch;
    await expect(image).not.toHaveAttribute('src', first ?? '');
  });
});
