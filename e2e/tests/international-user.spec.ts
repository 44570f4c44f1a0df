import { switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import { saveScreenshot, setTheme, settle } from '../support/screenshot';

test.describe('the international-user flag', () => {
  test.describe.configure({ timeout: 180_000 });

  test('is set in the user form, saved, and shown in the list, in both languages', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/user/index');
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-username').fill('intl_e2e');
    await page.getByTestId('user-password').fill('Intl#Pass12');
    await expect(
      page.getByTestId('user-form').getByText('International user', { exact: true }),
    ).toBeVisible();
    await page.getByTestId('user-international').click();
    await expect(page.getByTestId('user-international')).toHaveAttribute('aria-checked', 'true');
    await saveScreenshot(page, 'user-form-international', 'en', 'light');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('cell', { name: 'intl_e2e' })).toBeVisible();
    await settle(page);
    await saveScreenshot(page, 'user-list-international', 'en', 'light');

    await switchLanguage(page, 'cn');
    await setTheme(page, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/user/index');
    await settle(page);
    await page
      .getByRole('row')
      .filter({ hasText: 'intl_e2e' })
      .getByRole('button', { name: /编辑|Edit/ })
      .first()
      .click();
    await expect(page.getByTestId('user-form').getByText('国际用户', { exact: true })).toBeVisible();
    await expect(page.getByTestId('user-international')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('user-international').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'user-form-international', 'cn', 'dark');
  });
});
