import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Language } from './console';
import { SCREENSHOT_DIR } from './env';

export type Theme = 'light' | 'dark';

/** Saves a full-page screenshot as `e2e/screenshots/<name>-<lang>-<theme>-<width>.png`; returns its path. */
export const saveScreenshot = async (page: Page, name: string, language: Language, theme: Theme) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${language}-${theme}-${width}.png`);
  // Caret blinking and animations would make two runs of the same screen differ.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  return file;
};
