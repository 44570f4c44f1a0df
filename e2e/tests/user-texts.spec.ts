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
const toolInMarket = async (admin: Admin) => {
  const form = new FormData();
  form.append('name', 'CashTool');
  form.append(
    'file',
    new Blob([readFileSync(path.join(REPO_ROOT, 'apps/server/src/modules/appmarket/fixtures/tool-v1.apk'))]),
    'tool-v1.apk',
  );
  try {
    return (await admin.call<{ name: string }>('POST', '/app/v1/app/app/upload', form)).name;
  } catch (refused) {
    const mine = await admin.call<{ records: { name: string; packageName: string }[] }>(
      'GET',
      `/app/v1/app/app/getPage?current=1&size=10&keyword=${TOOL}`,
    );
    const found = mine.records.find((a) => a.packageName === TOOL);
    if (!found) throw refused;
    return found.name;
  }
};

/** The texts the checks expect in each language. */
const commandName = (language: Language) =>
  language === 'en' ? `Read device properties · ${sn(1)} and 1 more` : `读取设备属性 · ${sn(1)} 等 2 台`;

const expectNoAxeFindings = async (page: Page, what: string, within?: string) =>
  expect(await axeFindings(page, within), `${what}: critical or serious accessibility findings`).toEqual([]);

test.describe('texts in the reader’s language', () => {
  test('command task names, market app names and export notices read in the reader’s language', async ({
    page,
  }) => {
    test.setTimeout(900_000);
    const admin = await apiClient(BASE_URL, ADMIN.username, ADMIN.password);
    const marketName = await toolInMarket(admin);
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
    ] as const;
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
        }
      }
    }
  });
});
