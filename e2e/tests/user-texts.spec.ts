import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiClient, simSn } from '../../apps/pos-sim/src/fleet';
import { axeFindings } from '../support/axe';
import { type Language, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL, REPO_ROOT } from '../support/env';
import { expect, test } from '../support/fixtures';
import { startSteadyTills } from '../support/fleet';
import {
  PICTURES,
  pictured,
  SCREEN_SIZES,
  saveScreenshot,
  setTheme,
  settle,
  THEMES,
} from '../support/screenshot';

const PREFIX = 'TXTSIM';
const sn = (i: number) => simSn(PREFIX, i);
const LIVE = { timeout: 45_000 };
const TOOL = 'com.cpm.tool';

type Admin = Awaited<ReturnType<typeof apiClient>>;

/** The market app of the tool fixture: uploaded here, or found when another test uploaded it first. */
const toolInMarket = async (admin: Admin): Promise<{ id: string; name: string }> => {
  const form = new FormData();
  form.append('name', 'CashTool');
  form.append(
    'file',
    new Blob([readFileSync(path.join(REPO_ROOT, 'apps/server/src/modules/appmarket/fixtures/tool-v1.apk'))]),
    'tool-v1.apk',
  );
  try {
    return await admin.call<{ id: string; name: string }>('POST', '/app/v1/app/app/upload', form);
  } catch (refused) {
    const mine = await admin.call<{ records: { id: string; name: string; packageName: string }[] }>(
      'GET',
      `/app/v1/app/app/getPage?current=1&size=10&keyword=${TOOL}`,
    );
    const found = mine.records.find((a) => a.packageName === TOOL);
    if (!found) throw refused;
    return found;
  }
};

/** Makes the tool's first version the market's official one, whatever other tests left it as. */
const releaseTool = async (admin: Admin, appId: string) => {
  type Version = { id: string; versionCode: number; reviewStatus: string; releaseStatus: string };
  const app = await admin.call<{ versions: Version[] }>('GET', `/app/v1/app/app/getById?id=${appId}`);
  const v = app.versions.find((x) => x.versionCode === 1) as Version;
  if (v.reviewStatus === 'draft' || v.reviewStatus === 'rejected')
    await admin.call('POST', '/app/v1/app/version/submit', { id: v.id });
  if (v.reviewStatus !== 'approved')
    await admin.call('POST', '/app/v1/app/audit/audit', { id: v.id, approved: true });
  if (v.releaseStatus !== 'official')
    await admin.call('POST', '/app/v1/app/version/release', { id: v.id, action: 'official' });
};

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

