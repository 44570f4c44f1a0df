import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { parseApps, parseCrashRates } from '../../apps/pos-sim/src/app-health';
import { startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { type Language, signInAs, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL, REPO_ROOT } from '../support/env';
import { expect, test, watchPage } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import {
  PICTURES,
  pictured,
  SCREEN_SIZES,
  SCREENSHOTS,
  saveScreenshot,
  setTheme,
  settle,
  THEMES,
} from '../support/screenshot';

const PAGE_LOAD = { timeout: 30_000 };
const FIXTURES = path.join(REPO_ROOT, 'apps', 'server', 'src', 'modules', 'appmarket', 'fixtures');
const apk = (name: string) => readFileSync(path.join(FIXTURES, name));
const PUBLISHER = { username: 'market_pub', password: 'Market#Pub1' };
const REASON = 'The Chinese release notes are missing';

/** A second signed-in browser of its own (the reviewer beside the publisher). */
const openAs = async (browser: Browser, username?: string, password?: string) => {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  const problems = { pageErrors: [] as string[], consoleErrors: [] as string[] };
  watchPage(page, problems);
  await signInAs(page, username ?? ADMIN.username, password ?? ADMIN.password);
  return { page, problems, close: () => context.close() };
};

const versionRow = (page: Page, code: number) => page.getByTestId(`version-row-${code}`);

/** Screenshots of the current screen in both languages and themes, desktop and phone. */
const shoot = async (page: Page, name: string, ready: () => Promise<void>) => {
  if (SCREENSHOTS === '') {
    // No pictures: what `ready` checks is still checked, once.
    await ready();
    return;
  }
  for (const language of ['en', 'cn'] as Language[]) {
    await switchLanguage(page, language);
    for (const theme of THEMES) {
      if (!SCREEN_SIZES.some((size) => pictured(size.width, language, theme))) continue;
      await setTheme(page, theme);
      for (const size of SCREEN_SIZES) {
        if (!pictured(size.width, language, theme)) continue;
        await page.setViewportSize(size);
        await ready();
        await settle(page);
        await saveScreenshot(page, name, language, theme);
      }
    }
  }
  await page.setViewportSize(SCREEN_SIZES[0]);
  await switchLanguage(page, 'en');
  await setTheme(page, 'light');
};

test.describe('app market', () => {
  // The screens show what the first test made.
  test.describe.configure({ mode: 'serial' });
  test('a publisher uploads an APK, the reviewer rejects it with a reason, the publisher fixes and resubmits, the reviewer approves, the app goes on the shelf', async ({
    page,
    browser,
    api,
  }) => {
    test.setTimeout(300_000);
    const { api: admin } = await api.login();
    const made = await admin.post('/upms/v1/upms/user/addOrUpdate', {
      username: PUBLISHER.username,
      password: PUBLISHER.password,
      name: 'Market Publisher',
      email: 'market_pub@e2e.test',
      roleIds: [await admin.roleId('enterprise_admin')],
    });
    expect(made.code, made.messageEn).toBe(1);

    // The publisher uploads version 1 from My Apps.
    await signInAs(page, PUBLISHER.username, PUBLISHER.password);
    await page.goto('/appMarket/myApp');
    await expect(page.getByTestId('my-apps-page')).toBeVisible(PAGE_LOAD);
    await page.getByTestId('apk-upload-open').click();
    // An unsigned APK is refused with the reason, and nothing is listed.
    await page.getByTestId('apk-upload-input').setInputFiles({
      name: 'demo-unsigned.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: apk('demo-v3-unsigned.apk'),
    });
    const unsigned = page.getByTestId('apk-upload-item').first();
    await expect(unsigned).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(unsigned).toContainText('not signed');
    await page.getByTestId('apk-field-name').fill('DemoPay');
    await page.getByTestId('apk-field-notes-en').fill('Card payments');
    await page.getByTestId('apk-upload-input').setInputFiles({
      name: 'demo-v1.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: apk('demo-v1.apk'),
    });
    await expect(page.getByTestId('apk-upload-item').nth(1)).toHaveAttribute('data-status', 'done', {
      timeout: 30_000,
    });
    await page.keyboard.press('Escape');
    const appRow = page.locator('tr').filter({ hasText: 'com.cpm.demo' });
    await expect(appRow).toContainText('DemoPay');
    await expect(appRow.getByTestId('review-status')).toHaveAttribute('data-status', 'draft');

    // Its detail page: version 1 with what the APK said; submitted for review.
    await appRow.getByTestId('app-link').click();
    await expect(page.getByTestId('app-detail-name')).toHaveText('DemoPay', PAGE_LOAD);
    await expect(versionRow(page, 1)).toBeVisible();
    await versionRow(page, 1).getByTestId('row-submit').click();
    await expect(versionRow(page, 1).getByTestId('review-status')).toHaveAttribute('data-status', 'pending');

    // The reviewer rejects it: a reason is required and the publisher will see it.
    const reviewer = await openAs(browser);
    await reviewer.page.goto('/appMarket/appAudit');
    await expect(reviewer.page.getByTestId('app-audit-page')).toBeVisible(PAGE_LOAD);
    const pending = reviewer.page.locator('tr').filter({ hasText: 'com.cpm.demo' });
    await expect(pending.getByTestId('review-status')).toHaveAttribute('data-status', 'pending');
    await pending.getByTestId('row-review').click();
    await expect(reviewer.page.getByTestId('audit-diff')).toContainText('First version');
    await reviewer.page.getByTestId('review-reject').click();
    await expect(reviewer.page.getByText('Please give a reason for the rejection')).toBeVisible();
    await reviewer.page.getByTestId('review-reason').fill(REASON);
    await reviewer.page.getByTestId('review-reject').click();
    await expect(reviewer.page.getByTestId('review-dialog')).toBeHidden();
    await expect(pending.getByTestId('review-status')).toHaveAttribute('data-status', 'rejected');

    // The publisher reads the reason, adds the notes and resubmits.
    await page.reload();
    await expect(versionRow(page, 1).getByTestId('review-status')).toHaveAttribute(
      'data-status',
      'rejected',
      PAGE_LOAD,
    );
    await versionRow(page, 1).locator('.ant-table-row-expand-icon').click();
    await expect(page.getByTestId('reject-reason')).toContainText(REASON);
    await versionRow(page, 1).getByTestId('row-edit').click();
    await page.getByTestId('version-notes-zh').fill('支持刷卡支付');
    await page.getByTestId('version-edit-save').click();
    await expect(page.getByTestId('version-notes-zh')).toBeHidden();
    await versionRow(page, 1).getByTestId('row-submit').click();
    await expect(versionRow(page, 1).getByTestId('review-status')).toHaveAttribute('data-status', 'pending');

    // The reviewer sees the earlier decision and approves.
    await reviewer.page.reload();
    await pending.getByTestId('row-review').click();
    await expect(reviewer.page.getByTestId('review-history-entry').filter({ hasText: REASON })).toHaveCount(
      1,
    );
    await expect(reviewer.page.getByTestId('audit-diff')).toContainText('支持刷卡支付');
    await reviewer.page.getByTestId('review-approve').click();
    await expect(pending.getByTestId('review-status')).toHaveAttribute('data-status', 'approved');

    // Version 3 adds camera and location: the reviewer is warned about the new dangerous permissions.
    await page.getByTestId('new-version').click();
    // A different signer is refused: terminals would not take it as an update.
    await page.getByTestId('apk-upload-input').setInputFiles({
      name: 'demo-other-key.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: apk('demo-v3-other-key.apk'),
    });
    await expect(page.getByTestId('apk-upload-item').first()).toContainText('different certificate', {
      timeout: 30_000,
    });
    await page.getByTestId('apk-upload-input').setInputFiles({
      name: 'demo-v3.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: apk('demo-v3.apk'),
    });
    await expect(page.getByTestId('apk-upload-item').nth(1)).toHaveAttribute('data-status', 'done', {
      timeout: 30_000,
    });
    await page.keyboard.press('Escape');
    await versionRow(page, 3).getByTestId('row-submit').click();
    await reviewer.page.reload();
    const v3 = reviewer.page.locator('tr').filter({ hasText: '1.2.0' });
    await expect(v3.getByTestId('flag-dangerous')).toContainText('2 new dangerous permissions');
    await v3.getByTestId('row-review').click();
    await expect(reviewer.page.getByTestId('audit-dangerous')).toContainText('CAMERA');
    // The dialog has finished opening (its zoom is over) before the picture.
    await expect
      .poll(() =>
        reviewer.page.evaluate(() => {
          const modal = document.querySelector('[data-testid="review-dialog"]')?.closest('.ant-modal');
          if (!modal) return 'none';
          const style = getComputedStyle(modal);
          return `${style.opacity} ${style.transform}`;
        }),
      )
      .toBe('1 none');
    await settle(reviewer.page);
    await saveScreenshot(reviewer.page, 'appmarket-review', 'en', 'light');
    await reviewer.page.keyboard.press('Escape');

    // Launched, the app is in the market for everyone.
    await page.getByTestId('detail-launch').click();
    await expect(page.getByTestId('shelf-status')).toHaveAttribute('data-status', 'launched');
    await reviewer.page.goto('/appMarket/index');
    await expect(reviewer.page.getByTestId('market-card').filter({ hasText: 'DemoPay' })).toBeVisible(
      PAGE_LOAD,
    );
    await reviewer.page.getByTestId('filter-keyword').fill('nothing-like-this');
    await reviewer.page.getByTestId('filter-keyword').press('Enter');
    await expect(reviewer.page.getByTestId('market-empty')).toBeVisible();
    expect(reviewer.problems).toEqual({ pageErrors: [], consoleErrors: [] });
    await reviewer.close();

    // Operation records: that every step writes one is a rule of appmarket.routes.test.ts; here the
    // page's own filter finds the rejection (other tests' records may fill the first page).
    await page.goto('/appMarket/appOperationRecord?kind=reject');
    await expect(page.getByTestId('app-records-page')).toBeVisible(PAGE_LOAD);
    await expect(page.locator('[data-testid="record-kind"][data-kind="reject"]').first()).toBeVisible();
  });

  test('a gray release installs on two simulated terminals through a remote task; their crashes pause it, the publisher is told, the rollback reinstalls the previous version', async ({
    page,
    api,
  }) => {
    test.setTimeout(480_000);
    const { api: admin } = await api.login();
    // Version 3 (submitted above) is approved; the gray release goes to terminals of the platform.
    const pending = await admin.get<{ records: { version: { id: string; versionCode: number } }[] }>(
      '/app/v1/app/audit/getPage',
      { status: 'pending', keyword: 'com.cpm.demo' },
    );
    const v3 = pending.result.records.find((r) => r.version.versionCode === 3)?.version.id as string;
    expect((await admin.post('/app/v1/app/audit/audit', { id: v3, approved: true })).code).toBe(1);
    // Version 1 goes out officially first: it is what a rollback returns to.
    const apps = await admin.get<{ records: { id: string }[] }>('/app/v1/app/app/getPage', {
      keyword: 'com.cpm.demo',
    });
    const detail = await admin.get<{ versions: { id: string; versionCode: number }[] }>(
      '/app/v1/app/app/getById',
      { id: apps.result.records[0].id },
    );
    const v1 = detail.result.versions.find((v) => v.versionCode === 1)?.id as string;
    expect((await admin.post('/app/v1/app/version/release', { id: v1, action: 'official' })).code).toBe(1);

    // Four simulated terminals run version 1. Version 3 crashes at every heartbeat once installed.
    const fleets = [
      { prefix: 'MKGRAY', apps: 'com.cpm.demo:1:1.0.0', crash: 'com.cpm.demo@3=1' },
      { prefix: 'MKREST', apps: 'com.cpm.demo:1:1.0.0', crash: 'com.cpm.demo@3=1' },
    ];
    const running = [];
    // Provisioning rotates the account's enrollment key: register both fleets first, then start
    // every terminal with the key that is current (an earlier one no longer enrolls).
    let enrollmentKey = '';
    for (const f of fleets)
      ({ enrollmentKey } = await provisionFleet({
        server: BASE_URL,
        username: ADMIN.username,
        password: ADMIN.password,
        count: 2,
        prefix: f.prefix,
        model: 'MK-P2',
      }));
    for (const f of fleets) {
      running.push(
        startFleet({
          count: 2,
          server: BASE_URL,
          transport: 'http',
          prefix: f.prefix,
          enrollmentKey,
          cities: [CITIES.shanghai],
          model: 'MK-P2',
          heartbeatSec: 1,
          rampSec: 1,
          faultRate: 0,
          rebootRate: 0,
          apps: parseApps(f.apps),
          crashRates: parseCrashRates(f.crash, 'crash'),
          tasks: {
            failureRate: 0,
            paymentRate: 0,
            offlineRate: 0,
            offlineSec: 60,
            dataDir: path.join(tmpdir(), 'cpm-e2e-market'),
          },
        }),
      );
    }
    try {
      await page.goto('/appMarket/myApp');
      await expect(page.getByTestId('my-apps-page')).toBeVisible(PAGE_LOAD);
      await page.locator('tr').filter({ hasText: 'com.cpm.demo' }).getByTestId('app-link').click();
      await expect(page.getByTestId('app-detail-name')).toHaveText('DemoPay', PAGE_LOAD);
      // The terminals have said hello: the detail counts them by version.
      const installedOn = async (text: RegExp) =>
        expect(async () => {
          await page.reload();
          await page.getByRole('tab', { name: 'Installed on' }).click();
          await expect(page.getByTestId('install-stats')).toContainText(text, { timeout: 10_000 });
        }).toPass({ timeout: 90_000, intervals: [2000] });
      await installedOn(/1\.0\.0\s*1\s*4/);
      await page.getByRole('tab', { name: 'Versions' }).click();

      // Gray release: the target SNs are required.
      await versionRow(page, 3).getByTestId('row-gray').click();
      await page.getByTestId('gray-submit').click();
      await expect(page.getByText('A gray release needs target SNs (comma-separated)')).toBeVisible();
      await page.getByTestId('gray-sns').fill('MKGRAY000001, MKGRAY000002');
      await page.getByTestId('gray-submit').click();
      await expect(versionRow(page, 3).getByTestId('release-status')).toHaveAttribute('data-status', 'gray');
      // The install task reaches the two gray terminals only; they download, check and install version 3.
      await installedOn(/1\.2\.0\s*3\s*2/);
      await page.getByRole('tab', { name: 'Versions' }).click();

      // The health gate runs every minute: the crashing gray terminals pause the release.
      await expect(async () => {
        await page.reload();
        await expect(versionRow(page, 3).getByTestId('release-status')).toHaveAttribute(
          'data-status',
          'paused',
          // A reload on a busy machine can take longer than the default expect timeout.
          { timeout: 10_000 },
        );
      }).toPass({ timeout: 210_000, intervals: [3000] });
      await versionRow(page, 3).getByTestId('row-health').click();
      await expect(page.getByTestId('health-paused')).toContainText('Crash/ANR rate above the threshold');
      await expect(page.getByTestId('health-body')).toContainText('Gray terminals');
      await settle(page);
      await saveScreenshot(page, 'appmarket-health', 'en', 'light');

      // The publisher was told by a bell notice.
      const { api: publisher } = await api.login(PUBLISHER.username, PUBLISHER.password);
      const notices = await publisher.get<{ records: { title: string }[] }>(
        '/upms/v1/upms/sysMsgUser/findPageList',
        { current: '1', size: '20' },
      );
      expect(notices.result.records.map((r) => r.title).join('\n')).toMatch(/gray release paused/);

      // One click rolls back to version 1.
      await page.getByTestId('health-rollback').click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
      await expect(page.getByTestId('health-drawer')).toBeHidden();
      await expect(versionRow(page, 3).getByTestId('release-status')).toHaveAttribute(
        'data-status',
        'rolledBack',
      );
      // The rollback task takes the gray terminals back to version 1 (a downgrade the task allows).
      await installedOn(/1\.0\.0\s*1\s*4/);
      await page.goto('/appMarket/appOperationRecord?sn=MKGRAY000001');
      // It ran version 1: version 3 came as an upgrade and the rollback as a downgrade, each by the
      // user who released, never by the terminal's SN.
      for (const kind of ['upgrade', 'downgrade'])
        await expect(page.locator(`[data-testid="record-kind"][data-kind="${kind}"]`).first()).toBeVisible();
      await expect(page.getByTestId('record-actor').first()).toHaveAttribute('data-actor', 'user');
      await expect(page.getByTestId('record-actor').filter({ hasText: 'MKGRAY000001' })).toHaveCount(0);
      for (const kind of ['gray', 'healthPause', 'rollback']) {
        await page.goto(`/appMarket/appOperationRecord?kind=${kind}`);
        await expect(page.locator(`[data-testid="record-kind"][data-kind="${kind}"]`).first()).toBeVisible(
          PAGE_LOAD,
        );
      }
    } finally {
      for (const f of running) await f.stop();
    }
  });

  test('screens in both languages and themes, desktop and phone', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto('/appMarket/index');
    await expect(page.getByTestId('market-page')).toBeVisible(PAGE_LOAD);
    await shoot(page, 'appmarket-market', async () => {
      await expect(page.getByTestId('market-card').first()).toBeVisible();
    });
    await page.goto('/appMarket/appAudit');
    await shoot(page, 'appmarket-audit', async () => {
      await expect(
        page.getByTestId('app-audit-page').locator('tr').filter({ hasText: 'com.cpm.demo' }).first(),
      ).toBeVisible();
    });
    await page.goto('/appMarket/appOperationRecord');
    await shoot(page, 'appmarket-records', async () => {
      await expect(page.getByTestId('record-kind').first()).toBeVisible();
    });
    // A Windows program: an EXE by its content, with its own identifier and version.
    await page.goto('/appMarket/windowsFile');
    await expect(page.getByTestId('windows-page')).toBeVisible(PAGE_LOAD);
    await page.getByTestId('windows-upload-open').click();
    await page.getByTestId('win-field-name').fill('PosAgent');
    await page.getByTestId('win-field-package').fill('com.example.posagent');
    await page.getByTestId('win-field-version').fill('2.0.1');
    await page.getByTestId('win-field-args').fill('/S');
    await page.getByTestId('windows-upload-input').setInputFiles({
      name: 'posagent-setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(30_000, 7)]),
    });
    await expect(page.getByTestId('windows-upload-item').first()).toHaveAttribute('data-status', 'done', {
      timeout: 30_000,
    });
    await page.keyboard.press('Escape');
    await shoot(page, 'appmarket-windows', async () => {
      await expect(page.locator('tr').filter({ hasText: 'com.example.posagent' })).toBeVisible();
    });
  });

  test('the publisher screens in both languages and themes', { tag: PICTURES }, async ({ page }) => {
    test.setTimeout(300_000);
    await signInAs(page, PUBLISHER.username, PUBLISHER.password);
    await page.goto('/appMarket/myApp');
    await expect(page.getByTestId('my-apps-page')).toBeVisible(PAGE_LOAD);
    await shoot(page, 'appmarket-mine', async () => {
      await expect(page.locator('tr').filter({ hasText: 'com.cpm.demo' })).toBeVisible();
    });
    await page.locator('tr').filter({ hasText: 'com.cpm.demo' }).getByTestId('app-link').click();
    await expect(page.getByTestId('app-detail-name')).toBeVisible(PAGE_LOAD);
    await shoot(page, 'appmarket-detail', async () => {
      await expect(versionRow(page, 1)).toBeVisible();
    });
  });
});
