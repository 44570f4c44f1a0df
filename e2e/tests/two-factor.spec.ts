import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  chooseFromMenu,
  confirmOk,
  HOME_PATH,
  login,
  openLogoutDialog,
  SIGNED_OUT,
  submitLogin,
} from '../support/console';
import { PAGE_LOAD } from '../support/env';
import { expect, test } from '../support/fixtures';

const ACCOUNT = { username: 'totp_clerk', password: 'Totp#Pass1' };
const STEP_MS = 30_000;

/** The authenticator's code now, as the app on a phone would show it. */
const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });
const stepNow = () => Math.floor(Date.now() / STEP_MS);

const logOut = async (page: Page) => {
  await openLogoutDialog(page);
  await confirmOk(page);
  await expect(page).toHaveURL(/\/login$/, PAGE_LOAD);
};

/** Opens Account security from the user menu. */
const openSecurity = async (page: Page) => {
  const security = page.getByTestId('account-security-page');
  await chooseFromMenu(page.getByTestId('user-dropdown'), page.getByTestId('user-security'), security);
  return security;
};

test.describe('two-factor sign-in', () => {
  test.use({ storageState: SIGNED_OUT });

  test('enrol an authenticator, then sign in with its code; a recovery code works once', async ({
    page,
    api,
  }) => {
    const { api: admin } = await api.login();
    const created = await admin.post('/upms/v1/upms/user/addOrUpdate', {
      ...ACCOUNT,
      roleIds: [await admin.roleId('sales')],
    });
    expect(created.code, created.messageEn).toBe(1);

    await login(page, ACCOUNT.username, ACCOUNT.password);
    const security = await openSecurity(page);
    await expect(security.getByTestId('my-sessions').getByTestId('session-current')).toBeVisible();
    await security.getByTestId('totp-setup').click();
    await expect(page.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7]{32}$/);
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
    const enrolledAt = stepNow();
    await page.getByTestId('totp-confirm-code').fill(await codeNow(secret));
    await page.getByTestId('totp-confirm').click();
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    const codes = await page.getByTestId('recovery-code').allTextContents();
    await page.getByTestId('recovery-done').click();
    await expect(security.getByTestId('recovery-left')).toHaveText('10');

    // A recovery code signs in once.
    await logOut(page);
    await submitLogin(page, ACCOUNT.username, ACCOUNT.password);
    const step = page.getByTestId('login-second-factor');
    await step.getByTestId('login-use-recovery').click();
    await step.getByTestId('login-code').fill(codes[0]);
    await step.getByTestId('login-code-submit').click();
    await expect(page).toHaveURL(HOME_PATH, PAGE_LOAD);
    await logOut(page);
    await submitLogin(page, ACCOUNT.username, ACCOUNT.password);
    await step.getByTestId('login-use-recovery').click();
    await step.getByTestId('login-code').fill(codes[0]);
    await step.getByTestId('login-code-submit').click();
    await expect(page.getByText('Wrong or already used code')).toBeVisible();

    // The code used to enrol is spent for its step; the app's next one signs in.
    await expect.poll(stepNow, { timeout: STEP_MS + 5_000 }).toBeGreaterThan(enrolledAt);
    await step.getByTestId('login-use-recovery').click();
    await step.getByTestId('login-code').fill(await codeNow(secret));
    await step.getByTestId('login-code-submit').click();
    await expect(page).toHaveURL(HOME_PATH, PAGE_LOAD);
    await expect((await openSecurity(page)).getByTestId('recovery-left')).toHaveText('9');
  });
});
