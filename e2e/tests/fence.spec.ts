import type { Page } from '@playwright/test';
import { simMac, simSn, startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { type Language, storageItem, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { waitForMail } from '../support/mail';
import {
  pictured,
  SCREEN_SIZES,
  SIZES_TO_PICTURE,
  saveScreenshot,
  setTheme,
  settle,
  THEMES,
} from '../support/screenshot';

const PREFIX = 'FENCE';
const SN = simSn(PREFIX, 1);
const MAC_BASE = 0xfe00;
const SHOP = { username: 'fence_shop', password: 'Fence-Shop#2024', email: 'fence_shop@e2e.test' };
/** Pixels from the centre to the edge of the circle drawn: about 2.6 km at the map's zoom here. */
const RADIUS_PX = 20;
/** How far north the till walks out: about 5.5 km, well outside the circle. */
const AWAY_DEG = 0.05;
const LIVE = { timeout: 45_000 };

/** The middle of the map on screen. */
const mapCentre = async (page: Page) => {
  const box = await page.getByTestId('fence-map').getByTestId('map-canvas').boundingBox();
  if (!box) throw new Error('the map has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test.describe('geofences', () => {
  test('a fence drawn on the map around a terminal raises an alert and a mail when it walks out, and clears when it returns', async ({
    page,
    api,
  }) => {
    test.setTimeout(300_000);
    const { api: admin } = await api.login();
    // A customer with the geofence mail on owns the terminal.
    const shop = await admin.post<{ id: string }>('/upms/v1/upms/user/addOrUpdate', {
      username: SHOP.username,
      password: SHOP.password,
      name: 'Fence Street Shop',
      email: SHOP.email,
      fenceEmailAlert: true,
      roleIds: [await admin.roleId('enterprise_admin')],
    });
    expect(shop.code).toBe(1);
    const group = await admin.post<{ id: string }>('/upms/v1/upms/equipment/addOrUpdate', {
      name: 'Fence Street',
      number: 'FEN-001',
      ownerId: shop.result.id,
    });
    expect(group.code).toBe(1);
    const { enrollmentKey } = await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: 1,
      prefix: PREFIX,
      model: 'E2E-F1',
    });
    const found = await admin.get<{ records: { id: string; modelId: string }[] }>(
      '/device/v1/device/terminal/getPage',
      { sn: SN, current: '1', size: '10' },
    );
    const terminal = found.result.records[0];
    const moved = await admin.post('/device/v1/device/terminal/addOrUpdate', {
      id: terminal.id,
      sn: SN,
      name: 'Harbour till',
      modelId: terminal.modelId,
      groupId: group.result.id,
      storeName: 'Fence Street Store',
      // Its own address: MAC addresses are unique, and other tests' first terminals use simMac(1).
      mac: simMac(MAC_BASE + 1),
      ownerId: shop.result.id,
    });
    expect(moved.code).toBe(1);
    const fleet = startFleet({
      count: 1,
      server: BASE_URL,
      transport: 'mqtt',
      prefix: PREFIX,
      enrollmentKey,
      cities: [CITIES.shanghai],
      model: 'E2E-F1',
      macBase: MAC_BASE,
      heartbeatSec: 5,
      rampSec: 0,
      faultRate: 0,
      rebootRate: 0,
    });
    const till = fleet.terminals[0];
    try {
      await expect.poll(() => till.isConnected(), LIVE).toBe(true);
      // Its first fix places it on the map: the shop is there.
      let home = { lat: 0, lng: 0 };
      await expect
        .poll(async () => {
          const found = await admin.get<{ terminals: { sn: string; lat: number; lng: number }[] }>(
            '/device/v1/device/map/search',
            { q: SN },
          );
          const located = found.result.terminals.find((m) => m.sn === SN);
          if (located) home = { lat: located.lat, lng: located.lng };
          return Boolean(located);
        }, LIVE)
        .toBe(true);
      const away = { lat: home.lat + AWAY_DEG, lng: home.lng };

      await page.goto('/device/fence');
      await expect(page.getByTestId('fence-page')).toBeVisible(LIVE);
      await expect(page.getByTestId('fence-list')).toContainText('No fence yet');

      // A new fence: the map goes to the terminal, a circle is drawn around it.
      await page.getByTestId('fence-new').click();
      await expect(page.getByTestId('fence-editor')).toBeVisible();
      await expect(page.getByTestId('fence-map')).toHaveAttribute('data-status', 'ready', LIVE);
      // Saving without an area asks for one.
      await page.getByTestId('fence-name').fill('Harbour store');
      await page.getByTestId('fence-save').click();
      await expect(page.getByTestId('fence-draw-hint')).toContainText("Draw the fence's area on the map");
      await page.getByTestId('map-server-search').locator('input').fill(SN);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: SN })
        .click();
      const { x, y } = await mapCentre(page);
      await page.getByTestId('map-draw-circle').click();
      // The drawing tools load on first use: draw once they are on.
      await expect(page.getByTestId('fence-map').locator('.leaflet-container')).toHaveAttribute(
        'data-draw-mode',
        'circle',
      );
      await page.mouse.click(x, y);
      await page.mouse.move(x + RADIUS_PX, y, { steps: 5 });
      await page.mouse.click(x + RADIUS_PX, y);
      await expect(page.getByTestId('fence-shape')).toContainText(/Circle, [\d,]+ m/);
      await page.getByTestId('fence-terminals').click();
      await page.keyboard.type(`${SN},`);
      // The fence locks the till's payment app while it is out.
      await page.getByTestId('fence-lock-payment').click();
      await page.getByTestId('fence-save').click();
      await expect(page.getByTestId('fence-editor')).toBeHidden();
      const row = page.getByTestId('fence-list').locator('tr', { hasText: 'Harbour store' });
      await expect(row).toContainText('Stay inside');
      await expect(row.getByTestId('fence-row-locks')).toHaveText('Locks payment');
      await expect(row).toContainText('Terminals 1');
      await expect(row.getByTestId('fence-violating')).toHaveText('0');

      // Out of the fence, at a pace the server believes: agreeing fixes outside make it a breach,
      // seen live, in early warning and by mail.
      const walkedOut = Date.now();
      await till.walkTo(away);
      await expect(row.getByTestId('fence-violating')).toHaveText('1', LIVE);
      const breach = await waitForMail(
        SHOP.email,
        /(broke the rule of geofence "Harbour store"|违反电子围栏「Harbour store」)/,
        walkedOut,
      );
      expect(breach).toBeTruthy();
      await page.goto('/device/earlyWarning');
      await expect(page.getByTestId('warning-page')).toContainText('Geofence breached', LIVE);
      // The till obeyed the lock and said so; its detail shows it.
      await expect.poll(() => till.paymentLocked(), LIVE).toBe(true);
      await page.goto(`/device/deviceDetail/${SN}`);
      const lock = page.getByTestId('detail-payment-lock');
      await expect(lock).toContainText('Locked by geofence Harbour store', LIVE);
      await expect(lock).toContainText('confirmed by the terminal', LIVE);
      await settle(page);
      await saveScreenshot(page, 'device-payment-lock', 'en', 'light');

      // Back inside: the fence is kept again.
      const walkedBack = Date.now();
      await till.walkTo(home);
      await waitForMail(
        SHOP.email,
        /(keeps the rule of geofence "Harbour store"|重新符合电子围栏)/,
        walkedBack,
      );
      await page.goto('/device/fence');
      await expect(row.getByTestId('fence-violating')).toHaveText('0', LIVE);
      await expect.poll(() => till.paymentLocked(), LIVE).toBe(false);
      await page.goto(`/device/deviceDetail/${SN}`);
      await expect(lock).toContainText('Unlocked', LIVE);
      await expect(lock).toContainText('confirmed by the terminal', LIVE);

      // The walk is on the terminal's track, played back on its detail page.
      await page.goto(`/device/deviceDetail/${SN}?tab=history`);
      await expect(page.getByTestId('track-count')).toContainText(/([3-9]|\d{2,}) positions/, LIVE);
      await expect(page.getByTestId('track-time')).toHaveAttribute('data-index', '0');
      await page.getByTestId('track-play').click();
      await expect(page.getByTestId('track-time')).not.toHaveAttribute('data-index', '0');
      await page.getByTestId('track-play').click();
      await settle(page);
      await saveScreenshot(page, 'device-track', 'en', 'light');
      await page.goto('/device/fence');

      // Editing keeps the drawn circle; the rule and hours change.
      await row.getByTestId('fence-edit').click();
      await expect(page.getByTestId('fence-shape')).toContainText(/Circle, [\d,]+ m/);
      await page.getByTestId('fence-name').fill('Harbour store (day)');
      await page.getByTestId('fence-hours').first().click();
      await page.keyboard.type('08:00');
      await page.keyboard.press('Enter');
      await page.keyboard.type('20:00');
      await page.keyboard.press('Enter');
      await page.getByTestId('fence-save').click();
      await expect(page.getByTestId('fence-editor')).toBeHidden();
      const edited = page.getByTestId('fence-list').locator('tr', { hasText: 'Harbour store (day)' });
      await expect(edited).toContainText('08:00–20:00');

      // Pictures of the list and the editor.
      for (const size of SIZES_TO_PICTURE) {
        await page.setViewportSize(size);
        for (const language of ['en', 'cn'] as Language[]) {
          for (const theme of THEMES) {
            if (!pictured(size.width, language, theme)) continue;
            if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
            await setTheme(page, theme);
            await page.goto('/device/fence');
            await expect(page.getByTestId('fence-map')).toHaveAttribute('data-status', 'ready', LIVE);
            await expect(page.getByTestId('fence-row-name').first()).toBeVisible();
            await settle(page);
            await saveScreenshot(page, 'fence-list', language, theme);
            await page.getByTestId('fence-edit').first().click();
            await expect(page.getByTestId('fence-shape')).toBeVisible();
            await settle(page);
            await saveScreenshot(page, 'fence-editor', language, theme);
            await page.getByTestId('fence-cancel').click();
          }
        }
      }
      await page.setViewportSize(SCREEN_SIZES[0]);
      if ((await storageItem(page, 'language')) !== 'en') await switchLanguage(page, 'en');

      // Deleting it empties the list.
      await page.getByTestId('fence-delete').first().click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await expect(page.getByTestId('fence-list')).toContainText('No fence yet');
    } finally {
      await fleet.stop(false);
    }
  });
});
