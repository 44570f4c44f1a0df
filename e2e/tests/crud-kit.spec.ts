import type { APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { startFleet } from '../../apps/pos-sim/src/fleet';
import { CITIES } from '../../apps/pos-sim/src/terminal';
import type { Api } from '../support/api';
import { chooseFromMenu, HOME_PATH, type Language, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { PICTURES, pictured, saveScreenshot, setTheme, settle, type Theme } from '../support/screenshot';

const PREFIX = 'CRUD';
/** A page's first visit loads its code; a busy machine needs more than the usual wait. */
const PAGE_LOAD = { timeout: 30_000 };
const FAULTS_PATH = '/device/abnormalperipherals';
const faultPage = '/device/v1/device/peripheralFault/getPage';

/** Terminals of the simulator that report a paper jam on every heartbeat, until `total` faults exist. */
const makeFaults = async (api: Api, total: number) => {
  const { enrollmentKey } = await provisionFleet({
    server: BASE_URL,
    username: ADMIN.username,
    password: ADMIN.password,
    count: 2,
    prefix: PREFIX,
    model: 'CRUD-P1',
  });
  const fleet = startFleet({
    count: 2,
    server: BASE_URL,
    transport: 'http',
    prefix: PREFIX,
    enrollmentKey,
    cities: [CITIES.shanghai],
    model: 'CRUD-P1',
    heartbeatSec: 1,
    rampSec: 0,
    faultRate: 1,
    rebootRate: 0,
  });
  try {
    await expect
      .poll(
        async () =>
          (await api.get<{ total: number }>(faultPage, { sn: PREFIX, handled: 'false', size: '1' })).result
            .total,
        { timeout: 60_000 },
      )
      .toBeGreaterThanOrEqual(total);
  } finally {
    await Promise.all(fleet.terminals.map((t) => t.stop(true)));
  }
  return (await api.get<{ total: number }>(faultPage, { sn: PREFIX, handled: 'false', size: '1' })).result
    .total;
};

test.describe('CRUD kit', () => {
  test('the fault list keeps its filter in the address, pages, and handles a selection across pages', async ({
    page,
    api,
  }) => {
    test.setTimeout(180_000);
    const { api: admin } = await api.login();
    const total = await makeFaults(admin, 16);

    // Filters typed in the bar go into the address; Enter searches.
    await page.goto(FAULTS_PATH);
    await expect(page.getByTestId('fault-page')).toBeVisible(PAGE_LOAD);
    await page.getByTestId('filter-sn').fill(PREFIX);
    await page.getByTestId('filter-sn').press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?sn=${PREFIX}$`));
    await page.getByTestId('filter-handled').click();
    await page.locator('.ant-select-dropdown').getByText('Open', { exact: true }).click();
    await page.getByTestId('filter-search').click();
    await expect(page).toHaveURL(new RegExp(`\\?sn=${PREFIX}&handled=false$`));
    await expect(page.locator('.ant-pagination-total-text, .ant-pagination')).toBeVisible();

    // Page 2 survives a reload with the filter, shown back in the bar.
    await page.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/page=2/);
    await page.reload();
    await expect(page.getByTestId('fault-page')).toBeVisible(PAGE_LOAD);
    await expect(page.getByTestId('filter-sn')).toHaveValue(PREFIX);
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
    const onSecond = await page.locator('tbody tr.ant-table-row').count();
    expect(onSecond).toBe(Math.min(14, total - 14));

    // Back goes to page 1 of the same filter.
    await page.goBack();
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('1');
    await expect(page.getByTestId('filter-sn')).toHaveValue(PREFIX);

    // Pick every row on page 1 and on page 2: the count adds up across pages.
    await page.locator('thead .ant-checkbox-input').check();
    await expect(page.getByTestId('batch-count')).toHaveText('14 selected');
    await page.locator('.ant-pagination-item-2').click();
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
    await page.locator('thead .ant-checkbox-input').check();
    await expect(page.getByTestId('batch-count')).toHaveText(`${14 + onSecond} selected`);
    await page.getByTestId('batch-handle').click();
    await expect(page.getByTestId('batch-toolbar')).toHaveCount(0);

    // The server handled exactly those rows.
    const left = await admin.get<{ total: number }>(faultPage, { sn: PREFIX, handled: 'false', size: '1' });
    const handled = await admin.get<{ total: number }>(faultPage, { sn: PREFIX, handled: 'true', size: '1' });
    expect(handled.result.total).toBe(14 + onSecond);
    await expect(page.locator('.ant-table-row')).toHaveCount(Math.min(14, left.result.total));
    // Reset clears the bar and the address.
    await page.getByTestId('filter-reset').click();
    await expect(page).toHaveURL(new RegExp(`${FAULTS_PATH}$`));
    await expect(page.getByTestId('filter-sn')).toHaveValue('');
  });

  test('pictures of the kit in both languages and themes, at desktop and phone width', {
    tag: PICTURES,
  }, async ({ page, api, request }) => {
    test.setTimeout(300_000);
    const { api: admin } = await api.login();
    const faults = await admin.get<{ total: number }>(faultPage, { sn: PREFIX, size: '1' });
    if (faults.result.total < 3) await makeFaults(admin, 3);
    await admin.post('/device/v1/device/model/addOrUpdate', { name: 'CRUD-Shot', state: 1 });
    const workbook = await badWorkbook(request);
    await page.goto(HOME_PATH);
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      for (const language of ['en', 'cn'] as Language[]) {
        for (const theme of ['light', 'dark'] as Theme[]) {
          if (!pictured(size.width, language, theme)) continue;
          await page.goto(`${FAULTS_PATH}?sn=${PREFIX}`);
          await expect(page.getByTestId('fault-page')).toBeVisible(PAGE_LOAD);
          await switchLanguage(page, language);
          await setTheme(page, theme);
          // A list with filters, and the batch toolbar over picked rows.
          await expect(page.getByTestId('filter-sn')).toHaveValue(PREFIX);
          await settle(page);
          await saveScreenshot(page, 'crud-list-filters', language, theme);
          // On a narrow screen the sticky header overlaps the first rows' boxes; the rows' own cells take the click.
          await page.locator('tr.ant-table-row td.ant-table-selection-column').nth(0).click();
          await page.locator('tr.ant-table-row td.ant-table-selection-column').nth(1).click();
          await expect(page.getByTestId('batch-toolbar')).toBeVisible();
          await saveScreenshot(page, 'crud-batch-toolbar', language, theme);

          // The form with the server's answer on its field.
          await page.goto('/device/modelManage');
          await expect(page.getByTestId('model-page')).toBeVisible(PAGE_LOAD);
          await page.getByTestId('model-add').click();
          await page.getByTestId('model-name').fill('CRUD-Shot');
          await page.getByTestId('model-form-save').click();
          await expect(page.getByTestId('model-form').locator('.ant-form-item-has-error')).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'crud-form-server-error', language, theme);

          // The import report of a workbook with bad rows.
          await page.goto('/device/exitRecord');
          await expect(page.getByTestId('exit-record-page')).toBeVisible(PAGE_LOAD);
          await page.locator('input[type=file]').setInputFiles({
            name: 'exit-records.xlsx',
            mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            buffer: workbook,
          });
          await expect(page.getByTestId('import-report').locator('tr.ant-table-row').first()).toBeVisible();
          await settle(page);
          await saveScreenshot(page, 'crud-import-report', language, theme);

          // An export job's progress.
          await page.goto('/user/index');
          await chooseFromMenu(
            page.getByTestId('export-formats'),
            page.locator('.ant-dropdown-menu-item').last(),
            page.getByTestId('export-progress'),
          );
          await expect(page.getByTestId('export-progress')).toHaveAttribute('data-status', 'succeeded', {
            timeout: 30_000,
          });
          await settle(page);
          await saveScreenshot(page, 'crud-export-progress', language, theme);
        }
      }
    }
  });
});

/** The exit-record template with rows the import refuses (bad serial, unknown model, wrong status and date). */
const badWorkbook = async (request: APIRequestContext): Promise<Buffer> => {
  const captcha = await (await request.get('/oauth/v1/oauth/login/captcha')).json();
  const session = await (
    await request.post('/oauth/v1/oauth/login/cpmDoLogin', {
      data: { ...ADMIN, captchaId: captcha.result.captchaId, captchaCode: 'any', sysCode: 'cpm' },
    })
  ).json();
  const answer = await request.get('/device/v1/device/exitRecord/template', {
    headers: { satoken: session.result.tokenValue },
  });
  const template = await answer.body();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? '').toLowerCase());
  const col = (name: string) => header.findIndex((h) => h.includes(name));
  const rows = [
    { sn: '??', model: 'no-such-model', status: 'lost', date: '2026/01/01' },
    { sn: 'CRUDIMPORT01', model: 'CRUD-P1', status: 'shipped', date: '' },
  ];
  rows.forEach((r, i) => {
    const row = sheet.getRow(2 + i);
    if (col('sn') > 0) row.getCell(col('sn')).value = r.sn;
    if (col('model') > 0) row.getCell(col('model')).value = r.model;
    if (col('status') > 0) row.getCell(col('status')).value = r.status;
    if (col('production') > 0) row.getCell(col('production')).value = r.date;
    row.commit();
  });
  return Buffer.from(await book.xlsx.writeBuffer());
};
