import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseApps } from '../../apps/pos-sim/src/app-health';
import { apiClient, registerFleet, startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { signInAs } from '../support/console';
import { ADMIN, PORT, REPO_ROOT } from '../support/env';
import { expect, test, watchPage } from '../support/fixtures';
import { ownServer } from '../support/ownServer';
import { everyView } from '../support/views';

const PAGE_LOAD = { timeout: 30_000 };
const FIXTURES = path.join(REPO_ROOT, 'apps', 'server', 'src', 'modules', 'appmarket', 'fixtures');
const SN = 'MKREL000001';

const versionRow = (page: Page, code: number) => page.getByTestId(`version-row-${code}`);

// A server of its own: the suite's shared one may hold this package under another publisher.
test('a reinstall is recorded as one, by the user who pushed it; an official release with auto update off says it pushes nothing and ends the earlier gray release', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const server = ownServer(PORT + 42);
  await server.start();
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems = { pageErrors: [] as string[], consoleErrors: [] as string[] };
  watchPage(page, problems);
  let fleet: ReturnType<typeof startFleet> | null = null;
  try {
    const admin = await apiClient(server.url, ADMIN.username, ADMIN.password);
    // Versions 1 and 2 of DemoPay, approved; neither updates terminals by itself.
    const ids: Record<number, string> = {};
    let appId = '';
    for (const code of [1, 2]) {
      const form = new FormData();
      form.append('name', 'DemoPay');
      form.append(
        'file',
        new Blob([readFileSync(path.join(FIXTURES, `demo-v${code}.apk`))]),
        `demo-v${code}.apk`,
      );
      const app = await admin.call<{ id: string; versions: { id: string; versionCode: number }[] }>(
        'POST',
        '/app/v1/app/app/upload',
        form,
      );
      appId = app.id;
      ids[code] = app.versions.find((v) => v.versionCode === code)?.id as string;
      await admin.call('POST', '/app/v1/app/version/submit', { id: ids[code] });
      await admin.call('POST', '/app/v1/app/audit/audit', { id: ids[code], approved: true });
    }

    // Two simulated terminals run version 1.
    await registerFleet({
      server: server.url,
      username: ADMIN.username,
      password: ADMIN.password,
      count: 2,
      prefix: 'MKREL',
      model: 'MK-P2',
    });
    const { enrollmentKey } = await admin.call<{ enrollmentKey: string }>(
      'POST',
      '/device/v1/device/terminal/rotateEnrollmentKey',
    );
    fleet = startFleet({
      count: 2,
      server: server.url,
      transport: 'http',
      prefix: 'MKREL',
      enrollmentKey,
      cities: [CITIES.shanghai],
      model: 'MK-P2',
      heartbeatSec: 1,
      rampSec: 1,
      faultRate: 0,
      rebootRate: 0,
      apps: parseApps('com.cpm.demo:1:1.0.0'),
      tasks: {
        failureRate: 0,
        paymentRate: 0,
        offlineRate: 0,
        offlineSec: 60,
        dataDir: path.join(tmpdir(), 'cpm-e2e-market-release'),
      },
    });
    const installStats = async () =>
      (
        await admin.call<{ installStats: { versionCode: number; terminals: number }[] }>(
          'GET',
          `/app/v1/app/app/getById?id=${appId}`,
        )
      ).installStats;
    await expect
      .poll(installStats, { timeout: 90_000 })
      .toEqual([expect.objectContaining({ versionCode: 1, terminals: 2 })]);

    // Version 1 in gray to one terminal, which already runs it: the install task reinstalls it.
    await admin.call('POST', '/app/v1/app/version/release', { id: ids[1], action: 'gray', sns: SN });
    await signInAs(page, ADMIN.username, ADMIN.password);
    await page.goto(`/appMarket/appOperationRecord?sn=${SN}`);
    await expect(page.getByTestId('app-records-page')).toBeVisible(PAGE_LOAD);
    const reinstall = page.locator('tr').filter({ has: page.locator('[data-kind="reinstall"]') });
    await expect(async () => {
      await page.reload();
      await expect(reinstall).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ timeout: 90_000, intervals: [2000] });
    await expect(page.locator('[data-kind="upgrade"]')).toHaveCount(0);
    // The user column names who pushed it, not the terminal's SN.
    await expect(reinstall.getByTestId('record-actor')).toHaveText('admin');
    await expect(reinstall.getByTestId('record-actor')).toHaveAttribute('data-actor', 'user');
    await expect(reinstall).toContainText('1 → 1');
    await everyView(page, 'appmarket-records-reinstall', async () => {
      await expect(reinstall.getByTestId('record-kind')).toHaveText(/^(Reinstall|重新安装)$/);
    });

    // Version 2 goes official with auto update off: the confirmation says nothing is pushed and
    // that the gray release of version 1 ends.
    await page.goto(`/appMarket/appDetail?id=${appId}`);
    await expect(page.getByTestId('app-detail-name')).toHaveText('DemoPay', PAGE_LOAD);
    await expect(versionRow(page, 1).getByTestId('release-status')).toHaveAttribute('data-status', 'gray');
    const notice = page.getByTestId('official-notice');
    await everyView(
      page,
      'appmarket-official-confirm',
      async () => {
        // A click that lands while the last confirmation is still closing opens nothing: click
        // again until the confirmation shows, as a user would.
        await expect(async () => {
          if (!(await notice.isVisible())) await versionRow(page, 2).getByTestId('row-official').click();
          await expect(notice.getByTestId('official-no-push')).toBeVisible({ timeout: 5_000 });
        }).toPass({ timeout: 30_000 });
        await expect(notice.getByTestId('official-supersedes')).toContainText('1.0.0');
      },
      {
        axeWithin: '.ant-modal',
        after: async () => {
          await page.keyboard.press('Escape');
          await expect(notice).toBeHidden();
        },
      },
    );
    await versionRow(page, 2).getByTestId('row-official').click();
    await expect(notice.getByTestId('official-no-push')).toHaveText(
      'Auto update is off: no terminal is sent 1.1.0 now. Terminals get it when you push it with an app install task, or once auto update is turned on for this version. Terminals registered later get it only with auto update on.',
    );
    await expect(notice.getByTestId('official-supersedes')).toHaveText(
      'The gray release of 1.0.0 ends: this version takes its place.',
    );
    await page.getByTestId('confirm-ok').click();

    // A notice says what happened; version 1 is no longer gray.
    const outcome = page.getByTestId('release-outcome');
    await expect(outcome).toHaveAttribute('data-not-pushed', 'autoUpdateOff');
    await expect(outcome).toContainText('Nothing was pushed: auto update is off.');
    await expect(outcome).toContainText('Gray release of 1.0.0 ended.');
    await expect(versionRow(page, 2).getByTestId('release-status')).toHaveAttribute(
      'data-status',
      'official',
    );
    await expect(versionRow(page, 1).getByTestId('release-status')).toHaveAttribute(
      'data-status',
      'superseded',
    );
    await versionRow(page, 1).locator('.ant-table-row-expand-icon').click();
    await expect(page.getByTestId('superseded-note')).toBeVisible();
    // The notice stays above the versions, in the reader's language, until closed.
    await everyView(page, 'appmarket-superseded', async () => {
      await expect(outcome).toContainText(/Nothing was pushed: auto update is off|未推送：自动更新已关闭/);
      await expect(versionRow(page, 1).getByTestId('release-status')).toHaveText(/^(Gray ended|灰度已结束)$/);
    });
    // The release created no install task: only the gray one exists.
    const tasks = await admin.call<{ records: { name: string }[] }>(
      'GET',
      '/task/v1/task/remoteTask/getPage?current=1&size=50',
    );
    expect(tasks.records.map((r) => r.name)).toEqual(['DemoPay 1.0.0 gray release']);
    expect(problems).toEqual({ pageErrors: [], consoleErrors: [] });
  } finally {
    await fleet?.stop();
    await page.goto('about:blank').catch(() => undefined);
    await context.close();
    await server.dispose();
  }
});
