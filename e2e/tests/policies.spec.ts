import { simSn } from '../../apps/pos-sim/src/fleet';
import { axeFindings } from '../support/axe';
import { confirmOk, type Language, switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import { startSteadyTills } from '../support/fleet';
import { PICTURES, saveScreenshot, setTheme, settle, type Theme } from '../support/screenshot';

const LIVE = { timeout: 60_000 };

/** The story per language: a locked field is verified, drifts at the till, and converge repairs it. */
const STORIES = [
  {
    language: 'en' as Language,
    prefix: 'POLEN',
    field: 'bluetooth',
    label: 'Bluetooth',
    verified: 'Verified',
    drift: 'Drift',
  },
  {
    language: 'cn' as Language,
    prefix: 'POLCN',
    field: 'usbFileTransfer',
    label: 'USB 文件传输',
    verified: '已验证',
    drift: '偏离',
  },
] as const;

for (const s of STORIES) {
  test(`a locked policy field is verified, drifts at the till and converges (${s.language})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const fleet = await startSteadyTills({ prefix: s.prefix, model: 'E2E-POL' });
    const sn = simSn(s.prefix, 1);
    const name = `Baseline ${s.language}`;
    try {
      await page.goto('/device/policies');
      if (s.language === 'cn') await switchLanguage(page, 'cn');
      await page.getByTestId('policy-add').click();
      const editor = page.getByTestId('policy-editor');
      await editor.getByTestId('policy-name').fill(name);
      await editor.getByTestId('policy-reason').fill('Locked at the platform');
      const row = editor.getByTestId(`policy-field-${s.field}`);
      await row.getByRole('checkbox').first().check();
      await row.getByRole('checkbox').last().check();
      await settle(page);
      await saveScreenshot(page, 'policy-editor', s.language, 'light');
      expect(await axeFindings(page)).toEqual([]);
      await editor.getByTestId('policy-editor-save').click();
      await expect(editor).toBeHidden();

      const listRow = page.getByRole('row').filter({ hasText: name });
      if (s.language === 'en') {
        // To the one terminal, picked by its SN in the assign dialog.
        await listRow.getByTestId('row-assignTo').click();
        const dialog = page.getByTestId('policy-assign');
        await dialog.getByText('Terminal', { exact: true }).click();
        await dialog.getByTestId('policy-assign-terminals').locator('input').fill(sn);
        await page.locator('.ant-select-item-option', { hasText: sn }).click();
        // A multiple select stays open after a pick; the dialog's title takes the click that closes it.
        await dialog.locator('.ant-modal-title').click();
        await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
        await settle(page);
        await saveScreenshot(page, 'policy-assign', s.language, 'light');
        expect(await axeFindings(page)).toEqual([]);
        await page.getByTestId('policy-assign-ok').click();
        await expect(dialog).toBeHidden();
      } else {
        await listRow.getByTestId('row-assign').click();
        await confirmOk(page);
      }
      await expect(listRow).toContainText(/1$|1\s/);

      await page.goto(`/device/deviceDetail/${sn}?tab=policy`);
      const fields = page.getByTestId('terminal-policy-fields');
      const fieldRow = fields.locator('tr', { hasText: s.label });
      await expect(fieldRow).toContainText(s.verified, LIVE);

      await fleet.policies[0].setAtTill(s.field, true);
      await expect(fieldRow).toContainText(s.drift, LIVE);
      await expect(fieldRow).toContainText('true');
      await settle(page);
      await saveScreenshot(page, 'policy-terminal-drift', s.language, 'light');

      // The dashboard's figure counts the drifted terminal under its severity.
      await page.goto('/dashboard/index');
      await expect(page.getByTestId('drift-major')).toContainText(/[1-9]/, LIVE);
      await settle(page);
      await saveScreenshot(page, 'policy-dashboard-drift', s.language, 'light');

      await page.goto('/device/policies');
      await page.getByRole('row').filter({ hasText: name }).getByTestId('row-open').click();
      const drawer = page.getByTestId('policy-drawer');
      await expect(drawer.getByTestId('count-drift')).toContainText('1', LIVE);
      // Assigned to the whole account, the policy covers every terminal earlier specs left: the SN
      // filter finds this one whichever page it is on.
      await drawer.getByTestId('filter-sn').locator('input').fill(sn);
      await drawer.getByTestId('filter-sn').locator('input').press('Enter');
      await expect(drawer.locator('tr', { hasText: sn })).toContainText(s.drift, LIVE);
      await settle(page);
      await saveScreenshot(page, 'policy-compliance', s.language, 'light');
      expect(await axeFindings(page)).toEqual([]);
      const file = page.waitForEvent('download');
      await drawer.getByTestId('export-button').click();
      expect((await file).suggestedFilename()).toMatch(/\.xlsx$/);
      await drawer.getByTestId('policy-converge').click();
      await expect(drawer.getByTestId('count-drift')).toContainText('0', LIVE);
      expect(fleet.policies[0].value(s.field)).toBe(false);
    } finally {
      await fleet.stop(false);
    }
  });
}

// Eight views with axe and pictures: on demand (`E2E_SCREENSHOTS`), like the other picture walks; the
// stories above keep axe on the editor, the assign dialog and the compliance view in every run.
test('the Policies page, its drawer, editor and assign dialog at 390 px and 1440 px, light and dark, both languages', {
  tag: PICTURES,
}, async ({ page, api }) => {
  test.setTimeout(300_000);
  const admin = await api.login();
  const name = 'Narrow screens';
  const saved = await admin.api.post<{ id: string }>('/device/v1/device/policy/addOrUpdate', {
    name,
    fields: {
      kioskApp: { value: 'com.example.cashier', severity: 'critical', locked: false },
      bluetooth: { value: false, severity: 'major', locked: true },
    },
    reason: 'Pictures of the page',
  });
  expect(saved.code, saved.messageEn).toBe(1);
  await page.goto('/device/policies');
  const views: { language: Language; theme: Theme }[] = [
    { language: 'en', theme: 'dark' },
    { language: 'cn', theme: 'dark' },
    { language: 'cn', theme: 'light' },
    { language: 'en', theme: 'light' },
  ];
  const findings: Record<string, string[]> = {};
  const check = async (what: string) => {
    await settle(page);
    const found = await axeFindings(page);
    if (found.length) findings[what] = found;
  };
  for (const v of views) {
    await setTheme(page, v.theme);
    await switchLanguage(page, v.language);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
      const at = `${v.language}-${v.theme}-${width}`;
      const listRow = page.getByRole('row').filter({ hasText: name });
      await expect(listRow).toBeVisible();
      await check(`list ${at}`);
      await saveScreenshot(page, 'policies', v.language, v.theme);

      await listRow.getByTestId('row-open').click();
      const drawer = page.getByTestId('policy-drawer');
      await expect(drawer.getByTestId('count-verified')).toBeVisible();
      await check(`drawer ${at}`);
      await saveScreenshot(page, 'policy-drawer', v.language, v.theme);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      await page.getByTestId('policy-add').click();
      const editor = page.getByTestId('policy-editor');
      const kiosk = editor.getByTestId('policy-field-kioskApp');
      await kiosk.getByRole('checkbox').first().check();
      await editor.getByTestId('policy-field-wallpaper').getByRole('checkbox').first().check();
      await check(`editor ${at}`);
      await saveScreenshot(page, 'policy-editor-pickers', v.language, v.theme);
      await page.keyboard.press('Escape');
      await expect(editor).toBeHidden();

      await listRow.getByTestId('row-assignTo').click();
      const dialog = page.getByTestId('policy-assign');
      await expect(dialog.getByTestId('policy-assign-groups')).toBeVisible();
      await check(`assign ${at}`);
      await saveScreenshot(page, 'policy-assign', v.language, v.theme);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
  expect(findings).toEqual({});
});
