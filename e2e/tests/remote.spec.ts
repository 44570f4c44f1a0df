import type { Locator, Page } from '@playwright/test';
import { startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { HOME_PATH, type Language, storageItem, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import {
  PICTURES,
  pictured,
  SCREEN_SIZES,
  saveScreenshot,
  setTheme,
  settle,
  THEMES,
} from '../support/screenshot';

const PREFIX = 'RDT';
const SN = `${PREFIX}000001`;

/** Brightness figures of a canvas, whole or in a region given as fractions of its size. */
const canvasFigures = (canvas: Locator, region = { x: 0, y: 0, w: 1, h: 1 }) =>
  canvas.evaluate((c: HTMLCanvasElement, r) => {
    const ctx = c.getContext('2d');
    if (!ctx || !c.width || !c.height) return { width: 0, height: 0, mean: 0, max: 0, sum: 0 };
    const x = Math.floor(r.x * c.width);
    const y = Math.floor(r.y * c.height);
    const w = Math.max(1, Math.floor(r.w * c.width));
    const h = Math.max(1, Math.floor(r.h * c.height));
    const d = ctx.getImageData(x, y, w, h).data;
    let sum = 0;
    let max = 0;
    for (let i = 0; i < d.length; i += 4) {
      const v = d[i] + d[i + 1] + d[i + 2];
      sum += v;
      if (v > max) max = v;
    }
    return { width: c.width, height: c.height, mean: sum / (d.length / 4), max, sum };
  }, region);

/** Clicks the canvas at a point given as fractions of the terminal's screen. */
const tapAt = async (canvas: Locator, x: number, y: number) => {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the canvas is not on screen');
  await canvas.click({ position: { x: box.width * x, y: box.height * y } });
};

/** The order panel of the simulated till (right side of its landscape screen). */
const ORDER_PANEL = { x: 0.63, y: 0.2, w: 0.35, h: 0.5 };
/** The order's note line, above its total. */
const NOTE_LINE = { x: 0.63, y: 0.72, w: 0.35, h: 0.07 };

const openRemotePage = async (page: Page) => {
  await page.goto(`/remote/index?sn=${SN}`);
  await expect(page.getByTestId('remote-page')).toBeVisible();
};

test.describe('remote desktop', () => {
  test('controls a simulated till through the relay, never sees its PIN pad, and replays the recording', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const { enrollmentKey } = await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: 1,
      prefix: PREFIX,
      model: 'RDT-P2',
    });
    const fleet = startFleet({
      count: 1,
      server: BASE_URL,
      transport: 'mqtt',
      prefix: PREFIX,
      enrollmentKey,
      cities: [CITIES.shanghai],
      model: 'RDT-P2',
      heartbeatSec: 5,
      rampSec: 0,
      faultRate: 0,
      rebootRate: 0,
    });
    try {
      await expect.poll(() => fleet.terminals[0].isConnected(), { timeout: 30_000 }).toBe(true);
      await page.goto(HOME_PATH);
      await openRemotePage(page);

      // The terminal named in the address is picked; controlling asks for the password again.
      await expect(page.getByTestId('remote-terminal-select')).toContainText(SN, { timeout: 20_000 });
      await page.getByTestId('remote-connect').click();
      await page.getByTestId('remote-password').fill('wrong-password');
      await page.getByTestId('remote-password-ok').click();
      await expect(page.getByText('Wrong password; no remote session was opened')).toBeVisible();
      await page.getByTestId('remote-password').fill(ADMIN.password);
      await page.getByTestId('remote-password-ok').click();

      // The person at the till agrees after a moment; until then nothing of the screen arrives.
      const canvas = page.getByTestId('remote-canvas');
      await expect(page.getByTestId('remote-role')).toHaveText('Controller');
      await expect(page.getByTestId('remote-state')).toBeHidden({ timeout: 30_000 });
      await expect
        .poll(async () => (await canvasFigures(canvas)).mean, { timeout: 20_000 })
        .toBeGreaterThan(200);
      expect(await canvasFigures(canvas)).toMatchObject({ width: 800, height: 480 });
      await expect(page.getByTestId('remote-stat-fps')).not.toHaveText('-');
      await expect(page.getByTestId('remote-stat-latency')).toHaveText(/\d+ ms/, { timeout: 15_000 });

      // Tapping a menu item on the till puts it on the order: the order panel's pixels change.
      const emptyOrder = (await canvasFigures(canvas, ORDER_PANEL)).sum;
      await tapAt(canvas, 0.1, 0.35);
      await expect
        .poll(async () => Math.abs((await canvasFigures(canvas, ORDER_PANEL)).sum - emptyOrder), {
          timeout: 15_000,
        })
        .toBeGreaterThan(10_000);
      // Text typed in the console lands in the order's note line.
      const noNote = (await canvasFigures(canvas, NOTE_LINE)).sum;
      await page.getByTestId('remote-text').fill('no sugar');
      await page.getByTestId('remote-text-send').click();
      await expect
        .poll(async () => Math.abs((await canvasFigures(canvas, NOTE_LINE)).sum - noNote), {
          timeout: 15_000,
        })
        .toBeGreaterThan(1_000);

      // Paying by card opens the PIN pad, which the terminal blacks out before it is ever sent.
      await tapAt(canvas, 0.93, 0.93);
      await expect(page.getByTestId('remote-state')).toContainText('Secure screen', { timeout: 15_000 });
      await expect.poll(async () => (await canvasFigures(canvas)).max, { timeout: 15_000 }).toBeLessThan(40);

      // Back leaves it, and the till shows again.
      await page.getByTestId('remote-key-back').click();
      await expect(page.getByTestId('remote-state')).toBeHidden({ timeout: 15_000 });
      await expect
        .poll(async () => (await canvasFigures(canvas)).mean, { timeout: 15_000 })
        .toBeGreaterThan(200);

      await page.getByTestId('remote-end').click();
      await expect(page.getByTestId('remote-state')).toContainText('Session ended: closed by a user');

      // The recording: listed with the session, replayed on a timeline.
      await page.getByRole('tab', { name: 'Sessions and recordings' }).click();
      const row = page.getByTestId('remote-sessions').locator('tr', { hasText: SN }).first();
      await expect(row).toContainText('closed by a user');
      await expect(row.getByTestId('row-replay')).toBeVisible({ timeout: 20_000 });
      await row.getByTestId('row-replay').click();
      const player = page.getByTestId('remote-player');
      const playerCanvas = page.getByTestId('remote-player-canvas');
      await expect(player.getByTestId('remote-player-frame')).toContainText('Frame 1 of');
      await expect.poll(async () => (await canvasFigures(playerCanvas)).mean).toBeGreaterThan(200);
      await expect(player.getByTestId('remote-player-inputs')).toContainText('Tap');
      await expect(player.getByTestId('remote-player-inputs')).toContainText('Key: Back');
      await expect(player.getByTestId('remote-player-inputs')).toContainText('Text: no sugar');
      // Just before Back was pressed the till showed its PIN pad: the recording holds only black there.
      await player.getByTestId('remote-player-inputs').getByText('Key: Back').click();
      await expect(player.getByText('Secure screen (PIN or payment): hidden by the terminal')).toBeVisible();
      await expect.poll(async () => (await canvasFigures(playerCanvas)).max).toBeLessThan(40);
      // Playing moves along the timeline.
      await player.getByTestId('remote-player-play').click();
      await expect
        .poll(async () => (await canvasFigures(playerCanvas)).mean, { timeout: 15_000 })
        .toBeGreaterThan(200);
    } finally {
      await fleet.stop(false);
    }
  });

  for (const size of SCREEN_SIZES)
    test(`remote desktop pages at ${size.width} px in both languages and themes`, { tag: PICTURES }, async ({
      page,
      api,
    }) => {
      test.setTimeout(180_000);
      const prefix = `RDS${size.width}`;
      const sn = `${prefix}000001`;
      const { enrollmentKey } = await provisionFleet({
        server: BASE_URL,
        username: ADMIN.username,
        password: ADMIN.password,
        count: 1,
        prefix,
        model: 'RDT-P2',
      });
      const fleet = startFleet({
        count: 1,
        server: BASE_URL,
        transport: 'mqtt',
        prefix,
        enrollmentKey,
        cities: [CITIES.shanghai],
        model: 'RDT-P2',
        heartbeatSec: 5,
        rampSec: 0,
        faultRate: 0,
        rebootRate: 0,
      });
      try {
        // Groups with policies of their own and inherited ones, for the policy list.
        const { api: admin } = await api.login();
        const store = await admin.post<{ id: string }>('/upms/v1/upms/equipment/addOrUpdate', {
          name: `Flagship store ${size.width}`,
          number: `FS${size.width}`,
        });
        await admin.post('/upms/v1/upms/equipment/addOrUpdate', {
          name: `Back office ${size.width}`,
          number: `BO${size.width}`,
          parentId: store.result.id,
        });
        await admin.post('/remote/v1/remote/policy/save', { groupId: store.result.id, policy: 'auto' });
        await expect.poll(() => fleet.terminals[0].isConnected(), { timeout: 30_000 }).toBe(true);
        await page.setViewportSize(size);
        await page.goto(`/remote/index?sn=${sn}`);
        await expect(page.getByTestId('remote-terminal-select')).toContainText(sn, { timeout: 20_000 });
        await page.getByTestId('remote-connect').click();
        await page.getByTestId('remote-password').fill(ADMIN.password);
        await page.getByTestId('remote-password-ok').click();
        const canvas = page.getByTestId('remote-canvas');
        await expect(canvas).toBeVisible({ timeout: 15_000 });
        await expect(page.getByTestId('remote-state')).toBeHidden({ timeout: 30_000 });
        await tapAt(canvas, 0.1, 0.35);
        await tapAt(canvas, 0.3, 0.35);
        await expect(page.getByTestId('remote-stat-fps')).not.toHaveText('-');
        for (const language of ['en', 'cn'] as Language[]) {
          if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
          for (const theme of THEMES) {
            if (!pictured(size.width, language, theme)) continue;
            await setTheme(page, theme);
            // Each tab by its address: a reload, after which the page rejoins its session.
            await page.goto('/remote/index');
            await expect(canvas).toBeVisible({ timeout: 15_000 });
            await expect(page.getByTestId('remote-role')).toBeVisible();
            await expect(page.getByTestId('remote-state')).toBeHidden({ timeout: 15_000 });
            await settle(page);
            await saveScreenshot(page, 'remote-live', language, theme);
            await page.goto('/remote/index?tab=sessions');
            await expect(
              page.getByTestId('remote-sessions').locator('tr', { hasText: sn }).first(),
            ).toBeVisible();
            await settle(page);
            await saveScreenshot(page, 'remote-sessions', language, theme);
            await page.goto('/remote/index?tab=policies');
            await expect(page.getByTestId('remote-policies').locator('.ant-table-row').first()).toBeVisible();
            await settle(page);
            await saveScreenshot(page, 'remote-policies', language, theme);
          }
        }
        await page.goto('/remote/index');
        await expect(canvas).toBeVisible({ timeout: 15_000 });
        await expect(page.getByTestId('remote-state')).toBeHidden({ timeout: 15_000 });
        await page.getByTestId('remote-end').click();
        await expect(page.getByTestId('remote-state')).toBeVisible();
        await page.goto('/remote/index?tab=sessions');
        const row = page.getByTestId('remote-sessions').locator('tr', { hasText: sn }).first();
        await expect(row.getByTestId('row-replay')).toBeVisible({ timeout: 20_000 });
        await row.getByTestId('row-replay').click();
        await expect
          .poll(async () => (await canvasFigures(page.getByTestId('remote-player-canvas'))).mean)
          .toBeGreaterThan(200);
        await settle(page);
        await saveScreenshot(page, 'remote-player', 'cn', 'dark');
      } finally {
        await fleet.stop(false);
      }
    });
});
