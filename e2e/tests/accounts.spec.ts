import type { Page } from '@playwright/test';
import { login, openChangePasswordDialog, SIGNED_OUT, submitLogin, switchLanguage } from '../support/console';
import { ADMIN } from '../support/env';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { PICTURES, saveScreenshot } from '../support/screenshot';

type Node = { id: string; permission: string; children: Node[] };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** Waits for a table to stop loading. */
const settled = async (page: Page) => {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
};

test.describe('accounts and administration', () => {
  // The specs about signing in and out use the form and sessions of their own.
  test.use({ storageState: SIGNED_OUT });

  // Each flow crosses several pages and real mail; the default minute is too tight on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('a role with a few menus and buttons gives its holder exactly those', async ({ page, api }) => {
    const { api: admin } = await api.login();
    const tree = flatten((await admin.get<Node[]>('/upms/v1/upms/role/getGrantableTree')).result);
    const pick = (p: string) => tree.find((n) => n.permission === p)?.id as string;

    await login(page);
    await page.goto('/user/role');
    await page.getByTestId('role-add').click();
    await page.getByTestId('role-name').fill('Group keeper');
    await page.getByTestId('role-code').fill('group_keeper');
    // Tick entries through the tree: the device-groups page and its "add" button, the operation log page.
    const roleTree = page.getByTestId('role-tree');
    const node = (title: string) =>
      roleTree
        .locator('.ant-tree-treenode')
        .filter({ has: page.getByTitle(title, { exact: true }) })
        .first();
    await node('Users').locator('.ant-tree-switcher').click();
    await node('Device Groups').locator('.ant-tree-checkbox').click();
    await node('Operation Log').locator('.ant-tree-checkbox').click();
    await node('Device Groups').locator('.ant-tree-switcher').click();
    await node('Add').locator('.ant-tree-checkbox').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('cell', { name: 'group_keeper' })).toBeVisible();

    // The role as saved holds exactly the ticked entries.
    const role = (
      await admin.get<{ records: { code: string; id: string; menuIds: string[] }[] }>(
        '/upms/v1/upms/role/getPage',
        { code: 'group_keeper' },
      )
    ).result.records[0];
    expect(role.menuIds.sort()).toEqual(
      [pick('user:group:view'), pick('user:oplog:view'), pick('user:group:add')].sort(),
    );

    await page.goto('/user/index');
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-username').fill('keeper');
    await page.getByTestId('user-password').fill('Keeper#Pass1');
    await page.getByTestId('user-name').fill('Group Keeper');
    await page.getByTestId('user-roles').click();
    await page.locator('.ant-select-dropdown').getByText('Group keeper', { exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('cell', { name: 'keeper', exact: true })).toBeVisible();
    await expect(page.getByText('Enabled', { exact: true }).first()).toBeVisible();

    await page.evaluate(() => localStorage.clear());
    await login(page, 'keeper', 'Keeper#Pass1');
    const menu = page.getByTestId('side-menu');
    await menu.getByText('Users', { exact: true }).click();
    await expect(menu.getByTestId('menu-item-/user/equipment')).toBeVisible();
    await expect(menu.getByTestId('menu-item-/user/operationLog')).toBeVisible();
    await expect(menu.getByTestId('menu-item-/user/index')).toHaveCount(0);
    await expect(menu.getByText('Devices', { exact: true })).toHaveCount(0);
    await page.goto('/user/equipment');
    await expect(page.getByTestId('group-add')).toBeVisible();
    // No edit, move or delete buttons without those permissions.
    await page.getByTestId('group-add').click();
    await page.getByTestId('group-name').fill('North');
    await page.getByTestId('group-number').fill('N-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('cell', { name: 'North' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });

  test('register, activate from the mail, complete details, get approved, log in', async ({ page, api }) => {
    const started = Date.now();
    await page.goto('/login');
    await page.getByTestId('register-link').click();
    await page.getByTestId('register-username').fill('new_shop');
    await page.getByTestId('register-email').fill('new_shop@e2e.test');
    await page.getByTestId('register-password').fill('Shop#Pass1');
    await page.getByTestId('register-confirm').fill('Shop#Pass2');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('The passwords do not match!')).toBeVisible();
    await page.getByTestId('register-confirm').fill('Shop#Pass1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByTestId('register-sent')).toBeVisible();

    const link = await waitForMail('new_shop@e2e.test', /(https?:\/\/\S+\/login\?activate=\S+)/, started);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByTestId('activation-done')).toBeVisible();
    await submitLogin(page, 'new_shop', 'Shop#Pass1');
    await expect(page).toHaveURL(/guide-to-filling/);
    for (const [field, value] of [
      ['name', 'Li Na'],
      ['companyName', 'New Shop Ltd'],
      ['address', '9 Harbour Rd'],
      ['salesmanName', 'Zhou'],
      ['salesmanPhone', '13900000000'],
      ['salesmanAddress', '10 Harbour Rd'],
    ])
      await page.getByTestId(`guide-${field}`).fill(value);
    await page.getByTestId('guide-submit').click();
    await expect(page.getByTestId('guide-submitted')).toBeVisible();

    await page.evaluate(() => localStorage.clear());
    await login(page);
    await page.goto('/user/toExamine');
    await expect(page.getByRole('cell', { name: 'New Shop Ltd' })).toBeVisible();
    await page.getByTestId('review-new_shop').click();
    await expect(page.getByTestId('review-history-entry')).toHaveCount(1);
    await page.getByTestId('review-approve').click();
    await expect(page.getByTestId('review-new_shop')).toHaveCount(0);
    await waitForMail('new_shop@e2e.test', /(approved)/, started);

    await page.evaluate(() => localStorage.clear());
    await login(page, 'new_shop', 'Shop#Pass1');
    expect((await api.login('new_shop', 'Shop#Pass1')).userId).toBeTruthy();
  });

  test('change a password with the code from the mail', async ({ page, api }) => {
    const { api: admin } = await api.login();
    await admin.post('/upms/v1/upms/user/addOrUpdate', {
      username: 'pwd_user',
      password: 'Pwd#Pass1',
      email: 'pwd_user@e2e.test',
      roleIds: [await admin.roleId('sales')],
    });
    await login(page, 'pwd_user', 'Pwd#Pass1');
    const started = Date.now();
    await openChangePasswordDialog(page);
    // An account with an email may change it by a mailed code instead of the current password.
    await page.getByTestId('password-method').getByText('Email code').click();
    await page.getByTestId('password-email').fill('pwd_user@e2e.test');
    await page.getByTestId('password-send-code').click();
    const code = await waitForMail('pwd_user@e2e.test', /(\d{6})/, started);
    // The mail can arrive before the browser has the answer, while the button still spins (and
    // ignores a click): the countdown shows the send is done.
    await expect(page.getByTestId('password-send-code')).toContainText('Resend in');
    await page.getByTestId('password-send-code').click();
    await expect(page.getByText('Please do not click again within 1 minute')).toBeVisible();
    await page.getByTestId('password-email-code').fill(code);
    await page.getByTestId('password-new').fill('Pwd#Pass2');
    await page.getByTestId('password-confirm').fill('Pwd#Pass2');
    await page.getByRole('button', { name: /submit|confirm/i }).click();
    await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
    await login(page, 'pwd_user', 'Pwd#Pass2');
  });

  test('pages in both languages (screenshots)', { tag: PICTURES }, async ({ page, api }) => {
    test.setTimeout(360_000);
    const { api: admin } = await api.login();
    await admin.post('/upms/v1/upms/cpmPrivatization/addOrUpdate', {
      name: 'Harbour Retail',
      contact: 'Chen',
      phone: '021-5555',
      email: 'it@harbour.test',
      country: 'CN',
      region: 'Shanghai',
      address: '8 Bund Rd',
      deploymentStatus: '1',
      networkType: 'intranet',
      interfaceUrl: 'https://pos.harbour.test/api',
      serviceIp: '10.0.0.8',
      sysUser: 'root',
      password: 'S3cret#Harbour',
    });
    await login(page, ADMIN.username, ADMIN.password);
    const pages = [
      '/user/index',
      '/user/role',
      '/user/toExamine',
      '/user/equipment',
      '/user/sysMenu',
      '/user/dicInfo',
      '/user/cpmPrivatization',
      '/user/operationLog',
    ];
    for (const language of ['cn', 'en'] as const) {
      await switchLanguage(page, language);
      for (const path of pages) {
        await page.goto(path);
        await expect(page.getByTestId('pending-page')).toHaveCount(0);
        await settled(page);
        await saveScreenshot(page, `accounts${path.replaceAll('/', '-')}`, language, 'light');
      }
    }
    // Dark theme, and the phone width, for the two busiest pages.
    await page.getByTestId('settings-button').click();
    await page.getByTestId('theme-mode-dark').click();
    await page.keyboard.press('Escape');
    for (const path of ['/user/index', '/user/role']) {
      await page.goto(path);
      await settled(page);
      await saveScreenshot(page, `accounts${path.replaceAll('/', '-')}`, 'en', 'dark');
    }
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/user/index', '/user/equipment']) {
      await page.goto(path);
      await settled(page);
      await saveScreenshot(page, `accounts${path.replaceAll('/', '-')}`, 'en', 'dark');
    }
  });
});
