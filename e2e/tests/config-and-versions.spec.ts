import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiClient, simSn } from '../../apps/pos-sim/src/fleet';
import { type Language, storageItem, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL, REPO_ROOT } from '../support/env';
import { expect, test } from '../support/fixtures';
import { startSteadyTills } from '../support/fleet';
import { SCREEN_SIZES, SCREENSHOTS, saveScreenshot, setTheme, settle, THEMES } from '../support/screenshot';

const LIVE = { timeout: 45_000 };
const PAGE_LOAD = { timeout: 30_000 };
const LANGUAGES: Language[] = ['en', 'cn'];

/**
 * Pictures a screen at both widths, in both languages and both themes: `show` brings it up and waits
 * for it, `hide` puts away what would cover the header's language and theme buttons (a drawer).
 */
const shootAll = async (
  page: Page,
  name: string,
  show: () => Promise<void>,
  hide: () => Promise<void> = async () => undefined,
) => {
  if (SCREENSHOTS === '') {
    // No pictures: what `show` checks is still checked, once.
    await hide();
    await show();
    await hide();
    return;
  }
  for (const language of LANGUAGES) {
    await hide();
    if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
    for (const theme of THEMES) {
      await hide();
      await setTheme(page, theme);
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);
        await show();
        await settle(page);
        await saveScreenshot(page, name, language, theme);
      }
    }
  }
  await hide();
  await page.setViewportSize(SCREEN_SIZES[0]);
  await switchLanguage(page, 'en');
  await setTheme(page, 'light');
};

