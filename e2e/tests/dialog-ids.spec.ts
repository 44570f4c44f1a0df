import type { Locator, Page } from '@playwright/test';
import { HOME_PATH, openFromMenu, storedMenu } from '../support/console';
import { expect, test } from '../support/fixtures';
import { menuPages } from '../support/menu';

/** Ids that more than one element of the document carries. */
const repeatedIds = (page: Page) =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  });

/**
 * Clicks each visible label of the dialog that names a field and says what went wrong: a label whose
 * field is missing or outside the dialog, or whose click left the focus elsewhere.
 */
const labelProblems = async (page: Page, dialog: Locator) => {
  const problems: string[] = [];
  const labels = dialog.locator('label[for]:visible');
  for (let i = 0; i < (await labels.count()); i++) {
    const label = labels.nth(i);
    const target = (await label.getAttribute('for')) ?? '';
    await label.click();
    const outcome = await label.evaluate((el, id) => {
      const field = document.getElementById(id);
      const box = el.closest('[role="dialog"]');
      if (!field) return 'no field';
      if (!box?.contains(field)) return 'a field outside the dialog';
      // Groups (radio, checkbox) are named by the label but take no focus themselves.
      const focusable = field.matches(
        'input, textarea, select, button, [tabindex], [contenteditable="true"]',
      );
      if (focusable && document.activeElement !== field)
        return `focus on #${document.activeElement?.id ?? '?'}`;
      return null;
    }, target);
    if (outcome) problems.push(`${target}: ${outcome}`);
    // Tab closes a select's list that the click opened, so it covers no label below it.
    await page.keyboard.press('Tab');
  }
  return problems;
};

// Every list page that has filters above it and a create (or upload) dialog: with the dialog open, no
// id is used twice in the document, and each of the dialog's labels focuses the dialog's own field.
test('dialog labels focus their own fields on every list page with filters', async ({ page }) => {
  test.setTimeout(900_000);
  await page.goto(HOME_PATH);
  const findings: Record<string, string[]> = {};
  const checked: string[] = [];
  for (const target of menuPages(await storedMenu(page)).filter((p) => !p.hidden)) {
    await openFromMenu(page, target);
    const content = page.getByTestId('page-content');
    await expect(content.locator('[data-testid$="-page"]').first()).toBeVisible();
    const create = content
      .locator('button.ant-btn-primary:visible')
      .filter({ has: page.locator('.anticon-plus, .anticon-cloud-upload') })
      .first();
    if (!(await content.getByTestId('filter-bar').isVisible()) || !(await create.isVisible())) continue;
    const dialogs = page.locator('[role="dialog"]:visible');
    await create.click();
    // Some create buttons open a page of their own rather than a dialog.
    await expect
      .poll(async () => (await dialogs.count()) > 0 || !page.url().endsWith(target.path))
      .toBe(true);
    if (!(await dialogs.count())) continue;
    const dialog = dialogs.last();
    await expect(dialog.locator('form')).toBeVisible();
    checked.push(target.path);
    const problems = [...(await repeatedIds(page)).map((id) => `#${id} used more than once`)];
    problems.push(...(await labelProblems(page, dialog)));
    if (problems.length) findings[target.path] = problems;
    // Escape closes what the last field opened (a date picker's panel) first, then the dialog.
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape');
        return dialogs.count();
      })
      .toBe(0);
  }
  test.info().annotations.push({ type: 'checked', description: checked.join(' ') });
  expect(checked, 'pages whose dialog was checked').toEqual(
    expect.arrayContaining([
      '/device/index',
      '/user/index',
      '/appMarket/myApp',
      '/technicalSupport/index',
      '/sysManage/index',
    ]),
  );
  expect(findings).toEqual({});
});
