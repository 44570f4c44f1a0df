import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { type Language, storageItem, switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import { pngOf } from '../support/png';
import {
  PICTURES,
  pictured,
  SCREEN_SIZES,
  saveScreenshot,
  setTheme,
  settle,
  THEMES,
} from '../support/screenshot';

/** A real RGB PNG: a coloured bar that moves with `frame`, so the frames of an animation differ. */
const png = (width: number, height: number, frame = 0) =>
  pngOf(width, height, (x, y) =>
    Math.floor((x / width) * 4) === frame % 4 ? [250, 140, 20] : [30, 60 + y, 120],
  );

/** Name and compression method of each central-directory entry of a ZIP. */
const zipEntries = (zip: Buffer) => {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const out: { name: string; method: number }[] = [];
  let i = zip.readUInt32LE(eocd + 16);
  while (i < eocd) {
    const nameLen = zip.readUInt16LE(i + 28);
    out.push({ name: zip.toString('utf8', i + 46, i + 46 + nameLen), method: zip.readUInt16LE(i + 10) });
    i += 46 + nameLen + zip.readUInt16LE(i + 30) + zip.readUInt16LE(i + 32);
  }
  return out;
};

const LANGUAGES: Language[] = ['cn', 'en'];
const run = Date.now().toString(36);

test.describe('wallpapers and boot animations', () => {
  test('frames uploaded from the console build a bootanimation.zip that plays and downloads with stored entries', async ({
    page,
  }) => {
    await page.goto('/sysManage/wallpaper?tab=boot');
    await expect(page.getByTestId('boot-list')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('boot-create').click();
    await page.getByTestId('boot-name').fill(`Welcome-${run}`);
    await page.getByTestId('boot-width').fill('48');
    await page.getByTestId('boot-height').fill('32');
    await page.getByTestId('boot-fps').fill('8');
    const files = [0, 1, 2, 3].map((i) => ({
      name: `frame${i}.png`,
      mimeType: 'image/png',
      buffer: png(48, 32, i),
    }));
    await page.getByTestId('boot-frames').locator('input[type="file"]').setInputFiles(files);
    await expect(page.getByTestId('boot-frames-item').and(page.locator('[data-status="done"]'))).toHaveCount(
      4,
    );
    await expect(page.getByTestId('boot-frame-count')).toHaveText('4 frames');
    // A frame of another size is refused in the browser before it is sent.
    await page
      .getByTestId('boot-frames')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'wrong.png',
        mimeType: 'image/png',
        buffer: png(40, 32),
      });
    await expect(
      page.getByTestId('boot-frames-item').and(page.locator('[data-status="invalid"]')),
    ).toHaveCount(1);
    await page.getByTestId('boot-build').click();

    const row = page.getByRole('row').filter({ hasText: `Welcome-${run}` });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('boot-screen')).toHaveText('48 × 32');

    await row.getByTestId('boot-play').click();
    const frame = page.getByTestId('boot-preview-frame');
    await expect(frame).toBeVisible();
    // Playing: every frame shows in turn (sampled faster than the 8 fps it plays at).
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          seen.add((await frame.getAttribute('data-frame')) ?? '');
          return [...seen].sort().join(',');
        },
        { intervals: [40] },
      )
      .toBe('0,1,2,3');
    expect(await frame.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await page.keyboard.press('Escape');

    const downloading = page.waitForEvent('download');
    await row.getByTestId('boot-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('bootanimation.zip');
    const zip = await readFile((await download.path()) as string);
    expect(zipEntries(zip)).toEqual([
      { name: 'desc.txt', method: 0 },
      { name: 'part0/', method: 0 },
      ...files.map((_, i) => ({ name: `part0/0000${i}.png`, method: 0 })),
    ]);
    const read = await JSZip.loadAsync(zip, { checkCRC32: true });
    expect(await read.file('desc.txt')?.async('string')).toBe('48 32 8\np 0 0 part0\n');
    const third = Buffer.from((await read.file('part0/00002.png')?.async('uint8array')) as Uint8Array);
    expect(third.equals(files[2].buffer)).toBe(true);
  });

  test('an uploaded wallpaper shows its resolution and thumbnail', async ({ page }) => {
    await page.goto('/sysManage/wallpaper');
    await expect(page.getByTestId('wallpaper-list')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('wallpaper-upload-open').click();
    const name = `lobby-${run}.png`;
    await page
      .getByTestId('wallpaper-upload')
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'image/png', buffer: png(320, 180, 1) });
    await expect(
      page.getByTestId('wallpaper-upload-item').and(page.locator('[data-status="done"]')),
    ).toHaveCount(1);
    await page.keyboard.press('Escape');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByTestId('wallpaper-resolution')).toHaveText('320 × 180');
    const thumb = row.getByTestId('wallpaper-thumb').locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await row.getByTestId('wallpaper-thumb').click();
    await expect(page.getByTestId('wallpaper-preview').locator('img')).toBeVisible();
    await page.keyboard.press('Escape');
    // The tab is in the address: the boot animation tab opens from a link.
    await page.goto('/sysManage/wallpaper?tab=boot');
    await expect(page.getByTestId('boot-list')).toBeVisible();
  });

  for (const size of SCREEN_SIZES) {
    test(`screenshots at ${size.width} px in both languages and themes`, { tag: PICTURES }, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto('/sysManage/wallpaper');
      await expect(page.getByTestId('wallpaper-list')).toBeVisible({ timeout: 30_000 });
      for (const language of LANGUAGES) {
        if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
        for (const theme of THEMES) {
          if (!pictured(size.width, language, theme)) continue;
          await setTheme(page, theme);
          await page.goto('/sysManage/wallpaper?tab=wallpapers');
          await expect(page.getByTestId('wallpaper-list')).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'media-wallpapers', language, theme);
          await page.goto('/sysManage/wallpaper?tab=boot');
          await expect(page.getByTestId('boot-list')).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'media-boot', language, theme);
          await page.getByTestId('boot-create').click();
          await expect(page.getByTestId('boot-form')).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'media-boot-create', language, theme);
          await page.keyboard.press('Escape');
        }
      }
    });
  }
});
