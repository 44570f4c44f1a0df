import { expect, type Page } from '@playwright/test';
import { axeFindings } from './axe';

/**
 * Records the axe findings of the page now open under its path, and for the model page also those
 * of its add dialog, one of the main dialogs.
 */
export const checkAccessibility = async (page: Page, path: string, findings: Record<string, string[]>) => {
  // What the pointer rests on is a hover state, not the page.
  await page.mouse.move(720, 2);
  findings[path] = await axeFindings(page);
  if (path === '/device/modelManage') {
    await page.getByTestId('model-add').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    findings['model dialog'] = await axeFindings(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
};

/** Findings per place, only the places that have some. */
export const withFindings = (findings: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(findings).filter(([, list]) => list.length));
