import { axeFindings } from '../support/axe';
import { confirmOk, type Language, switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { pictured, SIZES_TO_PICTURE, saveScreenshot, setTheme, settle, THEMES } from '../support/screenshot';

/** The story per language: a bad address is refused in that language, then a schedule is made and sent. */
const STORIES = [
  {
    language: 'en' as Language,
    name: 'Weekly fleet',
    email: 'reports-en@example.test',
    weekly: 'Weekly',
    monday: 'Monday',
    badEmail: 'Not a valid email address',
    when: 'Mondays at 08:00',
    queued: 'The report is being prepared and mailed to reports-en@example.test',
  },
  {
    language: 'cn' as Language,
    name: '每周设备报表',
    email: 'reports-cn@example.test',
    weekly: '每周',
    monday: '星期一',
    badEmail: '邮箱格式不正确',
    when: '每星期一 08:00',
    queued: '报表正在生成，将发送至 reports-cn@example.test',
  },
] as const;

/** Picks an option of the open select dropdown by its text. */
const choose = async (page: import('@playwright/test').Page, text: string) => {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .click();
};

for (const s of STORIES) {
  test(`a weekly report is scheduled and sent at once, with its workbook attached (${s.language})`, async ({
    page,
  }) => {
    await page.goto('/dataCenter/reports');
    if (s.language === 'cn') await switchLanguage(page, 'cn');
    await page.getByTestId('report-add').click();
    const form = page.getByTestId('report-form');
    await form.getByTestId('report-name').fill(s.name);
    await form.getByTestId('report-email').fill('not-mail');
    await form.getByTestId('report-frequency').click();
    await choose(page, s.weekly);
    await form.getByTestId('report-weekday').click();
    await choose(page, s.monday);
    await page.getByTestId('report-form-save').click();
    // Refused in the console's language, and nothing saved: the form stays open.
    await expect(form).toContainText(s.badEmail);
    await settle(page);
    expect(await axeFindings(page)).toEqual([]);
    await form.getByTestId('report-email').fill(s.email);
    await page.getByTestId('report-form-save').click();
    await expect(form).toBeHidden();

    const row = page.getByTestId('reports-page').getByRole('row').filter({ hasText: s.name });
    await expect(row).toContainText(s.when);
    await settle(page);
    expect(await axeFindings(page)).toEqual([]);
    const before = Date.now();
    await row.getByTestId('row-send').click();
    await confirmOk(page);
    await expect(page.getByText(s.queued)).toBeVisible();
    const file = await waitForMail(s.email, /filename="?(report-\d{8}\.xlsx)/, before);
    expect(file).toMatch(/^report-\d{8}\.xlsx$/);

    // On demand (E2E_SCREENSHOTS): the list and the form in both languages, themes and widths.
    for (const size of SIZES_TO_PICTURE)
      for (const theme of THEMES) {
        if (!pictured(size.width, s.language, theme)) continue;
        await page.setViewportSize(size);
        await page.goto('/dataCenter/reports');
        await setTheme(page, theme);
        await settle(page);
        await saveScreenshot(page, 'reports', s.language, theme);
        expect(await axeFindings(page)).toEqual([]);
        await page.getByTestId('report-add').click();
        await expect(page.getByTestId('report-form')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'reports-form', s.language, theme);
        expect(await axeFindings(page)).toEqual([]);
        await page.keyboard.press('Escape');
      }
  });
}
