import type { WebSocket } from '@playwright/test';
import { startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { openLogoutDialog, SIGNED_OUT, signInAs } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';

const COUNT = 3;
const PREFIX = 'LIVE';
const SYS_MSG = '/upms/v1/upms/sysMsg';

test.describe('live events', () => {
  // The test logs out at its end: a session of its own, so the shared one stays open.
  test.use({ storageState: SIGNED_OUT });

  test('one tab keeps one /mqtt connection that feeds both the dashboard and the bell, and drops it on logout', async ({
    page,
    api,
  }) => {
    test.setTimeout(120_000);
    const sockets: WebSocket[] = [];
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname === '/mqtt') sockets.push(ws);
    });

    const { enrollmentKey } = await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: COUNT,
      prefix: PREFIX,
      model: 'LIVE-P2',
    });
    const { api: admin } = await api.login();
    await admin.post('/upms/v1/upms/sysMsgUser/readAll', {});

    await signInAs(page, ADMIN.username, ADMIN.password);
    const online = page.getByTestId('stat-online').locator('.ant-statistic-content-value');
    await expect(online).toBeVisible();
    const before = Number(await online.textContent());
    const badge = page.getByTestId('notice-badge').locator('.ant-badge-count');
    await expect(badge).toHaveCount(0);
    await expect.poll(() => sockets.length).toBe(1);

    const fleet = startFleet({
      count: COUNT,
      server: BASE_URL,
      transport: 'mqtt',
      prefix: PREFIX,
      enrollmentKey,
      cities: [CITIES.shanghai],
      model: 'LIVE-P2',
      heartbeatSec: 5,
      rampSec: 1,
      faultRate: 0,
      rebootRate: 0,
    });
    // Other specs run fleets of the same account at the same time, so the figure is compared with
    // the server's own count rather than with a number worked out here.
    const serverOnline = async () =>
      (await admin.get<{ online: number }>('/device/v1/device/dashboard/overview')).result.online;
    const ownOnline = async () =>
      (
        await admin.get<{ records: { online: boolean }[] }>('/device/v1/device/terminal/getPage', {
          sn: PREFIX,
          current: '1',
          size: '50',
        })
      ).result.records.filter((r) => r.online).length;
    const followsServer = () =>
      expect
        .poll(async () => Number(await online.textContent()) - (await serverOnline()), { timeout: 30_000 })
        .toBe(0);
    try {
      // The dashboard follows the fleet without a reload.
      await expect.poll(ownOnline, { timeout: 30_000 }).toBe(COUNT);
      await expect.poll(async () => Number(await online.textContent()), { timeout: 30_000 }).not.toBe(before);
      await followsServer();

      // The bell on the same page follows a message published to everyone.
      const saved = await admin.post<{ id: string }>(`${SYS_MSG}/addOrUpdate`, {
        title: `Live check ${Date.now()}`,
        scope: 'all',
        content: '<p>Both listeners share one connection.</p>',
      });
      await admin.get(`${SYS_MSG}/publish`, { id: saved.result.id });
      await expect(badge).toHaveText('1');

      // A terminal going away reaches the dashboard over the same connection.
      await fleet.terminals[0].stop(true);
      await expect.poll(ownOnline, { timeout: 30_000 }).toBe(COUNT - 1);
      await followsServer();

      // Moving to another page inside the console keeps the one connection.
      await page.getByTestId('notice-bell').click();
      await page.getByTestId('notice-view-all').click();
      await expect(page).toHaveURL('/messageManage/myMessage');
      expect(sockets).toHaveLength(1);
      expect(sockets[0].isClosed()).toBe(false);
    } finally {
      await fleet.stop(false);
    }

    await (await openLogoutDialog(page)).getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByTestId('login-page')).toBeVisible();
    await expect.poll(() => sockets[0].isClosed()).toBe(true);
    expect(sockets).toHaveLength(1);
  });
});