/** Picks an option of an antd select by its test id, reopening it when a render closed it. */
const choose = async (page: Page, select: string, option: string) => {
  await expect(async () => {
    if (!(await page.getByTestId(option).isVisible())) await page.getByTestId(select).click();
    await page.getByTestId(option).click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
};

/** Opens the permission task form's app picker and searches it for the tool by its market name. */
const openToolPicker = async (page: Page, marketName: string) => {
  await page.goto('/longRange/index');
  await choose(page, 'task-type', 'task-type-permission');
  await page.getByTestId('task-param-packageName').click();
  await page.keyboard.type(marketName.slice(0, 5).toLowerCase());
  return page.locator('.ant-select-item-option', { hasText: TOOL });
};

/** The texts the checks expect in each language. */
const commandName = (language: Language) =>
  language === 'en' ? `Read device properties · ${sn(1)} and 1 more` : `读取设备属性 · ${sn(1)} 等 2 台`;
const grantName = (language: Language) =>
  language === 'en' ? `Grant permissions · ${TOOL}` : `授予权限 · ${TOOL}`;
const reinstallDetail = (language: Language, taskId: string) =>
  language === 'en' ? `1 → 1, task ${taskId}` : `1 → 1，任务 ${taskId}`;

const expectNoAxeFindings = async (page: Page, what: string, within?: string) =>
  expect(await axeFindings(page, within), `${what}: critical or serious accessibility findings`).toEqual([]);

test.describe('texts in the reader’s language', () => {
  test('command task names, market app names and export notices read in the reader’s language', async ({
    page,
  }) => {
    test.setTimeout(900_000);
    const admin = await apiClient(BASE_URL, ADMIN.username, ADMIN.password);
    const tool = await toolInMarket(admin);
    const marketName = tool.name;
    await releaseTool(admin, tool.id);
    const fleet = await startSteadyTills({
      prefix: PREFIX,
      model: 'E2E-T1',
      count: 2,
      apps: [{ packageName: TOOL, versionCode: 1, versionName: '1.0.0' }],
    });
    try {
      await page.goto('/device/index');
      await page.getByTestId('filter-sn').fill(PREFIX);
      await page.getByTestId('filter-search').click();
      await expect(page.locator('[data-online="true"]')).toHaveCount(2, LIVE);

      const run = await admin.call<{ taskId: string }>('POST', '/remote/v1/command/run', {
        sns: [sn(1), sn(2)],
        command: { op: 'device_props' },
      });
      // A permission task sent from the terminal's page, which leaves naming it to the server.
      await page.goto(`/device/deviceDetail/${sn(1)}?tab=permissions`);
      await page.getByTestId('permission-app').click();
      await page.locator('.ant-select-item-option', { hasText: marketName }).click();
      await page.getByTestId('permission-names').click();
      await page.keyboard.type('android.permission.CAMERA');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await page.getByTestId('permission-send').click();
      const sent = page.getByText('Permission task created');
      const password = page.getByTestId('device-task-password');
      await expect(sent.or(password)).toBeVisible(LIVE);
      if (await password.isVisible()) {
        await password.fill(ADMIN.password);
        await page.getByTestId('device-task-password-ok').click();
      }
      await expect(sent).toBeVisible(LIVE);
      const grant = (
        await admin.call<{ records: { id: string }[] }>(
          'GET',
          '/task/v1/task/remoteTask/getPage?current=1&size=1&type=permission',
        )
      ).records[0];
      // The market's version installed again by hand: the terminal reports it, the record names the task.
      const reinstall = await admin.call<{ id: string }>('POST', '/task/v1/task/remoteTask/create', {
        name: 'Reinstall the tool',
        platform: 'android',
        type: 'app_install',
        params: { appId: tool.id },
        targets: { sns: [sn(1)] },
        timing: { expireAt: inADay() },
      });
      const exportJob = await admin.call<{ jobId: string }>('POST', '/upms/v1/upms/export/start', {
        list: 'users',
        filter: {},
        format: 'csv',
      });

      const check = async (language: Language) => {
        // Task Management and the task's detail name the command's task in the reader's language.
        await page.goto('/longRange/taskManage?type=remote_command');
        await expect(page.getByTestId('task-link').filter({ hasText: commandName(language) })).toBeVisible(
          LIVE,
        );
        await expect(page.getByTestId('task-link').filter({ hasText: 'device_props' })).toHaveCount(0);
        await settle(page);
        await expectNoAxeFindings(page, `task list (${language})`);
        // The permission task too, in the list and its detail; a search finds it by what the reader sees.
        await page.goto('/longRange/taskManage');
        await page.getByTestId('filter-name').fill(grantName(language).split(' · ')[0]);
        await page.getByTestId('filter-search').click();
        await expect(page.getByTestId('task-link').filter({ hasText: grantName(language) })).toBeVisible(
          LIVE,
        );
        await expect(page.getByTestId('task-link').filter({ hasText: commandName(language) })).toHaveCount(0);
        await expect(page.getByTestId('task-manage-page')).not.toContainText(`grant ${TOOL}`);
        await page.goto(`/longRange/taskInfo?id=${grant.id}`);
        await expect(page.getByTestId('task-info-page')).toContainText(grantName(language), LIVE);
        await page.goto(`/longRange/taskInfo?id=${run.taskId}`);
        await expect(page.getByTestId('task-info-page')).toContainText(commandName(language), LIVE);
        await settle(page);
        await expectNoAxeFindings(page, `task detail (${language})`);

        // The terminal's apps: the market's name with the package below; an unknown one by its package.
        await page.goto(`/device/deviceDetail/${sn(1)}?tab=apps`);
        const tool = page.getByTestId('installed-app').filter({ hasText: TOOL });
        await expect(tool.getByTestId('installed-app-name')).toHaveText(marketName, LIVE);
        await settle(page);
        await expectNoAxeFindings(page, `terminal apps (${language})`);

        // The permission task's app picker: the market's name, found by it, with the package below.
        const option = await openToolPicker(page, marketName);
        await expect(option).toContainText(marketName, LIVE);
        await settle(page);
        await expectNoAxeFindings(page, `task form app picker (${language})`);
        await page.keyboard.press('Escape');

        // The operation record of the reinstall: versions and task in the reader's language.
        await page.goto('/appMarket/appOperationRecord');
        await page.getByTestId('filter-sn').fill(sn(1));
        await page.getByTestId('filter-search').click();
        await expect(
          page.getByTestId('record-detail').filter({ hasText: reinstallDetail(language, reinstall.id) }),
        ).toBeVisible(LIVE);
        await settle(page);
        await expectNoAxeFindings(page, `app operation records (${language})`);

        // The export's notice in the bell's panel and in My Messages, in the reader's language only.
        await page.goto('/messageManage/myMessage');
        const ready = page.getByTestId('my-message-title').filter({
          hasText: language === 'en' ? 'Export ready: Users' : '导出完成：用户列表',
        });
        await expect(ready.first()).toBeVisible(LIVE);
        await expect(
          page.getByTestId('my-message-title').filter({ hasText: 'Export ready: Users / ' }),
        ).toHaveCount(0);
        await settle(page);
        await expectNoAxeFindings(page, `my messages (${language})`);
        await page.getByTestId('notice-bell').click();
        await expect(page.getByTestId('notice-preview-item').first()).toBeVisible(LIVE);
        await expect(page.getByTestId('notice-preview')).not.toContainText('Export ready: Users / ');
        await page.keyboard.press('Escape');
      };
      expect(exportJob.jobId).toBeTruthy();
      await check('en');
      await switchLanguage(page, 'cn');
      await check('cn');
      await switchLanguage(page, 'en');
    } finally {
      await fleet.stop(false);
    }
  });

  test('the changed screens in both languages and themes (screenshots)', { tag: PICTURES }, async ({
    page,
  }) => {
    test.setTimeout(900_000);
    await page.goto('/longRange/taskManage?type=remote_command');
    await expect(page.getByTestId('task-link').first()).toBeVisible(LIVE);
    const taskId = new URL(
      (await page.getByTestId('task-link').first().getAttribute('href')) ?? '',
      BASE_URL,
    ).searchParams.get('id');
    const screens = [
      ['user-texts-tasks', '/longRange/taskManage?type=remote_command', 'task-link', undefined],
      ['user-texts-task-detail', `/longRange/taskInfo?id=${taskId}`, 'task-info-page', undefined],
      ['user-texts-apps', `/device/deviceDetail/${sn(1)}?tab=apps`, 'installed-app', '.ant-table-wrapper'],
      ['user-texts-messages', '/messageManage/myMessage', 'my-message-title', undefined],
      ['user-texts-permission-tasks', '/longRange/taskManage?type=permission', 'task-link', undefined],
      ['user-texts-app-records', '/appMarket/appOperationRecord', 'record-detail', undefined],
    ] as const;
    const marketName = (await toolInMarket(await apiClient(BASE_URL, ADMIN.username, ADMIN.password))).name;
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      for (const language of ['en', 'cn'] as const) {
        await switchLanguage(page, language);
        for (const theme of THEMES) {
          await setTheme(page, theme);
          for (const [name, to, shows, within] of screens) {
            await page.goto(to);
            await expect(page.getByTestId(shows).first()).toBeVisible(LIVE);
            await settle(page);
            await expectNoAxeFindings(page, `${name} ${language} ${theme} ${size.width}`, within);
            if (pictured(size.width, language, theme)) await saveScreenshot(page, name, language, theme);
          }
          await expect(await openToolPicker(page, marketName)).toContainText(marketName, LIVE);
          await settle(page);
          await expectNoAxeFindings(page, `app picker ${language} ${theme} ${size.width}`);
          if (pictured(size.width, language, theme))
            await saveScreenshot(page, 'user-texts-app-picker', language, theme);
          await page.keyboard.press('Escape');
        }
      }
    }
  });
});
