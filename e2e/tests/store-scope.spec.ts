import { signInAs, switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshot';

const PASSWORD = 'Scope#Pass12';

test.describe('store scope', () => {
  test.describe.configure({ timeout: 90_000 });

  test('adding a terminal to a store outside the scope is refused with a clear message, in both languages', async ({
    page,
    api,
  }) => {
    const { api: admin } = await api.login();
    await admin.post('/device/v1/device/model/addOrUpdate', { name: 'SCOPE-M', state: 1 });
    const roleIds = [await admin.roleId('enterprise_admin')];
    const user = { username: 'scoped_e2e', roleIds, systemLevel: 'enterprise', enabled: true };
    const created = await admin.post<{ id: string }>('/upms/v1/upms/user/addOrUpdate', {
      ...user,
      password: PASSWORD,
    });
    expect(created.code, created.messageEn).toBe(1);
    const { api: scoped } = await api.login(user.username, PASSWORD);
    const group = async (name: string, number: string, parentId?: string) =>
      (await scoped.post<{ id: string }>('/upms/v1/upms/equipment/addOrUpdate', { name, number, parentId }))
        .result.id;
    const region = await group('North region', 'R1');
    await group('Store A', 'SA', region);
    await group('Store B', 'SB');
    const scopedSave = await admin.post('/upms/v1/upms/user/addOrUpdate', {
      ...user,
      id: created.result.id,
      storeScopeGroupId: region,
    });
    expect(scopedSave.code, scopedSave.messageEn).toBe(1);

    // The dialog's field ids carry its form's name (add-device_sn), unique on the page.
    const tryAdd = async (save: string) => {
      await page.goto('/device/index');
      await page.getByTestId('add-device').click();
      const dialog = page.getByRole('dialog');
      // A fleet's many models do not all fit the list: type to narrow it, as a user would.
      const pick = async (field: string, option: string) => {
        await dialog.locator(`#add-device_${field}`).click();
        await dialog.locator(`#add-device_${field}`).fill(option);
        await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
      };
      await dialog.locator('#add-device_sn').fill('SCOPEE2E01');
      await dialog.locator('#add-device_name').fill('Till');
      await pick('modelId', 'SCOPE-M');
      await pick('groupId', 'Store B');
      await dialog.locator('#add-device_storeName').fill('Store B');
      await dialog.locator('#add-device_mac').fill('00:11:22:33:E2:01');
      await dialog.getByRole('button', { name: save }).click();
    };

    await signInAs(page, user.username, PASSWORD);
    await tryAdd('Save');
    await expect(
      page.getByText('This store is outside your store scope: you have no permission to add terminals to it'),
    ).toBeVisible();
    await saveScreenshot(page, 'store-scope-refused', 'en', 'light');

    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await switchLanguage(page, 'cn');
    await tryAdd('保 存');
    await expect(page.getByText('该门店不在您的门店范围内，没有添加终端的权限')).toBeVisible();
    await saveScreenshot(page, 'store-scope-refused', 'cn', 'light');
    // Nothing was created.
    const listed = await scoped.get<{ total: number }>('/device/v1/device/terminal/getPage', {
      sn: 'SCOPEE2E',
    });
    expect(listed.result.total).toBe(0);
  });
});
