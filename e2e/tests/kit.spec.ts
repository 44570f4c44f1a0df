import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { createServer, type ViteDevServer } from 'vite';
import { simSn, startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { type Language, SIGNED_OUT, signInAs, storageItem, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL, PAGE_LOAD, PORT, REPO_ROOT } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { waitForMail } from '../support/mail';
import {
  pictured,
  SCREEN_SIZES,
  SCREENSHOTS,
  saveScreenshot,
  setTheme,
  settle,
  THEMES,
  type Theme,
} from '../support/screenshot';

const LANGUAGES: Language[] = ['en', 'cn'];

/** Runs `shoot` once per width, language and theme, switching them through the console. */
const everyLook = async (page: Page, shoot: (language: Language, theme: Theme) => Promise<void>) => {
  if (SCREENSHOTS === '') return;
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    for (const language of LANGUAGES) {
      if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
      for (const theme of THEMES) {
        if (!pictured(size.width, language, theme)) continue;
        await setTheme(page, theme);
        await shoot(language, theme);
      }
    }
  }
};

test.describe('console kit', () => {
  test.describe(() => {
    // The applicant registers on the login page, which a signed-in browser never shows.
    test.use({ storageState: SIGNED_OUT });
    test('the review dialog shows earlier decisions, needs a reason to reject, and approves', async ({
      page,
      api,
    }) => {
      test.setTimeout(240_000);
      const started = Date.now();
      const applicant = { username: 'kit_shop', email: 'kit_shop@e2e.test', password: 'Kit#Shop1' };
      await page.goto('/login');
      await page.getByTestId('register-link').click();
      await page.getByTestId('register-username').fill(applicant.username);
      await page.getByTestId('register-email').fill(applicant.email);
      await page.getByTestId('register-password').fill(applicant.password);
      await page.getByTestId('register-confirm').fill(applicant.password);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByTestId('register-sent')).toBeVisible();
      const link = await waitForMail(applicant.email, /(https?:\/\/\S+\/login\?activate=\S+)/, started);
      const token = decodeURIComponent(/activate=(\S+)/.exec(link)?.[1] ?? '');
      expect((await api.post('/oauth/v1/oauth/registry/activate', { token })).code).toBe(1);

      // The applicant submits, is rejected with a reason, and submits again: two earlier decisions.
      const { api: shop } = await api.login(applicant.username, applicant.password);
      const { api: admin } = await api.login();
      const info = {
        name: 'Kit Shop',
        companyName: 'Kit Shop Ltd',
        address: '3 Quay St',
        salesmanName: 'Qian',
        salesmanPhone: '13700000000',
        salesmanAddress: '4 Quay St',
      };
      expect((await shop.post('/upms/v1/upms/user/completeInfo', info)).code).toBe(1);
      const queue = await admin.get<{ records: { id: string; username: string }[] }>(
        '/upms/v1/upms/user/getAuditPage',
      );
      const id = queue.result.records.find((r) => r.username === applicant.username)?.id ?? '';
      const reason = 'The licence photo is unreadable';
      expect((await admin.post('/upms/v1/upms/user/audit', { id, approve: false, reason })).code).toBe(1);
      expect((await shop.post('/upms/v1/upms/user/completeInfo', info)).code).toBe(1);

      await signInAs(page, ADMIN.username, ADMIN.password, '/user/toExamine');
      const open = async () => {
        await page.getByTestId(`review-${applicant.username}`).click();
        const dialog = page.getByTestId('review-dialog');
        await expect(dialog.getByTestId('review-history-entry')).toHaveCount(3);
        return dialog;
      };
      const dialog = await open();
      const entries = dialog.getByTestId('review-history-entry');
      await expect(entries.nth(0)).toHaveAttribute('data-decision', 'submitted');
      await expect(entries.nth(1)).toHaveAttribute('data-decision', 'rejected');
      await expect(entries.nth(1)).toContainText(reason);
      await expect(dialog.getByTestId('review-summary')).toContainText('Kit Shop Ltd');

      // No reason, no rejection: the form says why and the account stays in review.
      await page.getByTestId('review-reject').click();
      await expect(dialog.getByText('Please give a reason for the rejection')).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      await everyLook(page, async (language, theme) => {
        await page.goto('/user/toExamine');
        // The page's chunk loads after a full navigation; a loaded machine takes a while.
        await expect(page.getByTestId('review-page')).toBeVisible({ timeout: 30_000 });
        await settle(page);
        // Under load the page may still be settling when the dialog first opens; this picture is of
        // the refused rejection, which the steps above already proved, so open it until it shows.
        const shown = page.getByTestId('review-dialog');
        await expect(async () => {
          if (await shown.isVisible()) await page.keyboard.press('Escape');
          await expect(shown).toBeHidden();
          await open();
          await page.getByTestId('review-reject').click();
          await expect(shown.locator('.ant-form-item-explain-error')).toBeVisible({ timeout: 5_000 });
        }).toPass({ timeout: 60_000 });
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await settle(page);
        await saveScreenshot(page, 'review-dialog', language, theme);
        await page.keyboard.press('Escape');
        await expect(shown).toBeHidden();
      });

      await page.setViewportSize(SCREEN_SIZES[0]);
      await switchLanguage(page, 'en');
      await page.goto('/user/toExamine');
      await open();
      await page.getByTestId('review-approve').click();
      await expect(page.getByTestId('review-dialog')).toBeHidden();
      await expect(page.getByTestId(`review-${applicant.username}`)).toHaveCount(0);
      const history = await admin.get<{ decision: string }[]>('/upms/v1/upms/user/getAuditHistory', { id });
      expect(history.result.map((h) => h.decision)).toEqual([
        'approved',
        'submitted',
        'rejected',
        'submitted',
      ]);
    });
  });

  test('the device detail keeps its tab in the address', async ({ page }) => {
    test.setTimeout(240_000);
    const prefix = 'KIT';
    const sn = simSn(prefix, 1);
    const { enrollmentKey } = await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: 1,
      prefix,
      model: 'KIT-P1',
    });
    const fleet = startFleet({
      count: 1,
      server: BASE_URL,
      transport: 'mqtt',
      prefix,
      enrollmentKey,
      cities: [CITIES.shanghai],
      model: 'KIT-P1',
      heartbeatSec: 5,
      rampSec: 1,
      faultRate: 0,
      rebootRate: 0,
    });
    try {
      await page.goto(`/device/deviceDetail/${sn}`);
      const header = page.getByTestId('detail-header');
      await expect(header).toContainText(sn);
      await expect(page.getByTestId('detail-overview')).toContainText('KIT-P1');
      await expect(page.getByTestId('request-log')).toBeEnabled({ timeout: 30_000 });

      await page.getByRole('tab', { name: 'Hardware' }).click();
      await expect(page).toHaveURL(/\?tab=hardware$/);
      await expect(page.getByTestId('detail-hardware')).toContainText('Cortex-A53');
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Hardware', selected: true })).toBeVisible(PAGE_LOAD);
      await page.goto(`/device/deviceDetail/${sn}?tab=history`);
      await expect(page.getByRole('tab', { name: 'Status and location', selected: true })).toBeVisible();
      await expect(page.getByTestId('status-timeline-event').first()).toBeVisible();
      await page.getByRole('tab', { name: 'Overview' }).click();
      await expect(page).toHaveURL(new RegExp(`/device/deviceDetail/${sn}$`));

      // The header's action asks the terminal for its log and opens the log tab.
      await page.getByTestId('request-log').click();
      await expect(page).toHaveURL(/\?tab=logs$/);
      await expect(page.getByRole('tabpanel').locator('pre').first()).toBeVisible({ timeout: 30_000 });

      await page.goto('/device/deviceDetail/NO-SUCH-SN');
      await expect(page.getByTestId('detail-not-found')).toBeVisible();

      await everyLook(page, async (language, theme) => {
        await page.goto(`/device/deviceDetail/${sn}`);
        await expect(page.getByTestId('detail-overview')).toBeVisible({ timeout: 30_000 });
        await settle(page);
        await saveScreenshot(page, 'detail-page', language, theme);
      });
    } finally {
      await fleet.stop(false);
    }
  });
});

