import type { Page } from '@playwright/test';
import { axeFindings } from './axe';
import { type Language, switchLanguage } from './console';
import { expect } from './fixtures';
import { pictured, SCREEN_SIZES, saveScreenshot, setTheme, settle, THEMES, type Theme } from './screenshot';

/** One way of looking at a screen: a language, a theme and a width. */
export type View = { language: Language; theme: Theme; size: (typeof SCREEN_SIZES)[number] };

const LANGUAGES: Language[] = ['en', 'cn'];

type Options = {
  /**
   * Only the views this run pictures (see `pictured`; none without `E2E_SCREENSHOTS`), each checked
   * with axe; by default every view, checked with axe at desktop width.
   */
  picturedOnly?: boolean;
  /** Where axe looks (a CSS selector), such as an open dialog; the whole page by default. */
  axeWithin?: string;
  /** Puts the screen back after each view, such as closing a dialog `show` opened. */
  after?: (view: View) => Promise<void>;
};

/**
 * Each language, theme and width in turn: `show` brings the screen up and checks it, then the
 * screen is pictured as `name` (when given) and axe finds nothing critical or serious on it. Ends in
 * English, the light theme and desktop width.
 */
export const everyView = async (
  page: Page,
  name: string | null,
  show: (view: View) => Promise<void>,
  o: Options = {},
) => {
  const wanted = (view: View) => !o.picturedOnly || pictured(view.size.width, view.language, view.theme);
  const views = LANGUAGES.flatMap((language) =>
    THEMES.flatMap((theme) => SCREEN_SIZES.map((size) => ({ language, theme, size }))),
  ).filter(wanted);
  if (views.length === 0) return;
  for (const view of views) {
    const before = views[views.indexOf(view) - 1];
    if (before?.language !== view.language) await switchLanguage(page, view.language);
    if (before?.theme !== view.theme || before?.language !== view.language) await setTheme(page, view.theme);
    await page.setViewportSize(view.size);
    await show(view);
    await settle(page);
    if (name) await saveScreenshot(page, name, view.language, view.theme);
    if (o.picturedOnly || view.size.width === SCREEN_SIZES[0].width)
      expect(
        await axeFindings(page, o.axeWithin),
        `${view.language} ${view.theme} ${view.size.width}`,
      ).toEqual([]);
    await o.after?.(view);
  }
  await page.setViewportSize(SCREEN_SIZES[0]);
  await switchLanguage(page, 'en');
  await setTheme(page, 'light');
};
