import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { axeFindings } from '../support/axe';
import { confirmOk, switchLanguage } from '../support/console';
import { PAGE_LOAD } from '../support/env';
import { expect, test } from '../support/fixtures';
import { SCREEN_SIZES, saveScreenshot, setTheme, settle } from '../support/screenshot';
import { everyView } from '../support/views';
import { makeZip } from '../support/zip';

const PATH = '/sysManage/index';
/** A model the upload form picks: models are chosen from the list, never typed. */
const MODEL = 'SYSF-P2';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const OTA = makeZip([{ name: 'payload.bin', data: randomBytes(6 * 1024 * 1024) }]);
const PNG = Buffer.concat([
  Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 16, 0, 0,
    0, 16,
  ]),
  Buffer.alloc(2000, 1),
]);

const openUpload = async (page: Page, version: string) => {
  await page.getByTestId('sysfiles-upload-open').click();
  await page.getByTestId('sysfiles-field-version').fill(version);
  await page.getByTestId('sysfiles-field-models').click();
  await page.keyboard.type(MODEL);
  await page.locator('.ant-select-item-option', { hasText: MODEL }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('sysfiles-field-description').fill('Android 14 OTA for the P2');
};

test.describe('system files', () => {
  test('upload an OTA ZIP with progress, list, detail, download, refusals, screenshots', async ({
    page,
    api,
  }) => {
    test.setTimeout(240_000);
    const { api: admin } = await api.login();
    await admin.post('/device/v1/device/model/addOrUpdate', { name: MODEL, state: 1 });
    await page.goto(PATH);
    await expect(page.getByTestId('sysfiles-page')).toBeVisible(PAGE_LOAD);
    await expect(page.getByTestId('sysfiles-usage')).toContainText('Storage used');

    // Uploads go at 4 MB/s so the progress can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 4 * 1024 * 1024,
    });
    await openUpload(page, '14.0.1');
    await page.getByTestId('sysfiles-upload-input').setInputFiles({
      name: 'p2-ota-14.zip',
      mimeType: 'application/zip',
      buffer: OTA,
    });
    const item = page.getByTestId('sysfiles-upload-item').first();
    await expect(item).toHaveAttribute('data-status', 'uploading');
    await expect(page.getByTestId('sysfiles-upload-progress').first()).toBeVisible();
    await expect(item).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // A .zip that is really a PNG is refused by its content, and so is the same name and version again.
    await page.getByTestId('sysfiles-upload-input').setInputFiles({
      name: 'fake.zip',
      mimeType: 'application/zip',
      buffer: PNG,
    });
    const fake = page.getByTestId('sysfiles-upload-item').filter({ hasText: 'fake.zip' });
    await expect(fake).toHaveAttribute('data-status', 'invalid');
    await expect(fake).toContainText('not accepted');
    await page.getByTestId('sysfiles-upload-input').setInputFiles({
      name: 'p2-ota-14.zip',
      mimeType: 'application/zip',
      buffer: OTA,
    });
    const again = page.getByTestId('sysfiles-upload-item').nth(2);
    await expect(again).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(again).toContainText('with this name and version already exists');
    // Eleven files at once in a fresh dialog: the eleventh is refused before anything is sent.
    await page.keyboard.press('Escape');
    await openUpload(page, '14.0.2');
    await page
      .getByTestId('sysfiles-upload-input')
      .setInputFiles(
        Array.from({ length: 11 }, (_, i) => ({ name: `bad-${i}.txt`, mimeType: 'text/plain', buffer: PNG })),
      );
    await expect(page.getByText('At most 10 files can be chosen at once')).toHaveCount(1);
    await page.keyboard.press('Escape');

    // Listed, filtered through the address, shown in the drawer.
    const row = page.locator('tr').filter({ hasText: 'p2-ota-14' });
    await expect(row).toContainText('14.0.1');
    await expect(row).toContainText('System update');
    await page.getByTestId('filter-version').fill('14.0');
    await page.getByTestId('filter-version').press('Enter');
    await expect(page).toHaveURL(/version=14\.0/);
    await expect(row).toBeVisible();
    await row.getByTestId('sysfile-name').click();
    await expect(page.getByTestId('sysfiles-detail-list')).toContainText(sha(OTA));
    await expect(page.getByTestId('sysfiles-detail-list')).toContainText(MODEL);
    await page.keyboard.press('Escape');

    // Download: the browser receives the same bytes.
    const downloading = page.waitForEvent('download');
    await row.getByTestId('row-download').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('p2-ota-14.zip');
    expect(sha(await readFile((await file.path()) as string))).toBe(sha(OTA));
    await expect(page.getByTestId('sysfiles-usage')).toContainText('MB');

    // Screenshots in both languages and themes, desktop and phone.
    await page.goto(PATH);
    await everyView(
      page,
      null,
      async ({ language, theme }) => {
        await expect(page.locator('tr').filter({ hasText: 'p2-ota-14' })).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'sysfiles', language, theme);
        await page.locator('tr').filter({ hasText: 'p2-ota-14' }).getByTestId('sysfile-name').click();
        await expect(page.getByTestId('sysfiles-detail-list')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'sysfiles-detail', language, theme);
      },
      {
        picturedOnly: true,
        after: async () => {
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('sysfiles-detail-list')).toBeHidden();
        },
      },
    );

    // Delete asks first, then the row goes.
    await page.locator('tr').filter({ hasText: 'p2-ota-14' }).getByTestId('row-delete').click();
    await confirmOk(page);
    await expect(page.locator('tr').filter({ hasText: 'p2-ota-14' })).toHaveCount(0);
  });

  test('a file chosen or dropped before the version is kept, said so, and sent with the version once asked', async ({
    page,
  }) => {
    await page.goto(PATH);
    await expect(page.getByTestId('sysfiles-page')).toBeVisible(PAGE_LOAD);
    await page.getByTestId('sysfiles-upload-open').click();
    const early = makeZip([{ name: 'early.bin', data: randomBytes(2048) }]);
    await page.getByTestId('sysfiles-upload-input').setInputFiles({
      name: 'early-ota.zip',
      mimeType: 'application/zip',
      buffer: early,
    });
    // Dropped on the zone as well, before any version.
    const dropped = await page.evaluateHandle(
      (b64) => {
        const data = new DataTransfer();
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], 'dropped-ota.zip', { type: 'application/zip' }));
        return data;
      },
      makeZip([{ name: 'dropped.bin', data: randomBytes(2048) }]).toString('base64'),
    );
    await page.getByTestId('sysfiles-upload-drop').dispatchEvent('drop', { dataTransfer: dropped });
    const items = page.getByTestId('sysfiles-upload-item');
    await expect(items).toHaveCount(2);
    for (const item of await items.all()) {
      await expect(item).toHaveAttribute('data-status', 'held');
      await expect(item).toContainText('Enter the version to send this file');
    }
    await expect(page.getByTestId('sysfiles-upload-held')).toContainText('2 files are chosen and kept');
    await expect(page.getByTestId('sysfiles-upload-send-held')).toHaveCount(0);
    await settle(page);
    expect(await axeFindings(page, '.ant-modal')).toEqual([]);

    // The version, typed afterwards, goes with both files once the operator sends them.
    await page.getByTestId('sysfiles-field-version').fill('15.0.0-early');
    await page.getByTestId('sysfiles-field-description').fill('Chosen before its version');
    await page.getByTestId('sysfiles-upload-send-held').click();
    for (const item of await items.all()) await expect(item).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('sysfiles-upload-held')).toHaveCount(0);
    await page.keyboard.press('Escape');
    for (const name of ['early-ota', 'dropped-ota']) {
      const row = page.locator('tr').filter({ hasText: name });
      await expect(row).toContainText('15.0.0-early');
      await expect(row).toContainText('Chosen before its version');
    }
  });

  test('pictures of files kept before the version and ready to send @pictures', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto(PATH);
    await everyView(
      page,
      'sysfiles-held-ready',
      async ({ language, theme }) => {
        await page.getByTestId('sysfiles-upload-open').click();
        await page.getByTestId('sysfiles-upload-input').setInputFiles({
          name: 'kept-ota.zip',
          mimeType: 'application/zip',
          buffer: makeZip([{ name: 'kept.bin', data: randomBytes(512) }]),
        });
        await expect(page.getByTestId('sysfiles-upload-item')).toHaveAttribute('data-status', 'held');
        await settle(page);
        expect(await axeFindings(page, '.ant-modal')).toEqual([]);
        await page.getByTestId('sysfiles-upload-item').scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'sysfiles-held', language, theme);
        await page.getByTestId('sysfiles-field-version').fill('9.9.9');
        await expect(page.getByTestId('sysfiles-upload-send-held')).toBeVisible();
        await page.getByTestId('sysfiles-upload-item').scrollIntoViewIfNeeded();
      },
      {
        picturedOnly: true,
        axeWithin: '.ant-modal',
        after: async () => {
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('sysfiles-upload-form')).toBeHidden();
        },
      },
    );
  });

  test('platform administrators see every account by space used and set or remove a quota', async ({
    page,
  }) => {
    await page.goto(PATH);
    await page.getByTestId('quota-open').click();
    const drawer = page.getByTestId('quota-drawer');
    await expect(drawer.getByTestId('quota-account').first()).toBeVisible();
    await drawer.getByTestId('quota-search').locator('input').fill('admin');
    await drawer.getByTestId('quota-search').locator('input').press('Enter');
    const row = drawer
      .locator('tr')
      .filter({ has: page.getByTestId('quota-account').getByText('admin', { exact: true }) });
    await expect(row).toBeVisible();
    // A quota far above what the suite stores, so other tests' uploads are never refused.
    await row.getByTestId('quota-edit').click();
    await page.getByTestId('quota-input').fill('100000');
    await page.getByTestId('quota-save').click();
    await expect(row).toContainText('97.7 GB');
    await expect(page.getByTestId('sysfiles-usage')).toContainText('97.7 GB');
    await settle(page);
    await saveScreenshot(page, 'sysfiles-quotas', 'en', 'light');
    await page.setViewportSize(SCREEN_SIZES[1]);
    await settle(page);
    await saveScreenshot(page, 'sysfiles-quotas', 'en', 'light');
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'cn');
    await setTheme(page, 'dark');
    await page.getByTestId('quota-open').click();
    await drawer.getByTestId('quota-search').locator('input').fill('admin');
    await drawer.getByTestId('quota-search').locator('input').press('Enter');
    await expect(row).toContainText('97.7 GB');
    await settle(page);
    await saveScreenshot(page, 'sysfiles-quotas', 'cn', 'dark');
    await page.setViewportSize(SCREEN_SIZES[0]);
    await settle(page);
    await saveScreenshot(page, 'sysfiles-quotas', 'cn', 'dark');
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'en');
    await setTheme(page, 'light');
    await page.getByTestId('quota-open').click();
    await drawer.getByTestId('quota-search').locator('input').fill('admin');
    await drawer.getByTestId('quota-search').locator('input').press('Enter');
    await row.getByTestId('quota-edit').click();
    await page.getByTestId('quota-clear').click();
    // Back on the server's default quota.
    await expect(row).not.toContainText('97.7 GB');
    await expect(row.getByTestId('quota-default')).toHaveText('Default');
    await settle(page);
    await saveScreenshot(page, 'sysfiles-quota-default', 'en', 'light');
  });
});
