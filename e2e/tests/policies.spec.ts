import { simSn } from '../../apps/pos-sim/src/fleet';
import { axeFindings } from '../support/axe';
import { confirmOk, type Language, switchLanguage } from '../support/console';
import { expect, test } from '../support/fixtures';
import { startSteadyTills } from '../support/fleet';
import { saveScreenshot, settle } from '../support/screenshot';

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

      await page.goto('/device/policies');
      await page.getByRole('row').filter({ hasText: name }).getByTestId('row-open').click();
      const drawer = page.getByTestId('policy-drawer');
      await expect(drawer.getByTestId('count-drift')).toContainText('1', LIVE);
      await settle(page);
      await saveScreenshot(page, 'policy-compliance', s.language, 'light');
      expect(await axeFindings(page)).toEqual([]);
      await drawer.getByTestId('policy-converge').click();
      await expect(drawer.getByTestId('count-drift')).toContainText('0', LIVE);
      expect(fleet.policies[0].value(s.field)).toBe(false);
    } finally {
      await fleet.stop(false);
    }
  });
}
