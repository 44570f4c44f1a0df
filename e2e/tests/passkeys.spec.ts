import type { CDPSession, Page } from '@playwright/test';
import { axeFindings } from '../support/axe';
import {
  HOME_PATH,
  type Language,
  openAccountSecurity,
  openLogoutDialog,
  SIGNED_OUT,
  storageItem,
  submitLogin,
  switchLanguage,
} from '../support/console';
import { PAGE_LOAD, PORT } from '../support/env';
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

// Passkeys belong to a domain, never an IP address: this spec opens the console as localhost.
const ORIGIN = `http://localhost:${PORT}`;

/** Chromium's virtual authenticator (DevTools WebAuthn domain): a platform passkey that verifies its user. */
const addVirtualAuthenticator = async (page: Page) => {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
};

/** Fills the login form of the console opened as localhost; does not wait for the outcome. */
const signInWithPassword = async (page: Page, username: string, password: string) => {
  await page.goto(`${ORIGIN}/login`);
  await submitLogin(page, username, password);
};

test.describe('passkeys', () => {
  test.use({ storageState: SIGNED_OUT });

  test('register a passkey, sign in with it after the password; alone only where allowed', async ({
    page,
    api,
  }) => {
    const account = { username: `pk_${Date.now().toString(36)}`, password: 'Passkey#Pass1' };
    const { api: admin } = await api.login();
    const created = await admin.post('/upms/v1/upms/user/addOrUpdate', {
      ...account,
      roleIds: [await admin.roleId('sales')],
    });
    expect(created.code, created.messageEn).toBe(1);
    const device = await addVirtualAuthenticator(page);

    await signInWithPassword(page, account.username, account.password);
    await expect(page).toHaveURL(`${ORIGIN}${HOME_PATH}`, PAGE_LOAD);
    const security = await openAccountSecurity(page);
    await security.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-name').fill('Test laptop');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    // The first factor of the account: its recovery codes, once.
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    await page.getByTestId('recovery-done').click();
    await expect(security.getByTestId('passkey-list')).toContainText('Test laptop');
    expect(await device.credentials()).toHaveLength(1);
    expect(await axeFindings(page)).toEqual([]);

    const dialog = await openLogoutDialog(page);
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/, PAGE_LOAD);

    // Alone, it is refused until the enterprise allows it.
    await page.getByTestId('login-passkey').click();
    await expect(page.getByText('does not allow signing in with a passkey alone')).toBeVisible();

    // After the password, the passkey is the second step.
    await signInWithPassword(page, account.username, account.password);
    const step = page.getByTestId('login-second-factor');
    await step.getByTestId('login-passkey-second').click();
    await expect(page).toHaveURL(`${ORIGIN}${HOME_PATH}`, PAGE_LOAD);
    const list = (await openAccountSecurity(page)).getByTestId('passkey-list');
    await expect(list).not.toContainText('Never');

    // Removing it is a risky act: the console asks the passkey to confirm first, then removes it.
    await list.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    const stepUp = page.getByTestId('step-up-dialog');
    await stepUp.getByTestId('step-up-passkey').click();
    await expect(stepUp).toBeHidden();
    await expect(page.getByTestId('account-security-page').getByText('Test laptop')).toHaveCount(0);
  });

  for (const size of SCREEN_SIZES) {
    test(`the passkeys card at ${size.width} px`, { tag: PICTURES }, async ({ page, api }) => {
      const account = {
        username: `pk_pic_${size.width}_${Date.now().toString(36)}`,
        password: 'Passkey#Pass1',
      };
      const { api: admin } = await api.login();
      await admin.post('/upms/v1/upms/user/addOrUpdate', {
        ...account,
        roleIds: [await admin.roleId('sales')],
      });
      await addVirtualAuthenticator(page);
      await page.setViewportSize(size);
      await signInWithPassword(page, account.username, account.password);
      await expect(page).toHaveURL(`${ORIGIN}${HOME_PATH}`, PAGE_LOAD);
      const security = await openAccountSecurity(page);
      await security.getByTestId('passkey-add').click();
      await page.getByTestId('passkey-name').fill('Work laptop');
      await page.getByTestId('passkey-name').press('Enter');
      await page.getByTestId('recovery-done').click();
      for (const language of ['en', 'cn'] as Language[]) {
        if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
        for (const theme of THEMES) {
          if (!pictured(size.width, language, theme)) continue;
          await setTheme(page, theme);
          await expect(security.getByTestId('passkey-list')).toContainText('Work laptop');
          await settle(page);
          await saveScreenshot(page, 'account-passkeys', language, theme);
        }
      }
    });
  }
});
