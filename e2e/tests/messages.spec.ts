import type { Page } from '@playwright/test';
import type { Api } from '../support/api';
import { HOME_PATH, type Language, signInAs, storageItem, switchLanguage } from '../support/console';
import { ADMIN } from '../support/env';
import { expect, test, watchPage } from '../support/fixtures';
import { PICTURES, pictured, saveScreenshot, type Theme } from '../support/screenshot';

const SYS_MSG = '/upms/v1/upms/sysMsg';
const MY_MSG = '/upms/v1/upms/sysMsgUser';
const RECIPIENT = { username: 'msg_cashier', password: 'Cashier#2024pass' };

type Option = { id: string; name: string };

/** The role a message goes to and a signed-in holder of it (a new sales account when accounts can be created). */
const prepareRecipient = async (admin: Api) => {
  const roles = (await admin.get<Option[]>(`${SYS_MSG}/findTargets`, { scope: 'roles' })).result;
  const sales = roles.find((r) => r.name.includes('Sales staff')) as Option;
  const created = await admin.post<{ id: string }>('/upms/v1/upms/user/addOrUpdate', {
    username: RECIPIENT.username,
    password: RECIPIENT.password,
    name: 'Cashier',
    roleIds: [sales.id],
  });
  if (created.code === 1) return { role: sales, user: RECIPIENT };
  // Without account management the platform administrator's own role is the only one with a holder.
  const platform = roles.find((r) => r.name.includes('Platform administrator')) as Option;
  return { role: platform, user: { username: ADMIN.username, password: ADMIN.password } };
};

const badge = (page: Page) => page.getByTestId('notice-badge').locator('.ant-badge-count');