/** A session token from the real login endpoint (captcha is off on the test server). */
const sessionToken = async (request: APIRequestContext) => {
  const captcha = await (await request.get('/oauth/v1/oauth/login/captcha')).json();
  const res = await request.post('/oauth/v1/oauth/login/cpmDoLogin', {
    data: { ...ADMIN, captchaId: captcha.result.captchaId, captchaCode: 'any', sysCode: 'cpm' },
  });
  return (await res.json()).result.tokenValue as string;
};

test.describe('upload', () => {
  const HARNESS_PORT = PORT + 2;
  let vite: ViteDevServer;
  const dir = path.join(REPO_ROOT, 'e2e', 'test-results', 'upload-files');
  const zipHead = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0]);
  const files = {
    big: path.join(dir, 'ota-full-2.4.1.zip'),
    small: path.join(dir, 'launcher.apk'),
    fake: path.join(dir, 'renamed.apk'),
    offline: path.join(dir, 'ota-delta.zip'),
  };

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    mkdirSync(dir, { recursive: true });
    // Written to disk: the browser streams them from there.
    writeFileSync(files.big, Buffer.concat([zipHead, Buffer.alloc(24 * 1024 * 1024, 7)]));
    writeFileSync(files.small, Buffer.concat([zipHead, Buffer.alloc(2048, 1)]));
    writeFileSync(files.fake, 'plain text with an .apk name');
    writeFileSync(files.offline, Buffer.concat([zipHead, Buffer.alloc(4096, 2)]));
    vite = await createServer({
      configFile: false,
      root: path.join(REPO_ROOT, 'apps', 'web'),
      plugins: [react()],
      logLevel: 'warn',
      server: {
        port: HARNESS_PORT,
        strictPort: true,
        host: '127.0.0.1',
        proxy: { '^/file/v1/': { target: BASE_URL, changeOrigin: true } },
      },
    });
    await vite.listen();
  });

  test.afterAll(async () => {
    await vite?.close();
  });

  test('files stream with progress; a refused one, a failed one retried, one cancelled', async ({
    page,
    request,
    problems,
  }) => {
    test.setTimeout(300_000);
    const token = await sessionToken(request);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const network = (offline: boolean, uploadThroughput = -1) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    const item = (name: string) => page.getByTestId('upload-item').filter({ hasText: name });

    const stage = async (language: Language, theme: Theme) => {
      await network(false);
      await page.goto(
        `http://127.0.0.1:${HARNESS_PORT}/src/test/upload-harness.html?token=${token}&lang=${language}&theme=${theme}`,
      );
      await expect(page.getByTestId('upload-drop')).toBeVisible({ timeout: 90_000 });
      // Offline: the upload fails with a network error and offers a retry.
      await network(true);
      await page.getByTestId('upload-input').setInputFiles(files.offline);
      await expect(item('ota-delta.zip')).toHaveAttribute('data-status', 'failed');
      // Back online but slow: the big file stays in progress, the small one finishes, the renamed
      // text file is refused before sending.
      await network(false, 256 * 1024);
      await page.getByTestId('upload-input').setInputFiles([files.big, files.small, files.fake]);
      await expect(item('renamed.apk')).toHaveAttribute('data-status', 'invalid');
      await expect(item('launcher.apk')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      await expect(item('ota-full-2.4.1.zip')).toHaveAttribute('data-status', 'uploading');
      await expect(item('ota-full-2.4.1.zip').getByTestId('upload-progress')).not.toContainText(/^0 B/);
    };

    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      for (const language of LANGUAGES)
        for (const theme of THEMES) {
          if (!pictured(size.width, language, theme)) continue;
          await stage(language, theme);
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await saveScreenshot(page, 'upload', language, theme);
        }
    }

    await page.setViewportSize(SCREEN_SIZES[0]);
    await stage('en', 'light');
    await expect(item('renamed.apk')).toContainText("The file's content does not match its type");
    await expect(item('ota-delta.zip')).toContainText('Network connection failed');
    // Cancel the big one, then retry both it and the failed one at full speed.
    await item('ota-full-2.4.1.zip').getByTestId('upload-cancel').click();
    await expect(item('ota-full-2.4.1.zip')).toHaveAttribute('data-status', 'cancelled');
    await network(false);
    await item('ota-full-2.4.1.zip').getByTestId('upload-retry').click();
    await item('ota-delta.zip').getByTestId('upload-retry').click();
    await expect(item('ota-delta.zip')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(item('ota-full-2.4.1.zip')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });

    // Past the limit of ten, the extra files are refused before sending.
    const many = Array.from({ length: 9 }, (_, i) => {
      const file = path.join(dir, `batch-${i}.zip`);
      writeFileSync(file, Buffer.concat([zipHead, Buffer.from([i])]));
      return file;
    });
    await page.getByTestId('upload-input').setInputFiles(many);
    // Three files are in the list already, so seven more fit.
    await expect(page.locator('[data-testid="upload-item"][data-status="invalid"]')).toHaveCount(3);
    await expect(item('batch-8.zip')).toContainText('At most 10 files');
    // The uploads sent while offline failed on purpose; the browser logs each one.
    const offline = problems.consoleErrors.filter((e) => e.includes('net::ERR_INTERNET_DISCONNECTED'));
    expect(offline.length).toBeGreaterThan(0);
    problems.consoleErrors.splice(
      0,
      problems.consoleErrors.length,
      ...problems.consoleErrors.filter((e) => !offline.includes(e)),
    );
  });
});
