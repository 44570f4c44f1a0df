import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  chooseFromMenu,
  HOME_PATH,
  type Language,
  login,
  loginWithSecondFactor,
  openAccountSecurity,
  openLogoutDialog,
  SIGNED_OUT,
  storageItem,
  submitLogin,
  submitSecondFactor,
  switchLanguage,
} from '../support/console';
import { PAGE_LOAD } from '../support/env';
import { expect, test } from '../support/fixtures';
import {
  PICTURES,
  pictured,
  SCREEN_SIZES,
  saveScreenshot,
  setTheme,
  settle,
  THEMES,
} from '../support/screenshot';

// A name of its own per run: a second run on the same server meets a fresh account.
const ACCOUNT = { username: `totp_${Date.now().toString(36)}`, password: 'Totp#Pass1' };
const STEP_MS = 30_000;

/** The authenticator's code `ahead` ms from now, as the app on a phone would show it then. */
const codeNow = (secret: string, ahead = 0) =>
  generate({ secret, epoch: Math.floor((Date.now() + ahead) / 1000) });

const logOut = async (page: Page) => {
  const dialog = await openLogoutDialog(page);
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/, PAGE_LOAD);
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
    const security = await openAccountSecurity(page);
    await expect(security.getByTestId('my-sessions').getByTestId('session-current')).toBeVisible();
    await security.getByTestId('totp-setup').click();
    await expect(page.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7]{32}$/);
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
    await page.getByTestId('totp-confirm-code').fill(await codeNow(secret));
    await page.getByTestId('totp-confirm').click();
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    const codes = await page.getByTestId('recovery-code').allTextContents();
    await page.getByTestId('recovery-done').click();
    await expect(security.getByTestId('recovery-left')).toHaveText('10');

    // A recovery code signs in once.
    await logOut(page);
    await loginWithSecondFactor(page, ACCOUNT.username, ACCOUNT.password, { recoveryCode: codes[0] });
    await logOut(page);
    await submitLogin(page, ACCOUNT.username, ACCOUNT.password);
    await submitSecondFactor(page, { recoveryCode: codes[0] });
    await expect(page.getByText('Wrong or already used code')).toBeVisible();

    // The code used to enrol is spent for its step; the app's next code signs in (the server takes
    // one step either side of its clock).
    await submitSecondFactor(page, { otp: await codeNow(secret, STEP_MS) });
    await expect(page).toHaveURL(HOME_PATH, PAGE_LOAD);
    await expect((await openAccountSecurity(page)).getByTestId('recovery-left')).toHaveText('9');
  });

  for (const size of SCREEN_SIZES) {
    test(`the second step, enrolment and security pages at ${size.width} px`, { tag: PICTURES }, async ({
      page,
      api,
    }) => {
      const { api: admin } = await api.login();
      const sales = await admin.roleId('sales');
      const fresh = { username: `totp_pic_${size.width}_${Date.now().toString(36)}`, password: 'Totp#Pass1' };
      const enrolled = { username: `${fresh.username}_on`, password: 'Totp#Pass1' };
      for (const account of [fresh, enrolled])
        expect(
          (await admin.post('/upms/v1/upms/user/addOrUpdate', { ...account, roleIds: [sales] })).code,
        ).toBe(1);
      const { api: user } = await api.login(enrolled.username, enrolled.password);
      const started = await user.post<{ secret: string }>('/upms/v1/upms/factors/totp/start', {});
      await user.post('/upms/v1/upms/factors/totp/confirm', { otp: await codeNow(started.result.secret) });

      await page.setViewportSize(size);
      await login(page, fresh.username, fresh.password);
      for (const language of ['en', 'cn'] as Language[]) {
        if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
        for (const theme of THEMES) {
          if (!pictured(size.width, language, theme)) continue;
          await setTheme(page, theme);
          const security = await openAccountSecurity(page);
          await settle(page);
          await saveScreenshot(page, 'account-security', language, theme);
          await security.getByTestId('totp-setup').click();
          await expect(page.getByTestId('totp-secret')).toHaveText(/^[A-Z2-7]{32}$/);
          await settle(page);
          await saveScreenshot(page, 'totp-enrol', language, theme);
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('totp-enrol')).toBeHidden();
          // The confirmation in the page's language: its one danger button logs out.
          const dialog = page.getByRole('dialog');
          await chooseFromMenu(page.getByTestId('user-dropdown'), page.getByTestId('user-logout'), dialog);
          await dialog.locator('.ant-btn-dangerous').click();
          await submitLogin(page, enrolled.username, enrolled.password);
          await expect(page.getByTestId('login-second-factor')).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'login-second-factor', language, theme);
          await page.goto('/login');
          await login(page, fresh.username, fresh.password);
        }
      }
    });
  }

  for (const size of SCREEN_SIZES) {
    test(`an account's security drawer and the roles' switch at ${size.width} px`, { tag: PICTURES }, async ({
      page,
      api,
    }) => {
      const { api: admin } = await api.login();
      const account = {
        username: `totp_adm_${size.width}_${Date.now().toString(36)}`,
        password: 'Totp#Pass1',
      };
      expect(
        (
          await admin.post('/upms/v1/upms/user/addOrUpdate', {
            ...account,
            roleIds: [await admin.roleId('sales')],
          })
        ).code,
      ).toBe(1);
      const { api: user } = await api.login(account.username, account.password);
      const started = await user.post<{ secret: string }>('/upms/v1/upms/factors/totp/start', {});
      await user.post('/upms/v1/upms/factors/totp/confirm', { otp: await codeNow(started.result.secret) });

      await page.setViewportSize(size);
      await login(page);
      const SECURITY: Record<Language, string> = { en: 'Security', cn: '安全' };
      for (const language of ['en', 'cn'] as Language[]) {
        if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
        for (const theme of THEMES) {
          if (!pictured(size.width, language, theme)) continue;
          await setTheme(page, theme);
          await page.goto(`/user/index?username=${account.username}`);
          await page.getByTestId('row-more').first().click();
          await page.getByRole('menuitem', { name: SECURITY[language] }).click();
          const drawer = page.getByTestId('user-security');
          await expect(drawer.getByTestId('user-factor-on')).toBeVisible();
          await expect(drawer.getByTestId('session-end').first()).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'user-security', language, theme);
          await page.goto('/user/role');
          await expect(page.getByTestId('role-factor-sales')).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'roles-factor', language, theme);
        }
      }
    });
  }
});
