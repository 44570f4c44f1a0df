import { startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { type Language, storageItem, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { pictured, SIZES_TO_PICTURE, saveScreenshot, setTheme, settle, THEMES } from '../support/screenshot';

const COUNT = 3;
const PREFIX = 'DCE';
const sn = (i: number) => `${PREFIX}${String(i).padStart(6, '0')}`;

test.describe('data centre', () => {
  test('terminals run through the device path; run records, a terminal detail and the fleet monitor draw their charts', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const { enrollmentKey } = await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: COUNT,
      prefix: PREFIX,
      model: 'DC-P2',
    });
    const fleet = startFleet({
      count: COUNT,
      server: BASE_URL,
      transport: 'http',
      prefix: PREFIX,
      enrollmentKey,
      cities: [CITIES.shanghai],
      model: 'DC-P2',
      heartbeatSec: 1,
      rampSec: 1,
      faultRate: 0,
      rebootRate: 0,
    });
    try {
      // A few seconds of heartbeats give every terminal online time and data on today's run record.
      await page.goto(`/dataCenter/index?sn=${PREFIX}`);
      await expect(page.getByTestId('run-records-page')).toBeVisible();
      await expect(async () => {
        await page.reload();
        // A reload on a busy machine can take longer than a couple of seconds.
        await expect(page.getByTestId(`run-link-${sn(1)}`)).toBeVisible({ timeout: 10_000 });
        await expect(page.locator('.ant-table-row')).toHaveCount(COUNT, { timeout: 10_000 });
      }).toPass({ timeout: 120_000 });
    } finally {
      await fleet.stop();
    }
    await page.getByTestId(`run-link-${sn(1)}`).click();
    await expect(page.getByTestId('run-detail-page')).toBeVisible();
    for (const chart of ['chart-online', 'chart-data', 'chart-battery', 'chart-memory', 'chart-boots'])
      await expect(page.getByTestId(chart).locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('run-events')).toContainText(/boot/i);

    await page.goto('/dataCenter/monitor');
    await expect(page.getByTestId('monitor-page')).toBeVisible();
    await expect(page.getByTestId('chart-fleet').locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('chart-model').locator('canvas').first()).toBeVisible();
    // The model chart drills down to the run records it counts.
    await page.getByTestId('chart-model-drill').filter({ hasText: 'DC-P2' }).click();
    await expect(page).toHaveURL(/dataCenter\/index\?.*modelId=/);
    await expect(page.locator('.ant-table-row')).toHaveCount(COUNT);
    // The model filter names the model it came with.
    await expect(page.getByTestId('filter-modelId')).toContainText('DC-P2');

    // A bad range is refused with the server's message.
    await page.goto('/dataCenter/monitor');
    await page.getByTestId('monitor-start').locator('xpath=descendant-or-self::input').fill('2099-01-01');
    await expect(page.getByText('The end date must not be before the start date').first()).toBeVisible();

    const languages: Language[] = ['en', 'cn'];
    for (const size of SIZES_TO_PICTURE) {
      await page.setViewportSize(size);
      for (const language of languages) {
        if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
        for (const theme of THEMES) {
          if (!pictured(size.width, language, theme)) continue;
          await setTheme(page, theme);
          for (const [name, path, testId] of [
            ['datacenter-run-records', `/dataCenter/index?sn=${PREFIX}`, 'run-records-page'],
            ['datacenter-run-detail', `/dataCenter/deviceRunInfo/${sn(1)}`, 'run-detail-page'],
            ['datacenter-monitor', '/dataCenter/monitor', 'monitor-page'],
          ]) {
            await page.goto(path);
            await expect(page.getByTestId(testId)).toBeVisible();
            await settle(page);
            await saveScreenshot(page, name, language, theme);
          }
        }
      }
    }
  });
});
