import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshot';

test('a store takes a time zone from the picker and its sub-group shows it as inherited', async ({
  page,
}) => {
  await page.goto('/user/equipment');
  const stamp = Date.now();
  await page.getByTestId('group-add').click();
  await page.getByTestId('group-name').fill('Zone East');
  await page.getByTestId('group-number').fill(`ZE-${stamp}`);
  // The picker searches the zones the browser knows.
  await page.getByTestId('group-form').getByRole('combobox').last().click();
  await page.keyboard.type('Asia/Shang');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Asia/Shanghai' })
    .first()
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  const rows = page.getByTestId('groups-page').locator('.ant-table-row');
  const east = rows.filter({ hasText: 'Zone East' });
  await expect(east).toContainText('Asia/Shanghai');

  await east.getByRole('button', { name: 'Add sub-group' }).click();
  await page.getByTestId('group-name').fill('Zone Till');
  await page.getByTestId('group-number').fill(`ZT-${stamp}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(rows.filter({ hasText: 'Zone Till' })).toContainText('Asia/Shanghai (inherited)');
  await saveScreenshot(page, 'group-zone', 'en', 'light');
});
