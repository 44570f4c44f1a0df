import { type Language, login, openChangePasswordDialog, SIGNED_OUT, storageItem } from '../support/console';
import { PAGE_LOAD } from '../support/env';
import { expect, test } from '../support/fixtures';
import { PICTURES } from '../support/screenshot';
import { everyView } from '../support/views';

const NO_MAIL = { username: 'nomail_clerk', password: 'NoMail#Pass1' };
const WITH_MAIL = { username: 'mail_clerk', password: 'Mail#Pass1', email: 'mail_clerk@e2e.test' };
const BUTTON: Record<Language, string> = {
  en: 'Log out and contact the administrator',
  cn: '退出登录并联系管理员',
};

/** Creates the sales accounts the tests sign in with: one without an email, one with. */
const createAccounts = async (api: import('../support/api').Api) => {
  const { api: admin } = await api.login();
  const sales = await admin.roleId('sales');
  for (const account of [NO_MAIL, WITH_MAIL]) {
    const created = await admin.post('/upms/v1/upms/user/addOrUpdate', { ...account, roleIds: [sales] });
    // A second run on the same server finds the account there already.
    if (created.code !== 1) expect(created.messageEn).toMatch(/taken|exists/i);
  }
};

test.describe('change password without an email on record', () => {
  // The specs about signing in and out use the form and sessions of their own.
  test.use({ storageState: SIGNED_OUT });

  test('an account with no email is offered to log out and contact the administrator', async ({
    page,
    api,
  }) => {
    await createAccounts(api);
    await login(page, NO_MAIL.username, NO_MAIL.password);
    const dialog = await openChangePasswordDialog(page);
    await expect(dialog.getByTestId('password-no-email')).toContainText(
      'No email address is on record for your account',
    );
    await dialog.getByTestId('password-contact-admin').click();
    await expect(page).toHaveURL(/\/login$/, PAGE_LOAD);
    await expect(
      page.getByText('You are logged out. Ask your administrator to reset your password'),
    ).toBeVisible();
    expect(await storageItem(page, 'token')).toBeNull();
  });

  test('an account with no email changes its password with the current one', async ({ page, api }) => {
    // A name of its own each run: the change would break a second run's sign-in with the old password.
    const account = { username: `nomail_${Date.now().toString(36)}`, password: 'NoMail#Pass1' };
    const { api: admin } = await api.login();
    const made = await admin.post('/upms/v1/upms/user/addOrUpdate', {
      ...account,
      roleIds: [await admin.roleId('sales')],
    });
    expect(made.code).toBe(1);
    await login(page, account.username, account.password);
    const dialog = await openChangePasswordDialog(page);
    await expect(dialog.getByTestId('password-send-code')).toHaveCount(0);
    await dialog.getByTestId('password-current').fill(account.password);
    await dialog.getByTestId('password-new').fill('NoMail#Pass2');
    await dialog.getByTestId('password-confirm').fill('NoMail#Pass2');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/login$/, PAGE_LOAD);
    await login(page, account.username, 'NoMail#Pass2');
  });

  test('an account with an email changes its password alone: no such button', async ({ page, api }) => {
    await createAccounts(api);
    await login(page, WITH_MAIL.username, WITH_MAIL.password);
    const dialog = await openChangePasswordDialog(page);
    await dialog.getByTestId('password-method').getByText('Email code').click();
    await expect(dialog.getByTestId('password-send-code')).toBeEnabled();
    await expect(dialog.getByTestId('password-contact-admin')).toHaveCount(0);
    await expect(dialog.getByTestId('password-no-email')).toHaveCount(0);
  });

  test('the dialog in both languages, themes and widths', { tag: PICTURES }, async ({ page, api }) => {
    await createAccounts(api);
    await login(page, NO_MAIL.username, NO_MAIL.password);
    await everyView(
      page,
      'change-password-no-email',
      async ({ language }) => {
        const dialog = await openChangePasswordDialog(page);
        await expect(dialog.getByTestId('password-contact-admin')).toHaveText(BUTTON[language]);
        await expect
          .poll(() => page.locator('.ant-modal').evaluate((el) => getComputedStyle(el).opacity))
          .toBe('1');
      },
      {
        picturedOnly: true,
        axeWithin: '.ant-modal',
        after: async () => {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toBeHidden();
        },
      },
    );
  });
});
