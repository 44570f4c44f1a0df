import { DEFAULT_MENU } from '@cpm/contracts/menu-tree';
import { checkAccessibility, withFindings } from '../support/accessibility';
import { HOME_PATH, menuItem, openFromMenu, storedMenu } from '../support/console';
import { expect, test } from '../support/fixtures';
import { menuPages } from '../support/menu';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('navigation', () => {
  // The same walk checks WCAG 2.1 A and AA in the light theme (axe-core: no critical or serious
  // finding); accessibility.spec.ts walks the dark theme.
  test('every visible page of the admin menu opens from the side menu without an error or an accessibility finding', async ({
    page,
    problems,
  }) => {
    test.setTimeout(300_000);
    const findings: Record<string, string[]> = {};
    await page.goto(HOME_PATH);
    // The default theme, light: the dark one is walked by accessibility.spec.ts.
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    const pages = menuPages(await storedMenu(page));
    const visible = pages.filter((p) => !p.hidden);

    // The administrator holds the whole default menu.
    const expected = DEFAULT_MENU.flatMap((m) =>
      m.pages.filter((p) => !p.hidden).map((p) => `/${m.url}/${p.url}`),
    );
    expect(visible.map((p) => p.path).sort()).toEqual(expected.sort());

    const content = page.getByTestId('page-content');
    for (const target of visible) {
      await test.step(target.path, async () => {
        await openFromMenu(page, target);
        await expect(page.getByTestId('breadcrumbs')).toContainText(target.en);
        await expect(page).toHaveTitle(new RegExp(`^${escapeRegex(target.en)}\\b`));
        // The page rendered: something with a page test id, no error boundary, no 404, no error message.
        await expect(content.locator('[data-testid$="-page"]').first()).toBeVisible();
        await expect(content.locator('.ant-result-500')).toHaveCount(0);
        await expect(page.getByTestId('exception-404')).toHaveCount(0);
        await expect(page.locator('.ant-message-error')).toHaveCount(0);
        await expect(page.getByTestId(`worktab-${target.path}`)).toHaveAttribute('aria-selected', 'true');
        expect(problems.pageErrors).toEqual([]);
        await checkAccessibility(page, target.path, findings);
      });
    }
    expect(withFindings(findings)).toEqual({});
  });

  test('hidden pages are not in the side menu', async ({ page }) => {
    await page.goto(HOME_PATH);
    const pages = menuPages(await storedMenu(page));
    const hidden = pages.filter((p) => p.hidden);
    expect(hidden.length).toBeGreaterThan(0);
    for (const target of hidden) {
      // Unfold the group through a visible sibling, then look for the hidden page beside it.
      const sibling = pages.find((p) => !p.hidden && p.groupEn === target.groupEn);
      if (sibling) await openFromMenu(page, sibling);
      await expect(menuItem(page, target.path)).toHaveCount(0);
    }
  });

  test('the logo goes home', async ({ page }) => {
    await page.goto('/device/index');
    await page.getByTestId('side-menu-logo').click();
    await expect(page).toHaveURL('/dashboard/index');
  });
});
