import { provisionFleet } from '../../apps/pos-sim/src/fleet';
import { Api } from '../support/api';
import { type Language, login, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { SCREEN_SIZES, saveScreenshot, setTheme, settle, THEMES } from '../support/screenshot';

const SN = 'SUPE2E000001';
const O = '/support/v1/support/order';

test.describe('after-sales orders', () => {
  test('an order opened for a terminal is accepted, repaired, returned and closed, with its history; another is rejected with a reason', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: 1,
      prefix: 'SUPE2E',
      model: 'E2E-S1',
    });
    await login(page);
    await page.goto('/technicalSupport/index');
    await page.getByTestId('order-add').click();
    await page.getByTestId('order-sn').fill(SN);
    await page.getByTestId('order-contact').fill('Li Wei');
    await page.getByTestId('order-phone').fill('+86 138 0000 0000');
    await page.getByTestId('order-fault').click();
    await page.getByTitle('Printer').click();
    await page.getByTestId('order-description').fill('The printer jams on every receipt');
    await page.getByTestId('order-form-save').click();
    await expect(page.getByTestId('order-form-save')).toBeHidden();

    const row = page.locator('tr', { hasText: SN }).first();
    await expect(row).toContainText('E2E');
    await row.getByTestId('row-view').click();
    const drawer = page.getByTestId('order-detail');
    await expect(drawer).toContainText('E2E-S1');
    for (const action of ['accept', 'repair', 'return', 'close']) {
      await drawer.getByTestId(`order-action-${action}`).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /OK|Yes|确/ })
        .click();
      await expect(drawer.getByTestId('order-event').last()).toHaveAttribute('data-kind', action);
    }
    await expect(drawer.getByTestId('order-event')).toHaveCount(5);
    await expect(drawer.getByTestId('order-actions')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A second order, rejected with a reason the customer reads in the history.
    const { api } = await new Api(request).login();
    const second = await api.post<{ id: string; number: string }>(`${O}/addOrUpdate`, {
      sn: SN,
      contact: 'Li Wei',
      phone: '+86 138 0000 0000',
      faultType: 'screen',
      description: 'Cracked screen',
    });
    expect(second.code).toBe(1);
    await page.reload();
    await page.locator('tr', { hasText: second.result.number }).getByTestId('row-view').click();
    await drawer.getByTestId('order-action-reject').click();
    await expect(page.getByTestId('order-reject-ok')).toBeDisabled();
    await page.getByTestId('order-reject-reason').fill('Damage from a fall is not covered');
    await page.getByTestId('order-reject-ok').click();
    await expect(drawer.getByTestId('order-event').last()).toHaveAttribute('data-kind', 'reject');
    await expect(drawer).toContainText('Damage from a fall is not covered');

    // Pictures of the list and the detail in both languages and themes, at desktop and phone width.
    for (const language of ['en', 'cn'] as Language[]) {
      await page.keyboard.press('Escape');
      await switchLanguage(page, language);
      for (const theme of THEMES) {
        await setTheme(page, theme);
        for (const size of SCREEN_SIZES) {
          await page.setViewportSize(size);
          await page.goto('/technicalSupport/index');
          await expect(page.locator('tr', { hasText: SN }).first()).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'support-orders', language, theme);
          await page.locator('tr', { hasText: second.result.number }).getByTestId('row-view').click();
          await expect(drawer.getByTestId('order-event').first()).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'support-order-detail', language, theme);
        }
      }
    }
  });
});