test.describe('terminal configuration and app versions', () => {
  test('the configuration tab says when a terminal never reported, asks it, then lists and searches what it reported', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    const PREFIX = 'CFGSIM';
    const MODEL = 'E2E-G1';
    const sn = simSn(PREFIX, 1);
    const fleet = await startSteadyTills({ prefix: PREFIX, model: MODEL });
    try {
      const config = page.getByTestId('device-config');
      await page.goto(`/device/deviceDetail/${sn}?tab=config`);
      await expect(page.getByTestId('device-detail-page')).toBeVisible(PAGE_LOAD);
      await expect(page.getByRole('tab', { name: 'Configuration' })).toHaveAttribute('aria-selected', 'true');
      // Never asked: the server's own text, in each language.
      await expect(config.getByTestId('device-config-none')).toHaveText(
        'SN has no configuration information',
      );
      await settle(page);
      await saveScreenshot(page, 'device-config-none', 'en', 'light');
      await switchLanguage(page, 'cn');
      await expect(config.getByTestId('device-config-none')).toHaveText('该SN没有配置信息');
      await expect(page.getByRole('tab', { name: '配置信息' })).toBeVisible();
      await settle(page);
      await saveScreenshot(page, 'device-config-none', 'cn', 'light');
      await switchLanguage(page, 'en');

      // The button sends a "device properties" command; once the terminal answered, the table shows it.
      await expect(page.getByTestId('detail-offline')).toBeHidden(LIVE);
      await config.getByTestId('device-config-request').click();
      const table = config.getByTestId('device-config-table');
      await expect(table.locator('tr', { hasText: 'ro.serialno' })).toContainText(sn, LIVE);
      await expect(table).toContainText('ro.product.model');
      await expect(config.getByTestId('device-config-reported')).toContainText(
        /Reported by the terminal at \d{4}-/,
      );
      await expect(config.getByTestId('device-config-none')).toHaveCount(0);

      // The search keeps the properties whose name or value matches.
      await config.getByTestId('device-config-search').fill('battery');
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
      await expect(table).toContainText('sys.battery.level');
      await expect(table).not.toContainText('ro.serialno');
      await config.getByTestId('device-config-search').fill(sn.toLowerCase());
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expect(table).toContainText('ro.serialno');
      await config.getByTestId('device-config-search').fill('no-such-property');
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(0);
      await config.getByTestId('device-config-search').fill('');

      await shootAll(page, 'device-config', async () => {
        await expect(table.locator('tr', { hasText: 'ro.serialno' })).toBeVisible();
        await expect(config.getByTestId('device-config-reported')).toContainText(/\d{4}-\d\d-\d\d/);
      });
      await switchLanguage(page, 'cn');
      await expect(config.getByTestId('device-config-reported')).toContainText('终端上报时间');
      await expect(table).toContainText('属性');
      await switchLanguage(page, 'en');
    } finally {
      await fleet.stop(false);
    }
  });

  test('the market version query refuses an empty name in both languages and lists the approved versions of an app', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    // An app of the administrator's on the market: uploaded, submitted, approved, released, launched.
    const admin = await apiClient(BASE_URL, ADMIN.username, ADMIN.password);
    const form = new FormData();
    form.append('name', 'CashTool');
    form.append(
      'file',
      new Blob([
        readFileSync(path.join(REPO_ROOT, 'apps/server/src/modules/appmarket/fixtures/tool-v1.apk')),
      ]),
      'tool-v1.apk',
    );
    const app = await admin.call<{ id: string; versions: { id: string }[] }>(
      'POST',
      '/app/v1/app/app/upload',
      form,
    );
    const version = app.versions[0].id;
    await admin.call('POST', '/app/v1/app/version/submit', { id: version });
    await admin.call('POST', '/app/v1/app/audit/audit', { id: version, approved: true });
    await admin.call('POST', '/app/v1/app/version/release', { id: version, action: 'official' });
    await admin.call('POST', '/app/v1/app/app/shelf', { id: app.id, launched: true });

    await page.goto('/appMarket/index');
    await expect(page.getByTestId('market-page')).toBeVisible(PAGE_LOAD);
    await page.getByTestId('market-version-query').click();
    const drawer = page.getByTestId('version-query');
    await expect(drawer).toBeVisible();

    // An empty name (or only spaces) is refused with the server's words, and nothing is asked.
    await drawer.getByTestId('version-query-name').fill('   ');
    await drawer.getByTestId('version-query-submit').click();
    await expect(drawer.getByTestId('version-query-error')).toHaveText(
      'Enter an app name to query its versions',
    );
    await expect(drawer.getByTestId('version-query-table')).toHaveCount(0);
    await settle(page);
    await saveScreenshot(page, 'version-query-refused', 'en', 'light');
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'cn');
    await page.getByTestId('market-version-query').click();
    await drawer.getByTestId('version-query-submit').click();
    await expect(drawer.getByTestId('version-query-error')).toHaveText('请输入应用名称后再查询版本');
    await settle(page);
    await saveScreenshot(page, 'version-query-refused', 'cn', 'light');
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'en');

    // A part of the name finds the app's approved version with its package, code, size and date.
    await page.getByTestId('market-version-query').click();
    await drawer.getByTestId('version-query-name').fill('cashto');
    await drawer.getByTestId('version-query-submit').click();
    const row = drawer.getByTestId('version-query-row-1');
    await expect(row).toContainText('CashTool');
    await expect(row).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d/);
    await expect(row).toContainText('com.cpm.tool');
    await expect(row).toContainText(/\d+(\.\d)? KB/);
    await expect(drawer.getByTestId('version-query-count')).toHaveText('1 approved version');
    // A name nothing matches finds nothing, and says so.
    await drawer.getByTestId('version-query-name').fill('nothing-like-it');
    await drawer.getByTestId('version-query-submit').click();
    await expect(drawer).toContainText('No approved versions of an app named like this');
    await drawer.getByTestId('version-query-name').fill('CashTool');
    await drawer.getByTestId('version-query-submit').click();
    await expect(row).toBeVisible();

    // The drawer keeps its question while closed: opened again, it shows the same versions.
    await shootAll(
      page,
      'version-query',
      async () => {
        if (!(await drawer.isVisible())) await page.getByTestId('market-version-query').click();
        await expect(drawer.getByTestId('version-query-row-1')).toBeVisible();
        const chinese = (await storageItem(page, 'language')) === 'cn';
        await expect(drawer.locator('thead')).toContainText(chinese ? '发布时间' : 'Released');
        await expect(drawer.getByTestId('version-query-count')).toHaveText(
          chinese ? '共 1 个已审核版本' : '1 approved version',
        );
      },
      async () => {
        if (!(await drawer.isVisible())) return;
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
      },
    );
    // On a phone the market's header keeps the way to the query.
    await page.setViewportSize(SCREEN_SIZES[1]);
    await expect(page.getByTestId('market-version-query')).toBeInViewport();
    await settle(page);
    await saveScreenshot(page, 'market-version-query-button', 'en', 'light');
    await page.getByTestId('market-version-query').click();
    await expect(drawer.getByTestId('version-query-count')).toHaveText('1 approved version');
  });
});
