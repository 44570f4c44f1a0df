import { startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { type Language, storageItem, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import {
  pictured,
  SIZES_TO_PICTURE,
  saveScreenshot,
  setTheme,
  settle,
  type Theme,
} from '../support/screenshot';

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
});
