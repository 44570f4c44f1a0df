import { startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { type Language, storageItem, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet, startSteadyTills } from '../support/fleet';
import {
  pictured,
  SIZES_TO_PICTURE,
  saveScreenshot,
  setTheme,
  settle,
  type Theme,
} from '../support/screenshot';

const LIVE = { timeout: 45_000 };
const COUNT = 5;
const PREFIX = 'E2E';
const sn = (i: number) => `${PREFIX}${String(i).padStart(6, '0')}`;

test.describe('terminal fleet', () => {
  test('simulated terminals come online live, one stops and turns offline, its detail shows its hello', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { enrollmentKey } = await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: COUNT,
      prefix: PREFIX,
      model: 'E2E-P2',
    });
    await page.goto('/device/index');
    await page.getByTestId('filter-sn').fill(PREFIX);
    await page.getByTestId('filter-search').click();
    await expect(page.locator('[data-online="false"]')).toHaveCount(COUNT);

    const fleet = startFleet({
      count: COUNT,
      server: BASE_URL,
      transport: 'mqtt',
      prefix: PREFIX,
      enrollmentKey,
      cities: [CITIES.shanghai],
      model: 'E2E-P2',
      heartbeatSec: 5,
      rampSec: 1,
      faultRate: 0,
      rebootRate: 0,
    });
    try {
      // No reload: the list follows the fleet events from /mqtt.
      await expect(page.locator('[data-online="true"]')).toHaveCount(COUNT, { timeout: 30_000 });
      await fleet.terminals[0].stop(true);
      await expect(page.locator('[data-online="false"]')).toHaveCount(1, { timeout: 30_000 });
      await expect(page.locator('[data-online="true"]')).toHaveCount(COUNT - 1);

      await page.getByTestId(`terminal-link-${sn(2)}`).click();
      await expect(page.getByTestId('device-detail-page')).toBeVisible();
      const overview = page.getByTestId('detail-overview');
      await expect(overview).toContainText('Android 11');
      await expect(overview).toContainText('FW-2.4.1');
      await expect(overview).toContainText('E2E-P2');
      await page.getByRole('tab', { name: 'Hardware' }).click();
      await expect(page.getByTestId('detail-hardware')).toContainText('Cortex-A53');

      // Pictures of the fleet pages in both languages and themes, at desktop and phone width.
      const languages: Language[] = ['en', 'cn'];
      for (const size of SIZES_TO_PICTURE) {
        await page.setViewportSize(size);
        for (const language of languages) {
          if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
          for (const theme of ['light', 'dark'] as Theme[]) {
            if (!pictured(size.width, language, theme)) continue;
            await setTheme(page, theme);
            for (const [name, path, testId] of [
              ['devices', '/device/index', 'device-list-page'],
              ['device-detail', `/device/deviceDetail/${sn(2)}`, 'device-detail-page'],
              ['dashboard-fleet', '/dashboard/index', 'fleet-overview'],
            ]) {
              await page.goto(path);
              await expect(page.getByTestId(testId)).toBeVisible();
              await settle(page);
              await saveScreenshot(page, name, language, theme);
            }
          }
        }
      }
    } finally {
      await fleet.stop(false);
    }
  });

  test('the list and the terminal page push an app, run a command, reboot, move and open the desktop', async ({
    page,
    api,
  }) => {
    test.setTimeout(300_000);
    const { api: admin } = await api.login();
    const moved = await admin.post<{ id: string }>('/upms/v1/upms/equipment/addOrUpdate', {
      name: 'Quick action store',
      number: 'QAC1',
    });
    expect(moved.code).toBe(1);
    const prefix = 'QAC';
    const quick = (i: number) => `${prefix}${String(i).padStart(6, '0')}`;
    const fleet = await startSteadyTills({ prefix, model: 'E2E-Q2', count: 2 });
    try {
      await page.goto('/device/index');
      await page.getByTestId('filter-sn').fill(prefix);
      await page.getByTestId('filter-search').click();
      await expect(page.locator('[data-online="true"]')).toHaveCount(2, LIVE);
      const row = (i: number) =>
        page
          .getByTestId('device-list-page')
          .locator('.ant-table-row', { has: page.getByTestId(`terminal-link-${quick(i)}`) })
          .locator('.ant-checkbox-input');

      // Two selected: the bar counts them; the remote desktop takes exactly one.
      await expect(page.getByTestId('device-bulk-bar')).toBeHidden();
      await row(1).check();
      await row(2).check();
      const bar = page.getByTestId('device-bulk-bar');
      await expect(bar.getByTestId('device-bulk-count')).toHaveText('2 selected');
      await expect(bar.getByTestId('quick-remote')).toBeDisabled();
      await expect(bar.getByTestId('quick-push-app')).toBeEnabled();

      // Push an app opens the install task with both terminals as its targets.
      await bar.getByTestId('quick-push-app').click();
      await expect(page.getByTestId('task-create-page')).toBeVisible(LIVE);
      await expect(page.getByTestId('task-type')).toContainText('Install app');
      await expect(page.getByTestId(`task-sn-${quick(1)}`)).toBeVisible();
      await expect(page.getByTestId(`task-sn-${quick(2)}`)).toBeVisible();

      // Run a command opens the command form with the selected terminals.
      await page.goto('/device/index');
      await page.getByTestId('filter-sn').fill(prefix);
      await page.getByTestId('filter-search').click();
      await row(1).check();
      await page.getByTestId('device-bulk-bar').getByTestId('quick-run-command').click();
      await expect(page.getByTestId('remote-commands-page')).toBeVisible(LIVE);
      await expect(page.getByTestId('command-terminals')).toContainText(quick(1));

      // Reboot from the list, after a confirmation; the history shows it.
      await page.goto('/device/index');
      await page.getByTestId('filter-sn').fill(prefix);
      await page.getByTestId('filter-search').click();
      await row(2).check();
      await page.getByTestId('device-bulk-bar').getByTestId('quick-reboot').click();
      await page.getByTestId('quick-reboot-ok').click();
      await expect(page.getByText('Sent to 1 terminal')).toBeVisible();
      await page.goto('/remote/common');
      await expect(page.getByTestId('command-history')).toContainText('Reboot', LIVE);

      // The terminal's page: remote desktop for this terminal, and move to another group.
      await page.goto(`/device/deviceDetail/${quick(1)}`);
      const actions = page.getByTestId('device-detail-actions');
      await expect(actions.getByTestId('quick-remote')).toBeEnabled(LIVE);
      await page.getByTestId('detail-move').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Target group').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Quick action store' })
        .click();
      await dialog.getByTestId('move-ok').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('detail-overview')).toContainText('Quick action store', LIVE);
      await actions.getByTestId('quick-remote').click();
      await expect(page.getByTestId('remote-connect-bar')).toContainText(quick(1), LIVE);

      const languages: Language[] = ['en', 'cn'];
      for (const size of SIZES_TO_PICTURE) {
        await page.setViewportSize(size);
        for (const language of languages) {
          if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
          for (const theme of ['light', 'dark'] as Theme[]) {
            if (!pictured(size.width, language, theme)) continue;
            await setTheme(page, theme);
            await page.goto('/device/index');
            await page.getByTestId('filter-sn').fill(prefix);
            await page.getByTestId('filter-search').click();
            await row(1).check();
            await expect(page.getByTestId('device-bulk-bar').getByTestId('quick-reboot')).toBeVisible();
            await settle(page);
            await saveScreenshot(page, 'devices-bulk', language, theme);
            await page.goto(`/device/deviceDetail/${quick(1)}`);
            await expect(page.getByTestId('device-detail-actions').getByTestId('quick-remote')).toBeVisible();
            await settle(page);
            await saveScreenshot(page, 'device-detail-actions', language, theme);
          }
        }
      }
    } finally {
      await fleet.stop(false);
    }
  });
});
