import { expect, test } from '../support/fixtures';

const TERMINALS = '/device/v1/device/terminal/getPage?current=1&size=5';

test('a service account gets a key shown once that works until it is revoked', async ({ page, request }) => {
  await page.goto('/user/serviceAccount');
  await page.getByTestId('service-account-add').click();
  await page.locator('#service-account-form_name').fill('Till bridge');
  await page.locator('#service-account-form_roleId').click();
  await page.locator('.ant-select-dropdown').getByText('Enterprise administrator', { exact: true }).click();
  await page.getByTestId('service-account-form-save').click();
  const row = page.getByRole('row').filter({ hasText: 'Till bridge' });
  await row.getByTestId('row-keys').click();

  await page.getByTestId('issue-key').click();
  await page.locator('#issue-key-form_name').fill('sync');
  await page.locator('#issue-key-form_scopes').fill('device:terminal:view');
  await page
    .locator('.ant-select-dropdown .ant-select-item-option-content', { hasText: 'device:terminal:view' })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await page.getByTestId('issue-key-form-save').click();

  const shown = page.getByTestId('issued-key');
  await expect(shown).toHaveText(/^cpk_[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent()) ?? '';
  await page.getByTestId('key-shown-close').click();
  await expect(page.getByText(key)).toHaveCount(0);
  const prefix = key.split('.')[0];
  await expect(page.getByTestId(`key-status-${prefix}`)).toHaveText('Active');

  const bearer = { authorization: `Bearer ${key}` };
  expect((await request.get(TERMINALS, { headers: bearer })).status()).toBe(200);

  await page.getByTestId('keys-table').getByTestId('row-revoke').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`key-status-${prefix}`)).toHaveText('Revoked');
  expect((await request.get(TERMINALS, { headers: bearer })).status()).toBe(401);
});
