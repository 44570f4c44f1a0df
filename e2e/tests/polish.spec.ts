import type { Locator, Page } from '@playwright/test';
import { simSn, startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import type { Api } from '../support/api';
import { switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';

const GROUPS = '/upms/v1/upms/equipment/addOrUpdate';
const SYS_MSG = '/upms/v1/upms/sysMsg';
const DASHBOARD = '/device/v1/device/dashboard/overview';
const FLEET = { server: BASE_URL, username: ADMIN.username, password: ADMIN.password };

/** The texts the checks look for, in each language. */
const TEXTS = {
  en: { users: 'User Management', devices: 'My Devices', moveTarget: 'Target group' },
} as const;

const createGroup = async (api: Api, name: string, parentId?: string) => {
  const saved = await api.post<{ id: string }>(GROUPS, { name, number: `${name}-${Date.now()}`, parentId });
  expect(saved.code, `group ${name} saved`).toBe(1);
  return saved.result.id;
};

/** Expanders that show (antd keeps an invisible placeholder in leaf rows). */
const expanders = (row: Locator) =>
  row.locator('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');

/** Left and right edges of a form's text fields and selects (the row of switches is a row of its own). */
const fieldEdges = (form: Locator) =>
  form.locator('.ant-form-item').evaluateAll((items) => {
    const boxes = items
      .filter((item) => !item.querySelector('.ant-switch'))
      .map((item) =>
        (item.querySelector('.ant-form-item-control-input') as HTMLElement).getBoundingClientRect(),
      );
    return {
      count: boxes.length,
      lefts: [...new Set(boxes.map((b) => Math.round(b.left)))],
      rights: [...new Set(boxes.map((b) => Math.round(b.right)))],
    };
  });

/** Where and how a page's header is drawn. */
const headerLook = (page: Page) =>
  page.getByTestId('page-header').evaluate((header) => {
    const box = header.getBoundingClientRect();
    const title = getComputedStyle(header.querySelector('h4') as HTMLElement);
    return {
      top: Math.round(box.top),
      left: Math.round(box.left),
      font: `${title.fontSize} ${title.fontWeight}`,
    };
  });

/** Whether the element at the middle of a locator's box is (inside) that locator's element. */
const onTop = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });

