import { PAGE_LOAD } from '../support/env';
import { expect, test } from '../support/fixtures';

test.describe('help manual layout', () => {
  test('the contents keep the 210 px theme sidebar and a chosen section lands below the top bar', async ({
    page,
  }) => {
    await page.goto('/messageManage/helpManual');
    const aside = page.getByTestId('help-aside');
    await expect(aside).toBeVisible(PAGE_LOAD);
    await expect.poll(async () => (await aside.boundingBox())?.width).toBe(210);

    await page.getByTestId('help-toc').getByRole('link', { name: 'Your Password' }).click();
    const heading = page.getByRole('heading', { name: 'Your Password' });
    const bar = (await page.locator('.cpm-topbar').boundingBox())?.height ?? 0;
    // After the 500 ms scroll the heading sits 16 px under the fixed bar, not hidden by it.
    await expect
      .poll(async () => Math.abs(((await heading.boundingBox())?.y ?? 0) - (bar + 16)) < 2)
      .toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await aside.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  });
});
