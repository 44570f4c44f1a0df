import { axeFindings } from '../support/axe';
import { storageItem, switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import {
  PICTURES,
  pictured,
  SIZES_TO_PICTURE,
  saveScreenshot,
  setTheme,
  settle,
  THEMES,
} from '../support/screenshot';

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
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Asia/Shanghai' })
    .first();
  await expect(option).toBeVisible();
  // The dialog with the picker's list open: no critical or serious WCAG finding.
  await settle(page);
  expect(await axeFindings(page, '.ant-modal')).toEqual([]);
  expect(await axeFindings(page, '.ant-select-dropdown')).toEqual([]);
  await option.click();
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

test(`the group dialog's time zone picker in both languages, themes and widths ${PICTURES}`, async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.goto('/user/equipment');
  for (const size of SIZES_TO_PICTURE) {
    await page.setViewportSize(size);
    for (const language of ['en', 'cn'] as const) {
      if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
      for (const theme of THEMES) {
        if (!pictured(size.width, language, theme)) continue;
        await setTheme(page, theme);
        await page.getByTestId('group-add').click();
        const form = page.getByTestId('group-form');
        await form.getByRole('combobox').last().click();
        await page.keyboard.type('Asia/');
        await expect(
          page.locator('.ant-select-dropdown:visible .ant-select-item-option').first(),
        ).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'group-zone-picker', language, theme);
        await page.keyboard.press('Escape');
        await page.locator('.ant-modal-close').click();
        await expect(form).toBeHidden();
      }
    }
  }
});
