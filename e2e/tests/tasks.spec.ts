import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simSn, startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import { HOME_PATH, type Language, signInAs, storageItem, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test, watchPage } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { pictured, SIZES_TO_PICTURE, saveScreenshot, setTheme, settle, THEMES } from '../support/screenshot';

const PREFIX = 'TASKSIM';
const COUNT = 3;
const MODEL = 'E2E-T2';
const sn = (i: number) => simSn(PREFIX, i);
const LIVE = { timeout: 45_000 };
const APPROVER = { username: 'task_approver', password: 'Approver#2024pass' };

/** Picks an option of an antd select by the test id of its label. */
const choose = async (page: Page, select: string, option: string) => {
  await expect(async () => {
    if (!(await page.getByTestId(option).isVisible())) await page.getByTestId(select).click();
    await page.getByTestId(option).click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
};

/** Waits until the device list shows `online` of the fleet's terminals online. */
const expectOnline = async (page: Page, online: number) => {
  await page.goto('/device/index');
  await page.getByTestId('filter-sn').fill(PREFIX);
  await page.getByTestId('filter-search').click();
  await expect(page.locator('[data-online="true"]')).toHaveCount(online, LIVE);
};

test.describe('remote tasks', () => {
  test('a shell task reaches simulated terminals, an offline one gets it on reconnecting, results move live', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const { enrollmentKey } = await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: COUNT,
      prefix: PREFIX,
      model: MODEL,
    });
    const fleet = startFleet({
      count: COUNT,
      server: BASE_URL,
      transport: 'mqtt',
      prefix: PREFIX,
      enrollmentKey,
      cities: [CITIES.shanghai],
      model: MODEL,
      heartbeatSec: 5,
      rampSec: 1,
      faultRate: 0,
      rebootRate: 0,
      // Terminals that run every task they get, never mid-sale and never dropping off by themselves.
      tasks: {
        failureRate: 0,
        paymentRate: 0,
        offlineRate: 0,
        offlineSec: 0,
        dataDir: await mkdtemp(path.join(tmpdir(), 'e2e-tasks-')),
      },
    });
    try {
      await page.goto(HOME_PATH);
      await expectOnline(page, COUNT);
      // The third terminal goes away before the task exists.
      await fleet.terminals[2].stop(true);
      await expect(page.locator('[data-online="true"]')).toHaveCount(COUNT - 1, LIVE);

      await page.goto('/longRange/index');
      await expect(page.getByTestId('task-create-page')).toBeVisible();
      await page.getByTestId('task-name').fill('E2E echo');
      await choose(page, 'task-type', 'task-type-command');
      // The contract's shell rule answers as the command is typed.
      await page.getByTestId('task-param-command').fill('sync; "re"boot');
      await expect(page.getByText(/must not contain shutdown or reboot/)).toBeVisible();
      await page.getByTestId('task-param-command').fill('echo hello-from-e2e');
      await expect(page.getByText(/must not contain shutdown or reboot/)).toBeHidden();
      // Pasted SNs with a repeat and a stray word.
      await page.getByTestId('task-sns-text').fill(`${sn(1)}, ${sn(2)}\n${sn(3)} ${sn(1)} ??`);
      await page.getByTestId('task-sns-add').click();
      await expect(page.getByTestId('task-sns-count')).toContainText('3');
      await expect(page.getByTestId('task-sns-notice')).toContainText('??');
      await expect(page.getByTestId('task-reach-count')).toHaveText('3', LIVE);
      await expect(page.getByTestId('task-reach-online')).toHaveText('2');
      await expect(page.getByTestId('task-risky-note')).toBeVisible();
      // The stray word left in the box holds the task back until it is deleted.
      await page.getByTestId('task-create-submit').click();
      await expect(page.getByText(/entries in the box are not serial numbers/)).toBeVisible();
      await page.getByTestId('task-sns-text').fill('');

      // A shell task asks for the password again; a wrong one keeps the dialog open and creates nothing.
      await page.getByTestId('task-create-submit').click();
      await expect(page.getByTestId('password-dialog')).toBeVisible();
      await page.getByTestId('password-input').fill('not-the-password');
      await page.getByTestId('password-ok').click();
      await expect(page.getByTestId('password-refused')).toBeVisible();
      await page.getByTestId('password-input').fill(ADMIN.password);
      await page.getByTestId('password-ok').click();

      await expect(page).toHaveURL(/\/longRange\/taskInfo\?id=/, LIVE);
      await expect(page.getByTestId('task-info-page')).toBeVisible();
      const taskUrl = page.url();
      const taskId = new URL(taskUrl).searchParams.get('id');
      // No reload from here: the two online terminals report and the page follows.
      await expect(page.getByTestId('task-count-success')).toHaveAttribute('data-count', '2', LIVE);
      await expect(page.getByTestId(`result-${sn(3)}`)).toHaveAttribute('data-state', 'waiting');
      await expect(page.getByTestId(`result-${sn(1)}`).locator('xpath=ancestor::tr')).toContainText(
        'hello-from-e2e',
      );

      // The offline terminal comes back and gets the task it missed.
      await fleet.terminals[2].start();
      await expect(page.getByTestId(`result-${sn(3)}`)).toHaveAttribute('data-state', 'success', LIVE);
      await expect(page.getByTestId('task-count-success')).toHaveAttribute('data-count', '3');
      await expect(page.getByTestId('task-info-status')).toHaveAttribute('data-status', 'complete', LIVE);

      // The list shows it finished, with its progress from the counts.
      await page.goto('/longRange/taskManage');
      const row = page.locator('tr', { has: page.getByText('E2E echo', { exact: true }) });
      await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'complete');
      await expect(row.getByTestId('task-progress')).toHaveAttribute('data-finished', '3');

      // The terminal that was offline lists the task on its plan tab.
      await page.goto(`/device/deviceDetail/${sn(3)}?tab=plan`);
      await expect(page.getByTestId('device-plan')).toBeVisible();
      await expect(page.getByTestId('device-plan').locator('[data-state="success"]').first()).toBeVisible();

      // A whitelist of two of the terminals, made on its page: SNs typed and saved without "Add" count.
      await page.goto('/longRange/taskManage');
      await page.getByTestId('task-whitelists').click();
      await expect(page.getByTestId('whitelist-page')).toBeVisible();
      await page.getByTestId('whitelist-add').click();
      await page.getByTestId('whitelist-field-name').fill('E2E pilot stores');
      await page.getByTestId('task-sns-text').fill(`${sn(1)}\n${sn(2)}`);
      await page.getByTestId('whitelist-form-save').click();
      const listRow = page.locator('tr', { has: page.getByText('E2E pilot stores', { exact: true }) });
      await expect(listRow.getByTestId('whitelist-size')).toHaveText('2');
      // The next new whitelist starts empty.
      await page.getByTestId('whitelist-add').click();
      await expect(page.getByTestId('whitelist-field-name')).toHaveValue('');
      await expect(page.getByTestId('task-sns-text')).toHaveValue('');
      await expect(page.getByTestId('task-sns-count')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await listRow.getByTestId('whitelist-name').click();
      await expect(page.getByTestId('whitelist-entries')).toContainText(sn(2));
      await page.keyboard.press('Escape');

      // Pictures of every task page in both languages and themes, at desktop and phone width.
      const languages: Language[] = ['en', 'cn'];
      for (const size of SIZES_TO_PICTURE) {
        await page.setViewportSize(size);
        for (const language of languages) {
          if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
          for (const theme of THEMES) {
            if (!pictured(size.width, language, theme)) continue;
            await setTheme(page, theme);
            for (const [name, path, testId] of [
              ['task-create', '/longRange/index', 'task-create-page'],
              ['task-copy', `/longRange/index?copy=${taskId}`, 'task-copied'],
              ['task-manage', '/longRange/taskManage', 'task-manage-page'],
              ['task-info', taskUrl.replace(BASE_URL, ''), 'task-info-page'],
              ['task-info-overview', `${taskUrl.replace(BASE_URL, '')}&tab=overview`, 'task-overview'],
              ['task-whitelist', '/longRange/whitelist', 'whitelist-page'],
              ['device-plan', `/device/deviceDetail/${sn(3)}?tab=plan`, 'device-plan'],
            ]) {
              await page.goto(path);
              await expect(page.getByTestId(testId)).toBeVisible(LIVE);
              await settle(page);
              await saveScreenshot(page, name, language, theme);
            }
          }
        }
      }
    } finally {
      await fleet.stop(false);
    }
  });

  test('a risky task aimed at a whole enterprise waits for a second person, who approves it with their password', async ({
    page,
    browser,
    api,
  }) => {
    test.slow();
    const { api: admin } = await api.login();
    const created = await admin.post('/upms/v1/upms/user/addOrUpdate', {
      username: APPROVER.username,
      password: APPROVER.password,
      name: 'Task approver',
      roleIds: [await admin.roleId('platform_admin')],
    });
    expect(created.code).toBe(1);
    await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: 2,
      prefix: 'APPRSIM',
      model: MODEL,
    });

    await page.goto('/longRange/index');
    await page.getByTestId('task-name').fill('E2E fleet-wide task');
    await choose(page, 'task-type', 'task-type-permission');
    // The app is picked by the name its terminals report (the first test's fleet runs Cashier).
    await page.getByTestId('task-param-packageName').click();
    await page.keyboard.type('com.example.unknown');
    await expect(page.getByText('No terminal in your scope has a matching app')).toBeVisible(LIVE);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('cash');
    await page.locator('.ant-select-item-option', { hasText: 'com.example.cashier' }).click();
    await expect(page.getByTestId('task-param-packageName')).toContainText('Cashier');
    await page.getByTestId('task-param-action').getByText('Grant').click();
    await page.getByTestId('task-param-permissions').click();
    await page.keyboard.type('android.permission.CAMERA');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('task-enterprises').click();
    await page.getByTitle('Administrator', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('task-reach-approval')).toBeVisible(LIVE);
    // A shell command instead, to the same enterprise.
    await choose(page, 'task-type', 'task-type-command');
    await page.getByTestId('task-param-command').fill('id');
    await page.getByTestId('task-create-submit').click();
    await page.getByTestId('password-input').fill(ADMIN.password);
    await page.getByTestId('password-ok').click();
    await expect(page.getByTestId('task-info-status')).toHaveAttribute(
      'data-status',
      'pendingApproval',
      LIVE,
    );
    // Nobody approves their own task: the creator is not offered the decision.
    await expect(page.getByTestId('detail-actions')).toBeVisible();
    await expect(page.getByTestId('row-approve')).toHaveCount(0);

    const context = await browser.newContext();
    const other = await context.newPage();
    const problems = { pageErrors: [] as string[], consoleErrors: [] as string[] };
    watchPage(other, problems);
    await signInAs(other, APPROVER.username, APPROVER.password);
    // The approver hears of it from the system, in their language only.
    await other.goto('/messageManage/myMessage');
    const notice = other.getByTestId('my-message-title').filter({ hasText: 'E2E fleet-wide task' });
    await expect(notice).toHaveText('Task E2E fleet-wide task awaits your approval', LIVE);
    await notice.click();
    await expect(other.getByTestId('my-message-detail')).toContainText('From System');
    await expect(other.getByTestId('my-message-detail')).not.toContainText('待');
    await other.keyboard.press('Escape');
    await other.goto('/longRange/taskManage?status=pendingApproval');
    const row = other.locator('tr', { has: other.getByText('E2E fleet-wide task', { exact: true }) });
    await row.getByTestId('row-approve').click();
    await expect(other.getByTestId('approval-dialog')).toContainText('id');
    await other.getByTestId('approval-password').fill('not-my-password');
    await other.getByTestId('approval-approve').click();
    await expect(other.getByTestId('approval-refused')).toBeVisible();
    await other.getByTestId('approval-password').fill(APPROVER.password);
    await other.getByTestId('approval-approve').click();
    await expect(other.getByTestId('approval-dialog')).toBeHidden();
    await other.goto('/longRange/taskManage');
    await expect(row.getByTestId('task-status')).not.toHaveAttribute('data-status', 'pendingApproval', LIVE);
    await context.close();
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });
});
