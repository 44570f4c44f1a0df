import type { Locator } from '@playwright/test';
import { simSn } from '../../apps/pos-sim/src/fleet';
import { storageItem, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { saveScreenshot, settle } from '../support/screenshot';

const PREFIX = 'TWIDTH';

/**
 * Where a table's last column ends against what shows it: the table's scroll area (scrolled fully to
 * the right), the page's content area and the window; and how far the page itself scrolls sideways.
 */
const lastColumnFit = (table: Locator) =>
  table.evaluate((root) => {
    const area = root.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    const heads = root.querySelectorAll('thead th');
    const last = heads[heads.length - 1];
    const content = document.querySelector('[data-testid="page-content"]');
    if (!area || !last || !content) return null;
    area.scrollLeft = area.scrollWidth;
    const right = (el: Element) => Math.round(el.getBoundingClientRect().right);
    return {
      lastColumn: right(last),
      scrollArea: right(area),
      content: right(content),
      window: window.innerWidth,
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });

// At 1440 px with the menu open, the task detail's results table shows its last column whole, or
// scrolls sideways inside its card: the column's right edge, scrolled into view, lies inside the
// scroll area, the area inside the page's content, and the page does not scroll sideways.
test('the task detail’s results show their last column at 1440 px with the menu open', async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await provisionFleet({
    server: BASE_URL,
    username: ADMIN.username,
    password: ADMIN.password,
    count: 2,
    prefix: PREFIX,
    model: 'E2E-TW',
  });
  const { api: admin } = await api.login();
  const made = await admin.post<{ id: string }>('/task/v1/task/remoteTask/create', {
    name: `Restart the front-counter tills ${Date.now()}`,
    platform: 'android',
    type: 'reboot',
    targets: { sns: [simSn(PREFIX, 1), simSn(PREFIX, 2)] },
    timing: { expireAt: new Date(Date.now() + 86_400_000).toISOString() },
    // Waves give the overview its waves table too.
    rollout: { waves: [50, 100], maxFailurePercent: 10, waveMinutes: 60 },
  });
  expect(made.code, `${made.messageEn} ${JSON.stringify(made.result)}`).toBe(1);

  await page.goto(`/longRange/taskInfo?id=${made.result.id}`);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  // A reboot has no summary: the line under the title ends with its platform.
  await expect(page.locator('.cpm-detail-subtitle')).toHaveText('Reboot · Android');
  for (const language of ['en', 'cn'] as const) {
    if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
    const results = page.getByTestId('task-results');
    const tabs = page.getByTestId('task-info-page').getByRole('tab');
    await tabs.first().click();
    await expect(results.getByRole('row').filter({ hasText: PREFIX }).first()).toBeVisible({
      timeout: 60_000,
    });
    await settle(page);
    await saveScreenshot(page, 'task-detail-results', language, 'light');
    const fits = [await lastColumnFit(results.locator('.ant-table').first())];
    await tabs.nth(1).click();
    const waves = page.getByTestId('task-waves-table');
    await expect(waves.getByRole('row').nth(1)).toBeVisible();
    await settle(page);
    await saveScreenshot(page, 'task-detail-overview', language, 'light');
    fits.push(await lastColumnFit(waves.locator('.ant-table')));
    for (const fit of fits) {
      expect(fit).not.toBeNull();
      if (!fit) continue;
      const say = `${language} ${JSON.stringify(fit)}`;
      expect(fit.lastColumn, say).toBeLessThanOrEqual(fit.scrollArea + 1);
      expect(fit.scrollArea, say).toBeLessThanOrEqual(Math.min(fit.content, fit.window) + 1);
      expect(fit.pageOverflow, say).toBeLessThanOrEqual(0);
    }
  }
});
