import type { Page } from '@playwright/test';
import { simMac, simSn, startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { Api } from '../support/api';
import { HOME_PATH, type Language, signInAs, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { pngOf } from '../support/png';
import {
  PICTURES,
  pictured,
  SCREEN_SIZES,
  saveScreenshot,
  setTheme,
  settle,
  THEMES,
} from '../support/screenshot';

const SN = 'SUPE2E000001';
/** A real PNG (a diagonal band of colour on grey), as a phone's camera would give one. */
const PNG = pngOf(160, 120, (x, y) => (Math.abs(x - y * 1.3) < 18 ? [220, 60, 40] : [190, 190, 190]));
const O = '/support/v1/support/order';
const CUSTOMER = { username: 'jam_shop', password: 'Jam-Shop#2024pass' };
const JAM_PREFIX = 'JAMX';

/** Chooses an option of an antd select, again if a click landed while its list was still opening. */
const choose = async (page: Page, select: ReturnType<Page['getByTestId']>, title: string) => {
  const option = page.locator(`.ant-select-item-option[title="${title}"]`).last();
  await expect(async () => {
    if (!(await option.isVisible())) await select.click();
    await option.click({ timeout: 3_000 });
    await expect(select).toContainText(title, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
};

/** Confirms the antd pop-confirm that is open, and waits until it has closed (its step is done). */
const confirm = async (page: Page) => {
  const popup = page.locator('.ant-popconfirm:visible');
  await popup.getByRole('button', { name: /OK|Yes|确/ }).click();
  await expect(popup).toHaveCount(0);
};

test.describe('after-sales orders', () => {
  test('an order opened for a terminal is accepted, repaired, returned and closed, with its history; another is rejected with a reason', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: 1,
      prefix: 'SUPE2E',
      model: 'E2E-S1',
    });
    await page.goto('/technicalSupport/index');
    await page.getByTestId('order-add').click();
    // The SN is picked from the terminals the search finds.
    await page.getByTestId('order-sn').locator('input').fill(SN);
    await page.locator(`.ant-select-item-option[title="${SN}"]`).first().click();
    await expect(page.getByTestId('order-model')).toHaveValue('E2E-S1');
    await page.getByTestId('order-contact').fill('Li Wei');
    await page.getByTestId('order-phone').fill('+86 138 0000 0000');
    await choose(page, page.getByTestId('order-fault'), 'Printer');
    await page.getByTestId('order-description').fill('The printer jams on every receipt');
    // A double click on save opens one order.
    await page.getByTestId('order-form-save').dblclick();
    await expect(page.getByTestId('order-form-save')).toBeHidden();
    await expect(page.locator('tr', { hasText: SN })).toHaveCount(1);

    const row = page.locator('tr', { hasText: SN }).first();
    await expect(row).toContainText('E2E');
    await row.getByTestId('row-view').click();
    const drawer = page.getByTestId('order-detail');
    await expect(drawer).toContainText('E2E-S1');
    // Assigned to the administrator with a due time, then walked to closed.
    await choose(page, drawer.getByTestId('order-assign-to'), 'Administrator (admin)');
    await drawer.getByTestId('order-assign-save').click();
    await expect(drawer.getByTestId('order-event').last()).toHaveAttribute('data-kind', 'assign');
    for (const action of ['accept', 'repair', 'return', 'close']) {
      await expect(drawer.getByTestId(`order-action-${action}`)).toBeEnabled();
      await drawer.getByTestId(`order-action-${action}`).click();
      await confirm(page);
      await expect(drawer.getByTestId('order-event').last()).toHaveAttribute('data-kind', action);
    }
    await drawer.getByTestId('order-comment').fill('Works again, thanks');
    await drawer.getByTestId('order-comment-send').click();
    await expect(drawer.getByTestId('order-event').last()).toHaveAttribute('data-kind', 'comment');
    await expect(drawer.getByTestId('order-event')).toHaveCount(7);
    await expect(drawer.getByTestId('order-actions')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A second order, rejected with a reason the customer reads in the history.
    const { api } = await new Api(request).login();
    const second = await api.post<{ id: string; number: string }>(`${O}/addOrUpdate`, {
      sn: SN,
      contact: 'Li Wei',
      phone: '+86 138 0000 0000',
      faultType: 'screen',
      description: 'Cracked screen',
    });
    expect(second.code).toBe(1);
    await page.reload();
    await page.locator('tr', { hasText: second.result.number }).getByTestId('row-view').click();
    await drawer.getByTestId('order-action-reject').click();
    await expect(page.getByTestId('order-reject-ok')).toBeDisabled();
    await page.getByTestId('order-reject-reason').fill('Damage from a fall is not covered');
    await page.getByTestId('order-reject-ok').click();
    await expect(drawer.getByTestId('order-event').last()).toHaveAttribute('data-kind', 'reject');
    await expect(drawer).toContainText('Damage from a fall is not covered');
  });

  test('a simulated printer jams three times: a draft order appears and moves to closed while the customer watches', async ({
    page,
    browser,
    api,
  }) => {
    test.setTimeout(240_000);
    const { api: admin } = await api.login();
    const customer = await admin.post<{ id: string }>('/upms/v1/upms/user/addOrUpdate', {
      username: CUSTOMER.username,
      password: CUSTOMER.password,
      name: 'Jam Street Shop',
      phone: '+86 139 0000 1234',
      hardwareSmsAlert: true,
      roleIds: [await admin.roleId('enterprise_admin')],
    });
    expect(customer.code).toBe(1);
    const group = await admin.post<{ id: string }>('/upms/v1/upms/equipment/addOrUpdate', {
      name: 'Jam Street',
      number: 'JAM-001',
      ownerId: customer.result.id,
    });
    expect(group.code).toBe(1);
    const { enrollmentKey } = await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: 1,
      prefix: JAM_PREFIX,
      model: 'E2E-J1',
    });
    const sn = simSn(JAM_PREFIX, 1);
    const found = await admin.get<{ records: { id: string; modelId: string }[] }>(
      '/device/v1/device/terminal/getPage',
      { sn, current: '1', size: '10' },
    );
    const terminal = found.result.records[0];
    const moved = await admin.post('/device/v1/device/terminal/addOrUpdate', {
      id: terminal.id,
      sn,
      name: 'Front till',
      modelId: terminal.modelId,
      groupId: group.result.id,
      storeName: 'Jam Street Store',
      mac: simMac(1),
      ownerId: customer.result.id,
    });
    expect(moved.code).toBe(1);

    // The customer watches the order list in a browser of their own.
    const customerContext = await browser.newContext();
    const watcher = await customerContext.newPage();
    await signInAs(watcher, CUSTOMER.username, CUSTOMER.password);
    await watcher.goto('/technicalSupport/index');
    await expect(watcher.getByTestId('orders-page')).toBeVisible();
    const watched = watcher.locator('tr', { hasText: sn });
    await expect(watched).toHaveCount(0);

    const fleet = startFleet({
      count: 1,
      server: BASE_URL,
      transport: 'mqtt',
      prefix: JAM_PREFIX,
      enrollmentKey,
      cities: [CITIES.shanghai],
      model: 'E2E-J1',
      heartbeatSec: 1,
      rampSec: 0,
      faultRate: 0,
      rebootRate: 0,
    });
    try {
      const printer = fleet.terminals[0].printer;
      await expect.poll(() => fleet.stats.heartbeats, { timeout: 30_000 }).toBeGreaterThan(0);
      printer.jamNext(3);
      await expect.poll(() => printer.jams(), { timeout: 30_000 }).toBe(3);
      // The draft appears in the customer's list without a reload.
      await expect(watched).toContainText('Draft', { timeout: 15_000 });
      await expect(watched).toContainText('Peripheral health');
      await watcher.setViewportSize({ width: 1440, height: 900 });

      // Service staff take it: accept, repair, return, close; the customer's row follows each step.
      await page.goto('/technicalSupport/index');
      await page.locator('tr', { hasText: sn }).getByTestId('row-view').click();
      const drawer = page.getByTestId('order-detail');
      await expect(drawer.getByTestId('order-faults').locator('.ant-list-item')).toHaveCount(3);
      await expect(drawer.getByTestId('order-draft-hint')).toBeVisible();
      await settle(page);
      await saveScreenshot(page, 'support-order-draft', 'en', 'light');
      for (const [action, label] of [
        ['accept', 'Accepted'],
        ['repair', 'In repair'],
        ['return', 'Returned'],
        ['close', 'Closed'],
      ] as const) {
        await drawer.getByTestId(`order-action-${action}`).click();
        await confirm(page);
        await expect(drawer.getByTestId('order-detail-status')).toHaveText(label);
        await expect(watched).toContainText(label, { timeout: 15_000 });
      }
      await watcher.locator('tr', { hasText: sn }).getByTestId('row-view').click();
      const seen = watcher.getByTestId('order-detail');
      await expect(seen.getByTestId('order-event')).toHaveCount(5);
      await expect(seen.getByTestId('order-actions')).toHaveCount(0);
      await settle(watcher);
      await saveScreenshot(watcher, 'support-order-customer', 'en', 'light');
    } finally {
      await fleet.stop(true);
      await customerContext.close();
    }
  });

  test('a process is written in the editor and published; an inspector fills a record on a phone with a photo and a failed item opens an order', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/technicalSupport/service');
    await page.getByTestId('process-add').click();
    const editor = page.getByTestId('process-editor');
    await editor.getByTestId('editor-name').fill('E2E monthly visit');
    await editor.getByTestId('editor-standard-0-name').fill('Hardware');
    await editor.getByTestId('editor-item-0-0-content').fill('Printer prints a test receipt');
    await editor.getByTestId('editor-item-0-0-photo').click();
    await editor.getByTestId('editor-standard-0-add-item').click();
    await editor.getByTestId('editor-item-0-1-content').fill('Battery health');
    await editor.getByTestId('editor-item-0-1-kind').getByText('Value with limits').click();
    await editor.getByTestId('editor-item-0-1-min').fill('80');
    await editor.getByTestId('editor-item-0-1-max').fill('100');
    await settle(page);
    await saveScreenshot(page, 'support-process-editor', 'en', 'light');
    await editor.getByTestId('editor-save').click();
    const info = page.getByTestId('process-info-page');
    await expect(info.getByTestId('process-status')).toHaveText('Draft');
    await expect(info.getByTestId('checklist')).toContainText('80 – 100');
    await info.getByTestId('process-action-publish').click();
    await confirm(page);
    await expect(info.getByTestId('process-status')).toHaveText('Active');

    // On the phone: the inspector's visit.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 31.2304, longitude: 121.4737, accuracy: 12 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/technicalSupport/inspectionRecord');
    await page.getByTestId('record-add').click();
    const form = page.getByTestId('record-form');
    await choose(page, form.getByTestId('record-process'), 'E2E monthly visit v1');
    await form.getByTestId('record-storeName').fill('Harbour Store');
    await form.getByTestId('record-contact').fill('Li Wei');
    await form.getByTestId('record-phone').fill('+86 138 0000 0000');
    await form.getByTestId('record-address').fill('8 Bund Rd, Shanghai');
    await form.getByTestId('record-locate').click();
    await expect(form.getByTestId('record-place')).toContainText('31.23040');
    // Items are named by the keys the editor gave them.
    const [itemKey, batteryKey] = (
      await form
        .locator('[data-testid^="record-item-k"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))
    )
      .filter((id) => /^record-item-k[0-9a-f]{12}$/.test(id))
      .map((id) => id.replace('record-item-', ''));
    await form.getByTestId(`record-item-${itemKey}-pass`).getByText('Fail').click();
    await form.getByTestId(`record-item-${batteryKey}`).locator('input.ant-input-number-input').fill('92');
    // The failed item asks for a photo: sending without one is refused and marks it.
    await form.getByTestId('record-save').click();
    await expect(form.getByTestId(`record-item-${itemKey}-missing`)).toBeVisible();
    await expect(form.getByTestId(`record-item-${itemKey}-photo`)).toHaveAttribute('capture', 'environment');
    await expect(form.getByTestId(`record-item-${itemKey}-photo`)).toHaveAttribute('accept', 'image/*');
    await form.getByTestId(`record-item-${itemKey}-photo`).setInputFiles({
      name: 'jam.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(form.getByTestId(`record-item-${itemKey}-thumb`)).toBeVisible();
    await expect(form.getByTestId(`record-item-${itemKey}-missing`)).toHaveCount(0);
    await settle(page);
    await saveScreenshot(page, 'support-record-form', 'en', 'light');
    await form.getByTestId('record-save').click();

    const detail = page.getByTestId('record-detail');
    await expect(detail.getByTestId(`record-result-${itemKey}`)).toHaveText('Fail');
    await expect(detail.getByTestId('record-place')).toContainText('31.23040');
    await expect(detail.getByTestId(`record-photos-${itemKey}`).locator('img')).toBeVisible();
    // The fault type is guessed from the item: one press opens the order, a second opens nothing more.
    await expect(detail.getByTestId(`record-fault-${itemKey}`)).toContainText('Printer');
    await detail.getByTestId(`record-open-order-${itemKey}`).dblclick();
    await expect(detail.getByTestId(`record-order-${itemKey}`)).toContainText('SO-');
    await settle(page);
    await saveScreenshot(page, 'support-record-detail', 'en', 'light');
    const { api } = await new Api(page.request).login();
    const orders = await api.get<{ total: number }>(`${O}/getPage`, {
      source: 'inspection',
      current: '1',
      size: '10',
    });
    expect(orders.result.total).toBe(1);
  });

  test('every support page in both languages and themes, at desktop and phone width', {
    tag: PICTURES,
  }, async ({ page, api }) => {
    test.setTimeout(420_000);
    const { api: admin } = await api.login();
    const processes = await admin.get<{ records: { id: string; name: string }[] }>(
      '/support/v1/support/inspectionProcess/getPage',
      { current: '1', size: '10' },
    );
    const processId = processes.result.records[0]?.id;
    const records = await admin.get<{ records: { id: string }[] }>(
      '/support/v1/support/inspectionRecord/getPage',
      {
        current: '1',
        size: '10',
      },
    );
    const recordId = records.result.records[0]?.id;
    const orders = await admin.get<{ records: { id: string; source: string }[] }>(`${O}/getPage`, {
      current: '1',
      size: '50',
    });
    const orderId = (orders.result.records.find((o) => o.source === 'health') ?? orders.result.records[0])
      ?.id;
    await page.goto(HOME_PATH);
    for (const language of ['en', 'cn'] as Language[]) {
      await switchLanguage(page, language);
      for (const theme of THEMES) {
        if (!SCREEN_SIZES.some((size) => pictured(size.width, language, theme))) continue;
        await setTheme(page, theme);
        for (const size of SCREEN_SIZES) {
          if (!pictured(size.width, language, theme)) continue;
          await page.setViewportSize(size);
          const shoot = async (name: string, path: string, ready: () => Promise<void>) => {
            await page.goto(path);
            await ready();
            await settle(page);
            await saveScreenshot(page, name, language, theme);
          };
          await shoot('support-orders', '/technicalSupport/index', () =>
            expect(page.getByTestId('orders-page').locator('tbody tr[data-row-key]').first()).toBeVisible(),
          );
          if (orderId)
            await shoot('support-order-detail', `/technicalSupport/index?view=${orderId}`, () =>
              expect(page.getByTestId('order-event').first()).toBeVisible(),
            );
          await shoot('support-health-rules', '/technicalSupport/index', async () => {
            await page.getByTestId('health-rules-open').click();
            await expect(page.getByTestId('health-rules').locator('tbody tr[data-row-key]')).toHaveCount(4);
          });
          await shoot('support-processes', '/technicalSupport/service', () =>
            expect(
              page.getByTestId('processes-page').locator('tbody tr[data-row-key]').first(),
            ).toBeVisible(),
          );
          await shoot('support-process-new', '/technicalSupport/addService', () =>
            expect(page.getByTestId('editor-name')).toBeVisible(),
          );
          if (processId)
            await shoot('support-process-info', `/technicalSupport/serviceInfo?id=${processId}`, () =>
              expect(page.getByTestId('checklist')).toBeVisible(),
            );
          await shoot('support-records', '/technicalSupport/inspectionRecord', () =>
            expect(page.getByTestId('records-page').locator('tbody tr[data-row-key]').first()).toBeVisible(),
          );
          if (recordId)
            await shoot('support-record-info', `/technicalSupport/inspectionRecordInfo?id=${recordId}`, () =>
              expect(page.getByTestId('record-visit')).toBeVisible(),
            );
        }
      }
    }
  });
});
