import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { createServer, type ViteDevServer } from 'vite';
import type { Language } from '../support/console';
import { ADMIN, BASE_URL, PORT, REPO_ROOT } from '../support/env';
import { expect, test } from '../support/fixtures';
import { pictured, SCREEN_SIZES, saveScreenshot, THEMES, type Theme } from '../support/screenshot';

const LANGUAGES: Language[] = ['en', 'cn'];

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
      // Only the harness's imports: a scan of every page would meet the console's build-only modules.
      optimizeDeps: { entries: ['src/test/upload-harness.html'] },
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
