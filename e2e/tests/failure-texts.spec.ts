import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { apiClient, simSn } from '../../apps/pos-sim/src/fleet';
import { chooseOp, pickTerminal } from '../support/commandForm';
import { confirmOk, type Language, login, switchLanguage } from '../support/console';
import { ADMIN, PORT } from '../support/env';
import { type BrowserProblems, expect, test } from '../support/fixtures';
import { startSteadyTills } from '../support/fleet';
import { ownServer } from '../support/ownServer';
import { saveScreenshot, settle } from '../support/screenshot';
import { makeZip } from '../support/zip';

const LIVE = { timeout: 45_000 };
const PAGE_LOAD = { timeout: 30_000 };
const LANGUAGES: Language[] = ['en', 'cn'];

test.describe('failure texts', () => {
  test('a launch of an app the terminal does not have fails with "failed to launch APP" in both languages', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const PREFIX = 'FAILSIM';
    const MODEL = 'E2E-F1';
    const sn = simSn(PREFIX, 1);
    const fleet = await startSteadyTills({ prefix: PREFIX, model: MODEL });
    try {
      // Only this test's terminal: terminals of tests running beside it may be online too.
      await page.goto('/device/index');
      await page.getByTestId('filter-sn').fill(PREFIX);
      await page.getByTestId('filter-search').click();
      await expect(page.locator('[data-online="true"]')).toHaveCount(1, LIVE);

      await page.goto('/remote/common');
      await expect(page.getByTestId('remote-commands-page')).toBeVisible(LIVE);
      await pickTerminal(page, sn);
      await chooseOp(page, 'Launch app');
      // The simulated terminal has no such package: its `am start` finds no activity to start.
      await page.getByTestId('command-package').fill('com.example.notinstalled');
      await page.getByTestId('command-run').click();
      const detail = page.getByTestId('command-detail');
      const result = detail.getByTestId(`command-result-${sn}`);
      await expect(result.getByTestId('command-result-state')).toHaveText('Failed', LIVE);
      await expect(result.getByTestId('command-result-failure')).toHaveText('Failed to launch APP');
      await expect(result.getByTestId('command-result-message')).toContainText(
        'unable to resolve Intent for com.example.notinstalled',
      );
      // The "sent" notice would cover the drawer's title in the picture.
      await expect(page.locator('.ant-message-notice')).toHaveCount(0);
      await settle(page);
      await saveScreenshot(page, 'failure-launch-app', 'en', 'light');
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      await switchLanguage(page, 'cn');
      await page
        .getByTestId('command-history')
        .locator('tbody tr.ant-table-row', { hasText: '启动应用' })
        .first()
        .click();
      await expect(result.getByTestId('command-result-state')).toHaveText('失败', LIVE);
      await expect(result.getByTestId('command-result-failure')).toHaveText('启动APP失败');
      await settle(page);
      await saveScreenshot(page, 'failure-launch-app', 'cn', 'light');
      await page.keyboard.press('Escape');
      await switchLanguage(page, 'en');
    } finally {
      await fleet.stop(false);
    }
  });

  test('"batch mark as read failed" and "file deletion failed" when the database refuses the writes, in both languages', async ({
    browser,
  }) => {
    test.setTimeout(420_000);
    // The suite's shared server keeps its database in memory, out of reach of a test. This server of
    // the test's own keeps it on disk, so while it is stopped the test can make the database refuse
    // read receipts and file deletions (as a full disk or a lock timeout would) and start it again.
    const server = ownServer(PORT + 41);
    const allowed = /status of 500/;
    const problems: BrowserProblems = { pageErrors: [], consoleErrors: [] };
    const failedCalls: string[] = [];
    try {
      await server.start();
      const admin = await apiClient(server.url, ADMIN.username, ADMIN.password);
      for (const title of ['Stocktake on Friday', 'New receipt printer settings']) {
        const saved = await admin.call<{ id: string }>('POST', '/upms/v1/upms/sysMsg/addOrUpdate', {
          title,
          scope: 'all',
          content: '<p>Please read before opening.</p>',
        });
        await admin.call('GET', `/upms/v1/upms/sysMsg/publish?id=${saved.id}`);
      }
      const form = new FormData();
      form.append('version', '14.0.9');
      form.append('type', '1');
      form.append(
        'file',
        new Blob([makeZip([{ name: 'payload.bin', data: Buffer.alloc(20_000, 7) }])]),
        'p2-ota-refused.zip',
      );
      await admin.call('POST', '/file/v1/file/sysFile/upload', form);

      await server.stop();
      const db = new PGlite(path.join(server.dataDir, 'db'));
      await db.exec(`
        create function refuse_write() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$;
        create trigger refuse_receipt before insert on message_receipts
          for each row execute function refuse_write();
        create trigger refuse_file_delete before delete on sys_files
          for each row execute function refuse_write();`);
      await db.close();
      await server.start();

      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'en-US',
        timezoneId: 'Asia/Shanghai',
        viewport: { width: 1440, height: 900 },
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.pageErrors.push(`${error.name}: ${error.message}`));
      page.on('console', (msg) => {
        if (msg.type() !== 'error' || /status of 4\d\d/.test(msg.text())) return;
        if (allowed.test(msg.text())) failedCalls.push(new URL(msg.location().url).pathname);
        else problems.consoleErrors.push(`${msg.text()} (${msg.location().url})`);
      });
      // A server of its own, with its own database: the shared session does not exist there.
      await login(page);

      for (const language of LANGUAGES) {
        if (language === 'cn') await switchLanguage(page, 'cn');
        const texts =
          language === 'en'
            ? { readAll: 'Batch mark as read failed', deletion: 'File deletion failed' }
            : { readAll: '批量标记已读失败', deletion: '文件删除失败' };

        await page.goto('/messageManage/myMessage');
        await expect(page.getByTestId('my-message-title').filter({ hasText: 'Stocktake' })).toBeVisible(
          PAGE_LOAD,
        );
        await page.getByTestId('my-messages-read-all').click();
        await expect(page.getByText(texts.readAll, { exact: true })).toBeVisible();
        // Nothing was marked: both messages still carry the unread mark.
        for (const title of ['Stocktake', 'New receipt printer'])
          await expect(
            page.getByTestId('my-message-row').filter({ hasText: title }).getByTestId('message-unread-mark'),
          ).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'failure-read-all', language, 'light');

        await page.goto('/sysManage/index');
        const row = page.locator('tr').filter({ hasText: 'p2-ota-refused' });
        await expect(row).toBeVisible(PAGE_LOAD);
        await row.getByTestId('row-delete').click();
        await confirmOk(page);
        await expect(page.getByText(texts.deletion, { exact: true })).toBeVisible();
        // The file is still listed, after the list was read again.
        await page.reload();
        await expect(row).toBeVisible(PAGE_LOAD);
        await row.getByTestId('row-delete').click();
        await confirmOk(page);
        await expect(page.getByText(texts.deletion, { exact: true })).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'failure-file-delete', language, 'light');
      }
      await context.close();
      expect(problems).toEqual({ pageErrors: [], consoleErrors: [] });
      // The browser met exactly the failures the test caused (two read-alls, four deletions).
      expect(failedCalls.sort()).toEqual([
        '/file/v1/file/sysFile/delete',
        '/file/v1/file/sysFile/delete',
        '/file/v1/file/sysFile/delete',
        '/file/v1/file/sysFile/delete',
        '/upms/v1/upms/sysMsgUser/readAll',
        '/upms/v1/upms/sysMsgUser/readAll',
      ]);
    } finally {
      await server.dispose();
    }
  });
});
