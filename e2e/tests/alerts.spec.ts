import type { Page } from '@playwright/test';
import { simSn } from '../../apps/pos-sim/src/fleet';
import { axeFindings } from '../support/axe';
import { type Language, storageItem, switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import { startSteadyTills } from '../support/fleet';
import { pictured, SIZES_TO_PICTURE, saveScreenshot, setTheme, settle, THEMES } from '../support/screenshot';

// The evaluation round runs every minute: an alarm shows as an alert within about a minute, told
// to the open page by its live connection.
const ROUND = { timeout: 90_000 };

/** The story per language, each with its own alarm so the two rules never see each other's. */
const STORIES = [
  {
    language: 'en' as Language,
    prefix: 'ALREN',
    alarm: 'paperOut' as const,
    condition: 'Device alarm',
    acknowledged: 'Acknowledged',
    closed: 'Closed',
    acknowledge: 'Acknowledge',
    close: 'Close',
  },
  {
    language: 'cn' as Language,
    prefix: 'ALRCN',
    alarm: 'coverOpen' as const,
    condition: '设备告警',
    acknowledged: '已确认',
    closed: '已关闭',
    acknowledge: '确认',
    close: '关闭',
  },
] as const;

/** Picks an option of the open select dropdown. */
const choose = async (page: Page, text: string) =>
  page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();

for (const s of STORIES) {
  test(`a rule raises an alert from a till's alarm, acknowledged and closed with notes (${s.language})`, async ({
    page,
  }) => {
    test.setTimeout(360_000);
    const fleet = await startSteadyTills({ prefix: s.prefix, model: 'E2E-ALR' });
    const sn = simSn(s.prefix, 1);
    const name = `Till alarm ${s.language}`;
    try {
      await page.goto('/device/alertRules');
      if (s.language === 'cn') await switchLanguage(page, 'cn');
      await page.getByTestId('alert-rule-add').click();
      const form = page.getByTestId('alert-rule-form');
      await form.locator('[id="alert-rule-form_name"]').fill(name);
      await form.getByTestId('alert-rule-condition').click();
      await choose(page, s.condition);
      await form.locator('[id="alert-rule-form_params_name"]').fill(s.alarm);
      await settle(page);
      expect(await axeFindings(page)).toEqual([]);
      await page.getByTestId('alert-rule-form-save').click();
      await expect(form).toBeHidden();
      await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

      await expect.poll(() => fleet.stats.connected, { timeout: 60_000 }).toBeGreaterThan(0);
      // The terminal's own alerts tab is open before the alarm: the alert arrives by the live
      // connection when the round raises it, with no reload.
      await page.goto(`/device/deviceDetail/${sn}?tab=alerts`);
      const own = page.getByTestId('terminal-alerts');
      await expect(own.getByRole('table')).toBeVisible();
      await expect(own.getByRole('row').filter({ hasText: name })).toHaveCount(0);
      let reloaded = false;
      page.on('load', () => {
        reloaded = true;
      });
      await fleet.alarms[0].raise(s.alarm, 'seen in the browser test');
      await expect(own.getByRole('row').filter({ hasText: name })).toBeVisible(ROUND);
      expect(reloaded, 'the page was reloaded').toBe(false);

      await page.goto(`/device/alertCenter?sn=${sn}`);
      const list = page.getByTestId('alert-list');
      const row = list.getByRole('row').filter({ hasText: name });
      await expect(row).toBeVisible();
      await settle(page);
      expect(await axeFindings(page)).toEqual([]);

      await row.getByTestId('row-ack').click();
      await page.getByTestId('alert-note').fill('Store called');
      await page.getByTestId('alert-note-ok').click();
      await expect(row).toContainText(s.acknowledged);
      await row.getByTestId('row-close').click();
      await page.getByTestId('alert-note').fill('Paper loaded');
      await page.getByTestId('alert-note-ok').click();
      await expect(row).toContainText(s.closed);
      await row.getByTestId('row-timeline').click();
      const timeline = page.getByTestId('alert-timeline');
      await expect(timeline).toContainText('Store called');
      await expect(timeline).toContainText('Paper loaded');
      await settle(page);
      expect(await axeFindings(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.getByTestId('alert-preferences').click();
      await expect(page.getByTestId('alert-preferences-save')).toBeVisible();
      await settle(page);
      expect(await axeFindings(page)).toEqual([]);
      await page.keyboard.press('Escape');
    } finally {
      await fleet.alarms[0].clear(s.alarm).catch(() => undefined);
      await fleet.stop(false);
    }
  });
}

test(`the alert pages in both languages, themes and widths ${'@pictures'}`, async ({ page }) => {
  test.setTimeout(900_000);
  await page.goto('/device/alertCenter');
  for (const size of SIZES_TO_PICTURE) {
    await page.setViewportSize(size);
    for (const language of ['en', 'cn'] as const) {
      if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
      for (const theme of THEMES) {
        if (!pictured(size.width, language, theme)) continue;
        await setTheme(page, theme);
        for (const [shot, path, testId] of [
          ['alert-center', '/device/alertCenter', 'alert-center-page'],
          ['alert-rules', '/device/alertRules', 'alert-rules-page'],
          ['dashboard-alerts', '/dashboard/index', 'open-alerts-figure'],
          // The first story's till, when the stories ran before in the same server.
          ['terminal-alerts', `/device/deviceDetail/${simSn('ALREN', 1)}?tab=alerts`, 'device-detail-page'],
        ]) {
          await page.goto(path);
          await expect(page.getByTestId(testId)).toBeVisible();
          await settle(page);
          await saveScreenshot(page, shot, language, theme);
        }
        await page.goto('/device/alertRules');
        await page.getByTestId('alert-rule-add').click();
        await expect(page.getByTestId('alert-rule-form')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'alert-rule-form', language, theme);
        await page.goto('/device/alertCenter');
        await page.getByTestId('alert-preferences').click();
        // The choices, not the placeholder shown while they load.
        await expect(page.locator('.ant-modal .ant-select').first()).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'alert-preferences', language, theme);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('alert-preferences-save')).toBeHidden();
      }
    }
  }
});
