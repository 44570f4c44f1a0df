import { expect, type Page } from '@playwright/test';

/** Picks terminals in the remote command form (a typed SN becomes a tag). */
export const pickTerminal = async (page: Page, value: string) => {
  await page.getByTestId('command-terminals').click();
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
};

/** Chooses the command in the form by typing its name and taking the first match with Enter. */
export const chooseOp = async (page: Page, label: string) => {
  const select = page.getByTestId('command-op');
  await select.click();
  // The list of commands, not the terminals' one still sliding away.
  await expect(page.locator('.ant-select-dropdown:visible').filter({ hasText: label })).toBeVisible();
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
  await expect(select).toContainText(label);
};
