import {
  HOME_PATH,
  login,
  openLogoutDialog,
  SIGNED_OUT,
  storageItem,
  submitLogin,
  switchLanguage,
} from '../support/console';
import { ADMIN, PAGE_LOAD, PORT } from '../support/env';
import { expect, test } from '../support/fixtures';
import { ownServer } from '../support/ownServer';
import { saveScreenshot } from '../support/screenshot';

test.describe('resilience', () => {
  test('the header refresh reads the page again and keeps its filters', async ({ page }) => {
    await page.goto('/device/index');
    await expect(page.getByTestId('device-list-page')).toBeVisible(PAGE_LOAD);
    const filter = page.getByTestId('filter-sn');
    await filter.fill('ZZ-NOTHING');
    await page.getByTestId('filter-search').click();
    const read = page.waitForRequest((req) => req.url().includes('/device/v1/device/terminal/getPage'));
    await page.getByTestId('refresh-button').click();
    const request = await read;
    expect(new URL(request.url()).searchParams.get('sn')).toBe('ZZ-NOTHING');
    await expect(filter).toHaveValue('ZZ-NOTHING');
  });

  test.describe(() => {
    // Ends its own sessions and signs in through the form: the shared one stays open.
    test.use({ storageState: SIGNED_OUT });
    test('another user signing in after a session ended on a page starts at home', async ({ page, api }) => {
      const { api: admin } = await api.login();
      await admin.post('/upms/v1/upms/user/addOrUpdate', {
        username: 'next_user',
        password: 'Next#Pass1',
        email: 'next_user@e2e.test',
        roleIds: [await admin.roleId('sales')],
      });
      await login(page);
      await page.goto('/device/index');
      await expect(page.getByTestId('device-list-page')).toBeVisible(PAGE_LOAD);
      // The session ends on the server (another tab logged out, an administrator kicked it).
      await api.logout((await storageItem(page, 'token')) ?? '');
      await page.reload();
      await expect(page).toHaveURL(/\/login$/);
      // The next person at this browser does not land on the previous user's page.
      await login(page, 'next_user', 'Next#Pass1');
      await expect(page).toHaveURL(HOME_PATH);
      // The same user whose session ended does go back to where they were.
      await openLogoutDialog(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await login(page);
      await page.goto('/device/index');
      await api.logout((await storageItem(page, 'token')) ?? '');
      await page.reload();
      await expect(page).toHaveURL(/\/login$/);
      await submitLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/device\/index$/);
    });
  });

  test('a list or figures that cannot be read say so and read again on retry, on every kind of list and on the home page', async ({
    page,
    problems,
  }) => {
    // One list of each way a page reads its rows: the kit's paged list (twice, with and without
    // filters in the address), a plain query, a list inside a page's tabs, and a table beside a map.
    const lists = [
      { path: '/user/operationLog', call: '/upms/v1/upms/operationLog/getPage' },
      { path: '/device/deviceFavorites', call: '/device/v1/device/favorite/getPage' },
      { path: '/messageManage/myMessage', call: '/upms/v1/upms/sysMsgUser/findPageList' },
      { path: '/sysManage/wallpaper', call: '/file/v1/file/wallpaper/getPage' },
      { path: '/device/fence', call: '/device/v1/device/fence/getPage' },
    ];
    problems.allowed = [/net::ERR_FAILED/];
    // Live events are kept out: other tests' terminals and messages make them, and each one reads
    // the open list or figures again by itself. One arriving between the reads being let through and
    // the click would recover the page before its retry is pressed, and the retry button would be gone.
    // The socket is answered by nothing, so the console stays "connecting" and shows no banner.
    await page.routeWebSocket(/\/mqtt$/, () => {});
    await page.goto(HOME_PATH);
    await expect(page.locator('.cpm-layout')).toHaveAttribute('data-live', 'connecting');
    for (const list of lists) {
      let failing = true;
      const matches = (url: URL) => url.pathname === list.call;
      await page.route(matches, (route) => (failing ? route.abort('failed') : route.continue()));
      await page.goto(list.path);
      const error = page.getByTestId('table-load-error');
      await expect(error, list.path).toBeVisible(PAGE_LOAD);
      await expect(error).toContainText('Network connection failed');
      await saveScreenshot(page, `list-load-error${list.path.replaceAll('/', '-')}`, 'en', 'light');
      failing = false;
      await page.getByTestId('table-retry').click();
      await expect(error, list.path).toBeHidden();
      await page.unroute(matches);
    }
    // Not only lists: the home page's fleet figures say so too instead of a skeleton that never ends.
    let failing = true;
    const overview = (url: URL) => url.pathname === '/device/v1/device/dashboard/overview';
    await page.route(overview, (route) => (failing ? route.abort('failed') : route.continue()));
    await page.goto(HOME_PATH);
    await expect(page.getByTestId('load-failed')).toBeVisible(PAGE_LOAD);
    await expect(page.getByTestId('load-failed')).toContainText(
      'The fleet figures could not be loaded: Network connection failed',
    );
    await saveScreenshot(page, 'load-failed-dashboard', 'en', 'light');
    failing = false;
    await page.getByTestId('load-failed-retry').click();
    await expect(page.getByTestId('fleet-overview')).toBeVisible();
    await expect(page.getByTestId('load-failed')).toBeHidden();
  });

  test("a read the server refused names the server's reason in both languages; an editor that could not read its process offers a retry", async ({
    page,
    problems,
  }) => {
    problems.allowed = [/status of 500|net::ERR_FAILED/];
    await page.goto(HOME_PATH);
    // The server answers the list with an error: its own message is shown, not "no connection".
    const list = (url: URL) => url.pathname === '/device/v1/device/terminal/getPage';
    await page.route(list, (route) =>
      route.fulfill({
        status: 500,
        json: {
          code: 9999,
          message: '服务器内部错误',
          messageEn: 'Internal server error',
          msg: '服务器内部错误',
        },
      }),
    );
    await page.goto('/device/index');
    const error = page.getByTestId('table-load-error');
    await expect(error).toContainText('The list could not be loaded: Internal server error', PAGE_LOAD);
    await saveScreenshot(page, 'list-load-error-server', 'en', 'light');
    await switchLanguage(page, 'cn');
    await page.getByTestId('refresh-button').click();
    await expect(error).toContainText('列表加载失败：服务器内部错误');
    await saveScreenshot(page, 'list-load-error-server', 'cn', 'light');
    await switchLanguage(page, 'en');
    await page.unroute(list);

    // The inspection process editor: no connection is a failure to retry; once the server answers,
    // a process that is not there is named as such (and the way back to the list is offered).
    let failing = true;
    const processRead = (url: URL) => url.pathname === '/support/v1/support/inspectionProcess/getById';
    await page.route(processRead, (route) => (failing ? route.abort('failed') : route.continue()));
    await page.goto('/technicalSupport/addService?id=00000000-0000-4000-8000-000000000000');
    const failed = page.getByTestId('detail-failed');
    await expect(failed).toContainText('The inspection process could not be loaded', PAGE_LOAD);
    await expect(failed).toContainText('Network connection failed');
    await expect(page.getByTestId('detail-not-found')).toHaveCount(0);
    await saveScreenshot(page, 'process-editor-load-failed', 'en', 'light');
    failing = false;
    await page.getByTestId('detail-retry').click();
    await expect(page.getByTestId('detail-not-found')).toBeVisible();
    await expect(failed).toHaveCount(0);
  });

  test('with the server stopped a page stays inside the console, and loads by itself when it returns', async ({
    page,
    problems,
  }) => {
    test.setTimeout(240_000);
    const server = ownServer(PORT + 40);
    try {
      await server.start();
      await page.goto(`${server.url}/login`);
      await submitLogin(page, ADMIN.username, ADMIN.password);
      await expect(page.getByTestId('dashboard-page')).toBeVisible(PAGE_LOAD);
      await page.goto(`${server.url}/device/index`);
      await expect(page.getByTestId('device-list-page')).toBeVisible(PAGE_LOAD);
      await expect(page.locator('.cpm-layout')).toHaveAttribute('data-live', 'live');
      await expect(page.getByTestId('live-stale')).toBeHidden();

      // What the browser logs while the server is away is the outage itself, not a defect: calls refused,
      // cut off (reset, empty answer) when the server stopped in the middle of them, or answered 503 by
      // the server while it closes (a poll that arrives between the stop signal and the closed port).
      problems.allowed = [
        /net::ERR_|Failed to fetch dynamically imported module|Unable to preload|the server responded with a status of 503/,
      ];
      await server.stop();
      // The live connection is gone: the page says what it shows may be out of date.
      await expect(page.getByTestId('live-stale')).toBeVisible();
      await expect(page.getByTestId('live-stale')).toContainText('out of date');
      // The list cannot be read: it says so instead of showing old rows or "No data".
      await page.getByTestId('refresh-button').click();
      await expect(page.getByTestId('table-load-error')).toBeVisible();
      await expect(page.getByTestId('table-load-error')).toContainText('Network connection failed');

      // A page not opened before: its code cannot be fetched, and the console stays.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/messageManage/myMessage');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page.getByTestId('page-offline')).toBeVisible();
      await expect(page.getByTestId('page-offline')).toContainText('Network connection failed');
      await expect(page.getByTestId('side-menu')).toBeVisible();
      expect(page.url()).toBe(`${server.url}/messageManage/myMessage`);

      await server.start();
      // Back by itself: the panel gives way to the page once the server answers.
      await expect(page.getByTestId('page-offline')).toBeHidden({ timeout: 30_000 });
      await expect(page.getByTestId('page-content')).not.toContainText('Network connection failed');
      // The live connection comes back by itself (it retries every 5 s) and the banner goes.
      await expect(page.getByTestId('live-stale')).toBeHidden({ timeout: 30_000 });
      await expect(page.locator('.cpm-layout')).toHaveAttribute('data-live', 'live');
    } finally {
      // The page leaves before its server goes, so no poll of the open page meets the closed port.
      await page.goto('about:blank').catch(() => undefined);
      await server.dispose();
    }
  });
});
