import type { Page } from '@playwright/test';
import { HOME_PATH, type Language, storageItem, switchLanguage } from '../support/console';
import { PAGE_LOAD } from '../support/env';
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

/** A real 320 × 180 RGB PNG of one colour. */
const png = () => pngOf(320, 180, () => [40, 120, 200]);

const run = Date.now().toString(36);
const LANGUAGES: Language[] = ['en', 'cn'];
const FAILED_TEXT: Record<Language, string> = { en: 'Image loading failed', cn: '图片加载失败' };

/** Uploads a wallpaper through the page and returns its row. */
const uploadWallpaper = async (page: Page, name: string) => {
  await page.goto('/sysManage/wallpaper');
  await expect(page.getByTestId('wallpaper-list')).toBeVisible(PAGE_LOAD);
  await page.getByTestId('wallpaper-upload-open').click();
  await page
    .getByTestId('wallpaper-upload')
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'image/png', buffer: png() });
  await expect(
    page.getByTestId('wallpaper-upload-item').and(page.locator('[data-status="done"]')),
  ).toHaveCount(1);
  await page.keyboard.press('Escape');
  return page.getByRole('row').filter({ hasText: name });
};

/**
 * Makes the stored files' signed links answer 404 while `state.failing` is set, and records every
 * request for them, so a test sees the console ask again.
 */
const breakStoredImages = async (page: Page) => {
  const state = { failing: true, requested: [] as string[] };
  await page.route(
    (url) => url.searchParams.has('signature'),
    (route) => {
      state.requested.push(route.request().url());
      return state.failing ? route.fulfill({ status: 404, body: '' }) : route.continue();
    },
  );
  return state;
};

test.describe('images that cannot be loaded', () => {
  test('a wallpaper says "image loading failed" and loads on retry, in the list and in its preview', async ({
    page,
  }) => {
    await page.goto(HOME_PATH);
    const name = `broken-${run}.png`;
    await uploadWallpaper(page, name);
    const images = await breakStoredImages(page);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByTestId('image-failed')).toBeVisible(PAGE_LOAD);
    await expect(row.getByTestId('image-retry')).toHaveAccessibleName('Image loading failed. Retry');

    await row.getByTestId('wallpaper-preview-open').click();
    const preview = page.getByTestId('wallpaper-preview');
    await expect(preview.getByTestId('image-failed')).toContainText('Image loading failed');
    await expect(preview.getByTestId('image-retry')).toHaveText('Retry');

    // The server answers again: the retry asks anew (past any cache) and the picture appears.
    images.failing = false;
    const before = images.requested.length;
    await preview.getByTestId('image-retry').click();
    await expect
      .poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(320);
    expect(images.requested.slice(before).some((url) => url.includes('_retry=1'))).toBe(true);
    await expect(preview.getByTestId('image-failed')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await row.getByTestId('image-retry').click();
    await expect
      .poll(() =>
        row
          .getByTestId('wallpaper-thumb')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(320);
  });

  for (const size of SCREEN_SIZES) {
    test(`the failed image at ${size.width} px in both languages and themes`, { tag: PICTURES }, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(size);
      await page.goto(HOME_PATH);
      const name = `shot-${size.width}-${run}.png`;
      await uploadWallpaper(page, name);
      await breakStoredImages(page);
      for (const language of LANGUAGES) {
        if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
        for (const theme of THEMES) {
          if (!pictured(size.width, language, theme)) continue;
          await setTheme(page, theme);
          await page.goto(`/sysManage/wallpaper?tab=wallpapers`);
          const row = page.getByRole('row').filter({ hasText: name });
          await expect(row.getByTestId('image-failed')).toBeVisible(PAGE_LOAD);
          await row.getByTestId('wallpaper-preview-open').click();
          await expect(page.getByTestId('wallpaper-preview').getByTestId('image-failed')).toContainText(
            FAILED_TEXT[language],
          );
          // The picture shows the dialog once its opening motion has ended.
          await expect
            .poll(() => page.locator('.ant-modal').evaluate((el) => getComputedStyle(el).opacity))
            .toBe('1');
          await settle(page);
          await saveScreenshot(page, 'image-failed', language, theme);
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('wallpaper-preview')).toHaveCount(0);
        }
      }
    });
  }
});
