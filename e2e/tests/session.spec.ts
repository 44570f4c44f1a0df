import { HOME_PATH, login, openLogoutDialog, SIGNED_OUT, storageItem, storageKeys } from '../support/console';
import { expect, test } from '../support/fixtures';

const SESSION_KEYS = ['token', 'userId', 'verify', 'sys', 'menuList', 'permissionForm', 'worktab'];

test.describe('session', () => {
  // The specs about signing in and out use the form and sessions of their own.
  test.use({ storageState: SIGNED_OUT });

  test('a session ended on the server sends the console back to /login', async ({ page, api }) => {
    await login(page);
    await page.goto('/device/index');
    const token = await storageItem(page, 'token');
    const userId = await storageItem(page, 'userId');
    expect(token).toBeTruthy();
    const alive = await api
      .withToken(token ?? '')
      .get('/oauth/v1/oauth/login/isLogin', { sysCode: 'cpm', userId: userId ?? '' });
    expect(alive.code).toBe(1);

    const ended = await api.logout(token ?? '');
    expect(ended.code).toBe(1);
    // The server now refuses the token: code 500 (HTTP 401).
    const check = await api
      .withToken(token ?? '')
      .get('/oauth/v1/oauth/login/isLogin', { sysCode: 'cpm', userId: userId ?? '' });
    expect(check.code).toBe(500);

    // The next start-up check (any full navigation) finds the session gone.
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-page')).toBeVisible();
    expect(await storageItem(page, 'token')).toBeNull();
    expect(await storageItem(page, 'menuList')).toBeNull();

    // Nothing of the old session opens the frame any more.
    await page.goto('/device/index');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout asks for confirmation, ends the session and clears the stored session', async ({
    page,
    api,
  }) => {
    await login(page);
    await page.goto('/device/index');
    const token = await storageItem(page, 'token');

    const dialog = await openLogoutDialog(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/device\/index$/);

    await openLogoutDialog(page);
    const logoutCall = page.waitForRequest((req) => req.url().includes('/oauth/v1/oauth/login/doLogout'));
    await dialog.getByRole('button', { name: 'Log out' }).click();
    expect(new URL((await logoutCall).url()).searchParams.get('token')).toBe(token);

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-page')).toBeVisible();
    const left = await storageKeys(page);
    for (const key of SESSION_KEYS) expect(left, `${key} is cleared`).not.toContain(key);

    // The server no longer knows the token.
    const check = await api.withToken(token ?? '').get('/upms/v1/upms/user/getUserStatus');
    expect(check.code).toBe(500);
    expect(check.status).toBe(401);

    // Going back does not reopen the frame; signing in again starts with only the home tab.
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await login(page);
    await expect(page.getByTestId('worktabs').getByRole('tab')).toHaveCount(1);
    await expect(page.getByTestId(`worktab-${HOME_PATH}`)).toBeVisible();
  });
});
