import type { Page } from '@playwright/test';
import { simSn } from '../../apps/pos-sim/src/fleet';
import { chooseOp, pickTerminal } from '../support/commandForm';
import { type Language, storageItem, switchLanguage } from '../support/console';
import { ADMIN } from '../support/env';
import { expect, test } from '../support/fixtures';
import { startSteadyTills } from '../support/fleet';
import { pictured, SIZES_TO_PICTURE, saveScreenshot, setTheme, settle, THEMES } from '../support/screenshot';

const PREFIX = 'CMDSIM';
const COUNT = 2;
const MODEL = 'E2E-C2';
const sn = (i: number) => simSn(PREFIX, i);
const LIVE = { timeout: 45_000 };

/**
 * Closes the command detail and waits until it is gone: while it slides away it still holds the
 * focus, and hands it back to the Run button at the end, so keys typed meanwhile would run the
 * previous command again.
 */
const closeDetail = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command-detail')).toBeHidden();
};

test.describe('remote commands', () => {
  test('runs commands on a simulated terminal and sees their results, output and screenshot', async ({
    page,
  }) => {
    test.setTimeout(600_000);
    const fleet = await startSteadyTills({ prefix: PREFIX, model: MODEL, count: COUNT });
    try {
      await page.goto('/device/index');
      await page.getByTestId('filter-sn').fill(PREFIX);
      await page.getByTestId('filter-search').click();
      await expect(page.locator('[data-online="true"]')).toHaveCount(COUNT, LIVE);
      // The second terminal goes away: a command naming it is refused.
      await fleet.terminals[1].stop(true);
      await expect(page.locator('[data-online="true"]')).toHaveCount(COUNT - 1, LIVE);

      await page.goto('/remote/common');
      await expect(page.getByTestId('remote-commands-page')).toBeVisible(LIVE);

      // Device properties: the output the terminal prints shows in the detail.
      await pickTerminal(page, sn(1));
      await chooseOp(page, 'Read device properties');
      await page.getByTestId('command-run').click();
      const detail = page.getByTestId('command-detail');
      await expect(detail).toBeVisible(LIVE);
      const result = detail.getByTestId(`command-result-${sn(1)}`);
      await expect(result.getByTestId('command-result-state')).toHaveText('Succeeded', LIVE);
      await expect(result.getByTestId('command-result-output')).toContainText(`[ro.serialno]: [${sn(1)}]`);
      await closeDetail(page);

      // A ping streams its probes and ends with the statistics.
      await chooseOp(page, 'Ping');
      await page.getByTestId('command-host').fill('localhost');
      await page.getByTestId('command-run').click();
      await expect(result.getByTestId('command-result-state')).toHaveText('Succeeded', LIVE);
      await expect(result.getByTestId('command-result-output')).toContainText('ping statistics');
      await expect(result.getByTestId('command-result-message')).toContainText('packets transmitted');
      await closeDetail(page);

      // A screenshot comes back as a real image of the simulated till.
      await chooseOp(page, 'Screenshot');
      await page.getByTestId('command-run').click();
      await expect(result.getByTestId('command-result-state')).toHaveText('Succeeded', LIVE);
      const preview = result.locator('img');
      await expect(preview).toBeVisible(LIVE);
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth), LIVE)
        .toBeGreaterThan(100);
      await closeDetail(page);

      // A reboot hidden in a shell line is refused before anything is sent.
      await chooseOp(page, 'Shell command');
      await page.getByTestId('command-shell').fill('echo ok; /system/bin/reboot');
      await page.getByTestId('command-run').click();
      await expect(page.getByText(/must not contain shutdown or reboot/)).toBeVisible();
      await expect(page.getByTestId('command-password')).toBeHidden();
      // A harmless line passes, after the password.
      await page.getByTestId('command-shell').fill('getprop ro.serialno');
      await page.getByTestId('command-run').click();
      await page.getByTestId('command-password').fill(ADMIN.password);
      await page.getByTestId('command-password-ok').click();
      await expect(result.getByTestId('command-result-state')).toHaveText('Succeeded', LIVE);
      await expect(result.getByTestId('command-result-output')).toHaveText(`${sn(1)}`);
      await closeDetail(page);

      // An offline terminal is answered clearly (the device page links here with ?sn=).
      await page.goto(`/remote/common?sn=${sn(2)}`);
      await expect(page.getByTestId('remote-commands-page')).toBeVisible(LIVE);
      await chooseOp(page, 'Sync time');
      await page.getByTestId('command-run').click();
      await expect(page.getByText(/The terminal is offline/).first()).toBeVisible();

      // Saved as a template, it comes back into the form.
      await page.getByTestId('command-save-template').click();
      await page.getByTestId('command-template-name').fill('Sync clocks');
      await page.getByTestId('command-template-ok').click();
      await expect(page.getByTestId('command-template-row')).toContainText('Sync clocks');

      // The history lists what ran, newest first, with its results.
      const history = page.getByTestId('command-history');
      await expect(history).toContainText('Screenshot');
      await expect(history).toContainText('Read device properties');
      await expect(history.getByTestId('command-counts').first()).toContainText('1 succeeded');

      // The device page's captured files tab lists the screenshot.
      await page.goto(`/device/deviceDetail/${sn(1)}?tab=files`);
      await expect(page.getByTestId('captured-file-screenshot').first()).toBeVisible(LIVE);

      const languages: Language[] = ['en', 'cn'];
      for (const size of SIZES_TO_PICTURE) {
        await page.setViewportSize(size);
        for (const language of languages) {
          if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
          for (const theme of THEMES) {
            if (!pictured(size.width, language, theme)) continue;
            await setTheme(page, theme);
            await page.goto('/remote/common');
            await expect(page.getByTestId('remote-commands-page')).toBeVisible(LIVE);
            await expect(history.locator('tbody tr.ant-table-row').first()).toBeVisible(LIVE);
            await settle(page);
            await saveScreenshot(page, 'remote-commands', language, theme);
            // The screenshot's own row: the newest command is the shell line, which has no picture.
            await history
              .locator('tbody tr.ant-table-row', { hasText: /Screenshot|截屏/ })
              .first()
              .click();
            await expect(page.getByTestId('command-detail').locator('img').first()).toBeVisible(LIVE);
            await settle(page);
            await saveScreenshot(page, 'remote-command-detail', language, theme);
            await closeDetail(page);
            await page.goto(`/device/deviceDetail/${sn(1)}?tab=files`);
            await expect(page.getByTestId('captured-file-screenshot').first()).toBeVisible(LIVE);
            await settle(page);
            await saveScreenshot(page, 'device-files', language, theme);
          }
        }
      }
    } finally {
      await fleet.stop(false);
    }
  });
});