test.describe('messages', () => {
  test('a message published to a role lights the bell of a holder already signed in elsewhere, and reading it clears it', async ({
    page,
    browser,
    api,
  }) => {
    // Two browsers and two sign-ins: more than one ordinary test's time on a shared machine.
    test.slow();
    const { api: admin } = await api.login();
    const { role, user } = await prepareRecipient(admin);
    const { api: recipientApi } = await api.login(user.username, user.password);
    await recipientApi.post(`${MY_MSG}/readAll`, {});

    // The recipient signs in in a browser of their own and waits on the dashboard.
    const context = await browser.newContext();
    const other = await context.newPage();
    const problems = { pageErrors: [] as string[], consoleErrors: [] as string[] };
    watchPage(other, problems);
    // Two frames from the server (CONNACK, SUBACK) mean the live channel is listening.
    let liveFrames = 0;
    other.on('websocket', (ws) => {
      if (ws.url().endsWith('/mqtt')) ws.on('framereceived', () => liveFrames++);
    });
    await signInAs(other, user.username, user.password);
    await expect(other.getByTestId('notice-bell')).toBeVisible();
    await expect(badge(other)).toHaveCount(0);
    await expect.poll(() => liveFrames).toBeGreaterThanOrEqual(2);

    // The administrator writes and publishes the message through the management page.
    await page.goto('/messageManage/index');
    await expect(page.getByTestId('message-manage-page')).toBeVisible();
    await page.getByTestId('message-new').click();
    const title = `Stocktake on Friday ${Date.now()}`;
    await page.getByTestId('message-title').fill(title);
    await page.getByTestId('message-scope-roles').click();
    await page.getByTestId('message-targets').click();
    await page.keyboard.type(role.name.split(' / ')[1]);
    await page.locator('.ant-select-item-option').filter({ hasText: role.name }).click();
    await page.keyboard.press('Escape');
    const editor = page.getByTestId('message-editor');
    await editor.click();
    await page.keyboard.type('Please count every shelf before closing.');
    await page.getByTestId('message-save-publish').click();
    await expect(page.getByTestId('message-row-title').filter({ hasText: title })).toBeVisible();

    // The recipient's badge goes up without any reload of their page.
    const navigations: string[] = [];
    other.on('framenavigated', (frame) => {
      if (frame === other.mainFrame()) navigations.push(frame.url());
    });
    await expect(badge(other)).toHaveText('1');
    expect(navigations).toEqual([]);

    // The bell previews the latest notices, this one unread on top; "View all" opens My Messages,
    // where reading it takes the badge down.
    await other.getByTestId('notice-bell').click();
    const preview = other.getByTestId('notice-preview');
    await expect(preview).toContainText('Messages, 1 unread');
    await expect(preview.getByTestId('notice-preview-item').first()).toContainText(`${title} · new`);
    await expect(preview.getByTestId('notice-preview-item').first()).toContainText(/\d{1,2}:\d{2}/);
    await other.getByTestId('notice-view-all').click();
    await expect(other).toHaveURL('/messageManage/myMessage');
    await expect(preview).toBeHidden();
    await other.getByTestId('my-message-title').filter({ hasText: title }).click();
    await expect(other.getByTestId('my-message-content')).toContainText('Please count every shelf');
    await expect(badge(other)).toHaveCount(0);
    expect(problems).toEqual({ pageErrors: [], consoleErrors: [] });
    await context.close();
  });

  test('a stored script is never run or shown', async ({ page, api }) => {
    const { api: admin } = await api.login();
    const saved = await admin.post<{ id: string }>(`${SYS_MSG}/addOrUpdate`, {
      title: 'Scripted',
      scope: 'all',
      content: '<p>Safe text</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
    });
    await admin.get(`${SYS_MSG}/publish`, { id: saved.result.id });
    await page.goto('/messageManage/myMessage');
    await page.getByTestId('my-message-title').filter({ hasText: 'Scripted' }).click();
    await expect(page.getByTestId('my-message-content')).toContainText('Safe text');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.getByTestId('my-message-content').innerHTML()).not.toMatch(/onerror|script/);
  });

  test('the help manual has contents and search', async ({ page }) => {
    await page.goto(HOME_PATH);
    await page.getByTestId('help-button').click();
    await expect(page).toHaveURL('/messageManage/helpManual');
    await expect(page.getByTestId('help-toc')).toContainText('My Messages');
    await page.getByTestId('help-search').fill('"mark all read"');
    await expect(page.getByTestId('help-search-count')).toHaveText('1 section found');
    await expect(page.getByTestId('help-content')).toContainText('Mark all read');
    await expect(page.getByTestId('help-content')).not.toContainText('Geofences');
  });

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`screenshots of the three pages at ${size.width} px in both languages and themes`, {
      tag: PICTURES,
    }, async ({ page, api }) => {
      // Twelve full page loads and pictures: more than one ordinary test's time on a shared machine.
      test.slow();
      const { api: admin } = await api.login();
      for (const [title, scope] of [
        ['System upgrade on Sunday night', 'all'],
        ['New receipt printer settings', 'all'],
      ] as const) {
        const saved = await admin.post<{ id: string }>(`${SYS_MSG}/addOrUpdate`, {
          title,
          scope,
          content:
            '<h2>What changes</h2><p>Terminals restart once between <strong>02:00</strong> and 03:00.</p>',
        });
        await admin.get(`${SYS_MSG}/publish`, { id: saved.result.id });
      }
      await admin.post(`${SYS_MSG}/addOrUpdate`, { title: 'Holiday opening hours (draft)', scope: 'all' });

      await page.setViewportSize(size);
      await page.goto(HOME_PATH);
      for (const language of ['cn', 'en'] as Language[]) {
        if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
        for (const theme of ['light', 'dark'] as Theme[]) {
          if (!pictured(size.width, language, theme)) continue;
          await page.getByTestId('settings-button').click();
          await page.getByTestId(`theme-mode-${theme}`).click();
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('settings-drawer')).toBeHidden();
          for (const [path, name, testId] of [
            ['/messageManage/index', 'message-manage', 'message-manage-page'],
            ['/messageManage/myMessage', 'my-messages', 'my-messages-page'],
            ['/messageManage/helpManual', 'help-manual', 'help-manual-page'],
          ]) {
            await page.goto(path);
            await expect(page.getByTestId(testId)).toBeVisible();
            await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            await saveScreenshot(page, name, language, theme);
          }
        }
      }
      // The editor, once, in each width.
      await page.goto('/messageManage/index');
      await page.getByTestId('message-new').click();
      await expect(page.getByTestId('message-editor')).toBeVisible();
      await saveScreenshot(page, 'message-editor', 'en', 'dark');
    });
  }
});