test.describe('polish', () => {
  test('group expanders, page headers, the user form, the settings gear and move to group', async ({
    page,
    api,
  }) => {
    // Ten pages and dialogs, each a full load: a loaded machine needs more than the default minute.
    test.setTimeout(180_000);
    const { api: admin } = await api.login();
    const north = await createGroup(admin, 'Polish North');
    await createGroup(admin, 'Polish Store', north);
    await createGroup(admin, 'Polish Lone');
    // A registered terminal, so the list has a row to move.
    await provisionFleet({ ...FLEET, count: 1, prefix: 'PLT', model: 'PLT-P2' });

    // A group without sub-groups has no expander; a group with one is open and has one.
    await page.goto('/user/equipment');
    const rows = page.getByTestId('groups-page').locator('.ant-table-row');
    const lone = rows.filter({ hasText: 'Polish Lone' });
    await expect(lone).toBeVisible();
    await expect(expanders(lone)).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Polish Store' })).toBeVisible();
    await expect(expanders(rows.filter({ hasText: 'Polish North' }))).toHaveCount(1);

    // The user pages and the device pages open with the same header: the page's name, drawn alike.
    await page.goto('/user/index');
    await expect(page.getByTestId('breadcrumbs')).toContainText(TEXTS.en.users);
    await expect(page.getByTestId('page-header').getByRole('heading', { level: 4 })).toHaveText(
      TEXTS.en.users,
    );
    const usersHeader = await headerLook(page);

    // The add-user form lines its fields up in two columns.
    await page.getByTestId('user-add').click();
    const form = page.getByTestId('user-form');
    await expect(page.getByTestId('user-username')).toBeVisible();
    const edges = await fieldEdges(form);
    expect(edges.count).toBeGreaterThan(10);
    expect(edges.lefts, 'left edges of the fields').toHaveLength(2);
    expect(edges.rights, 'right edges of the fields').toHaveLength(2);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    await page.goto('/device/index');
    await expect(page.getByTestId('breadcrumbs')).toContainText(TEXTS.en.devices);
    await expect(page.getByTestId('page-header').getByRole('heading', { level: 4 })).toHaveText(
      TEXTS.en.devices,
    );
    expect(await headerLook(page), 'the device page header looks like the user page header').toEqual(
      usersHeader,
    );

    // Add device answers an empty save with the same texts as every other form.
    await page.getByTestId('add-device').click();
    const addDialog = page.getByRole('dialog');
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await expect(addDialog.getByText('This field is required').first()).toBeVisible();
    await expect(addDialog.getByText('Required', { exact: true })).toHaveCount(0);
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(addDialog).toBeHidden();

    // Move to group names its field; saving waits for a group.
    await page.getByTestId('filter-sn').fill('PLT');
    await page.getByTestId('filter-search').click();
    await page
      .getByTestId('device-list-page')
      .locator('.ant-table-row', { has: page.getByTestId(`terminal-link-${simSn('PLT', 1)}`) })
      .locator('.ant-checkbox-input')
      .check();
    await page.getByTestId('terminal-move').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(TEXTS.en.moveTarget)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The gear stays in reach while the drawer is open, and closes it again.
    const gear = page.getByTestId('settings-button');
    const drawer = page.getByTestId('settings-drawer');
    await gear.click();
    await expect(drawer).toBeVisible();
    expect(await onTop(gear), 'the open drawer leaves the gear uncovered').toBe(true);
    await expect(gear).toHaveAttribute('aria-expanded', 'true');
    await gear.click({ timeout: 5_000 });
    await expect(drawer).toBeHidden();
    await expect(gear).toHaveAttribute('aria-expanded', 'false');
  });

  test('my messages in both languages and the latest warnings on a phone', async ({ page, api }) => {
    test.setTimeout(180_000);
    const prefix = 'PLS';
    const { api: admin } = await api.login();
    // Long enough to take two lines on a phone.
    const title = `Polish notice ${Date.now()}: read before the stocktake on Friday evening`;
    const saved = await admin.post<{ id: string }>(`${SYS_MSG}/addOrUpdate`, {
      title,
      scope: 'all',
      content: '<p>The whole row opens this.</p>',
    });
    await admin.get(`${SYS_MSG}/publish`, { id: saved.result.id });
    const { enrollmentKey } = await provisionFleet({ ...FLEET, count: 1, prefix, model: 'PLS-P2' });
    // A printer that jams at every heartbeat raises a peripheral-fault warning at once.
    const fleet = startFleet({
      count: 1,
      server: BASE_URL,
      transport: 'mqtt',
      prefix,
      enrollmentKey,
      cities: [CITIES.shanghai],
      model: 'PLS-P2',
      heartbeatSec: 2,
      rampSec: 0,
      faultRate: 1,
      rebootRate: 0,
    });
    try {
      // My Messages: the unread mark is one line (the English word is the longer one), and the whole
      // row, or the title by keyboard, opens a message.
      await page.goto('/messageManage/myMessage');
      const row = page.getByTestId('my-message-row').filter({ hasText: title });
      const mark = row.getByTestId('message-unread-mark');
      await expect(mark).toBeVisible();
      // The table lays its columns out after the first paint, so the row settles in its own time.
      await expect(async () => {
        const dot = await mark.locator('.ant-badge-status-dot').boundingBox();
        const word = await mark.locator('.ant-badge-status-text').boundingBox();
        if (!dot || !word) throw new Error('no unread dot or word');
        expect(Math.abs(dot.y + dot.height / 2 - (word.y + word.height / 2))).toBeLessThan(4);
      }).toPass({ timeout: 5_000 });
      // On a phone the dot moves in front of the title and stays on its first line.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(row.locator('td')).toHaveCount(1);
      // The columns and the cell settle after the resize in their own time.
      await expect(async () => {
        const phoneDot = await row.locator('.cpm-my-message-dot').boundingBox();
        const phoneTitle = await row.getByTestId('my-message-title').boundingBox();
        if (!phoneDot || !phoneTitle) throw new Error('no unread dot or title on a phone');
        expect(phoneTitle.height, 'the title takes two lines').toBeGreaterThan(30);
        expect(phoneDot.x + phoneDot.width).toBeLessThanOrEqual(phoneTitle.x);
        expect(phoneDot.y + phoneDot.height / 2 - phoneTitle.y, 'the dot on the first line').toBeLessThan(22);
      }).toPass({ timeout: 5_000 });
      await page.setViewportSize({ width: 1440, height: 900 });
      await switchLanguage(page, 'cn');
      await expect(mark).toHaveText('未读');
      const message = page.getByTestId('my-message-detail');
      const close = page
        .getByRole('dialog')
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /关\s*闭/ });
      await row.locator('td').last().click();
      await expect(message).toContainText('The whole row opens this.');
      await close.click();
      await expect(message).toBeHidden();
      await row.getByTestId('my-message-title').focus();
      await page.keyboard.press('Enter');
      await expect(message).toContainText('The whole row opens this.');
      await close.click();
      await expect(message).toBeHidden();

      // On a phone a warning's text ellipsizes on its one line and its time stays to the right.
      await expect
        .poll(
          async () =>
            (await admin.get<{ latestWarnings: { sn: string }[] }>(DASHBOARD)).result.latestWarnings.filter(
              (w) => w.sn.startsWith(prefix),
            ).length,
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/dashboard/index');
      const warning = page.getByTestId('latest-warning').filter({ hasText: prefix }).first();
      const text = warning.getByTestId('latest-warning-text');
      await expect(text).toHaveCSS('text-overflow', 'ellipsis');
      // Measured once the card has its width: the page lays out again as its figures arrive.
      await expect(async () => {
        const textBox = await text.boundingBox();
        const timeBox = await warning.getByTestId('latest-warning-time').boundingBox();
        if (!textBox || !timeBox) throw new Error('a warning without its text or time');
        expect(textBox.x + textBox.width, 'the text ends before the time').toBeLessThanOrEqual(timeBox.x);
        expect(Math.abs(textBox.y + textBox.height / 2 - (timeBox.y + timeBox.height / 2))).toBeLessThan(4);
        expect(timeBox.height, 'the time on one line').toBeLessThan(30);
      }).toPass({ timeout: 5_000 });
      await page.setViewportSize({ width: 1440, height: 900 });
    } finally {
      await fleet.stop(false);
    }
  });

  test('dialog field ids, the run records range and the manual say what the page holds', async ({ page }) => {
    // A dialog's field ids carry its form's name: unique on the page, so its labels focus its fields.
    await page.goto('/device/index');
    await page.getByTestId('add-device').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('#add-device_sn')).toBeVisible();
    await dialog.locator('label[for="add-device_sn"]').click();
    await expect(dialog.locator('#add-device_sn')).toBeFocused();
    const repeated = await page.evaluate(() => {
      const seen = new Map<string, number>();
      for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
      return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
    });
    expect(repeated, 'ids used more than once').toEqual([]);

    // Run records: an empty day shows the default it stands for in the field, not in the label.
    await page.goto('/dataCenter/index');
    const from = page.getByTestId('filter-startDate');
    await expect(from).toBeVisible();
    await expect(page.locator('label[for="filter-field-startDate"]')).toHaveText('From');
    await expect(page.locator('label[for="filter-field-endDate"]')).toHaveText('To');
    await expect(from).toHaveValue('');
    await expect(from).toHaveAttribute('placeholder', /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByTestId('filter-endDate')).toHaveAttribute('placeholder', /^\d{4}-\d{2}-\d{2}$/);

    // The manual describes pages that exist, with no page left "coming", in both languages.
    await page.goto('/messageManage/helpManual');
    const manual = page.getByTestId('help-content');
    await expect(manual).toContainText('what you can do there');
    await expect(manual).not.toContainText('Coming');
    await switchLanguage(page, 'cn');
    await expect(manual).toContainText('每个页面及其用法');
    await expect(manual).not.toContainText('即将推出');
  });

  test('a success toast opens below the header, on a desktop and on a phone', async ({ page }) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/messageManage/myMessage');
      await page.getByTestId('my-messages-read-all').click();
      const toast = page.locator('.ant-message-notice').last();
      await expect(toast).toBeVisible();
      const header = await page.getByTestId('header-bar').boundingBox();
      const box = await toast.boundingBox();
      if (!header || !box) throw new Error('no header or toast');
      expect(box.y, `the toast at ${width} px is below the header`).toBeGreaterThanOrEqual(
        header.y + header.height,
      );
    }
  });
});
