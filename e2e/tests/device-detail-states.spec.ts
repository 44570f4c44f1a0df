import type { Page } from '@playwright/test';
import { axeFindings } from '../support/axe';
import { HOME_PATH, type Language } from '../support/console';
import { ADMIN, BASE_URL, PAGE_LOAD } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { PICTURES, saveScreenshot, settle } from '../support/screenshot';
import { everyView } from '../support/views';

const PREFIX = 'DDS';
/** A registered terminal that has never connected: offline. */
const SN = `${PREFIX}000001`;
const UNKNOWN = 'NOSUCH0001';
const DETAIL_CALL = '**/device/v1/device/terminal/getBySn?**';

const TEXT: Record<Language, { failed: string; offline: string; notFound: string }> = {
  en: {
    failed: 'Failed to get terminal details',
    offline: 'The terminal is offline, so details or real-time information cannot be fetched',
    notFound: `No terminal with SN ${UNKNOWN}`,
  },
  cn: {
    failed: '获取终端详情失败',
    offline: '终端离线，无法获取详情或实时信息',
    notFound: `没有 SN 为 ${UNKNOWN} 的终端`,
  },
};

/** The server's answer when something broke on its side. */
const internalError = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({
    code: 9999,
    message: '系统内部错误',
    messageEn: 'Internal server error',
    msg: '',
    result: null,
  }),
};

/** The detail call fails as `how` says until the returned function is called. */
const breakDetail = async (page: Page, how: 'server' | 'network') => {
  await page.route(DETAIL_CALL, (route) =>
    how === 'server' ? route.fulfill(internalError) : route.abort('connectionfailed'),
  );
  return () => page.unroute(DETAIL_CALL);
};

// What Chromium logs for the failures the tests cause on purpose.
const CAUSED = /status of 500|ERR_CONNECTION_FAILED/;

test.describe('device detail', () => {
  test.beforeAll(async () => {
    await provisionFleet({
      server: BASE_URL,
      username: ADMIN.username,
      password: ADMIN.password,
      count: 1,
      prefix: PREFIX,
      model: 'DDS-P2',
    });
  });

  test('tells an unknown SN, a server failure, no connection and an offline terminal apart', async ({
    page,
    problems,
  }) => {
    problems.allowed = [CAUSED];
    await page.goto(`/device/deviceDetail/${UNKNOWN}`);
    await expect(page.getByTestId('detail-not-found')).toContainText(TEXT.en.notFound, PAGE_LOAD);
    await expect(page.getByTestId('detail-failed')).toHaveCount(0);
    // Text that is not even a serial number names no terminal either.
    await page.goto('/device/deviceDetail/x');
    await expect(page.getByTestId('detail-not-found')).toContainText('No terminal with SN x');

    let repair = await breakDetail(page, 'server');
    await page.goto(`/device/deviceDetail/${SN}`);
    await expect(page.getByTestId('detail-failed')).toContainText(TEXT.en.failed, PAGE_LOAD);
    await expect(page.getByTestId('detail-not-found')).toHaveCount(0);
    await repair();
    // The server answers again: retry shows the terminal, offline, with what it last reported.
    await page.getByTestId('detail-retry').click();
    await expect(page.getByTestId('detail-overview')).toContainText(SN);
    await expect(page.getByTestId('detail-offline')).toContainText(TEXT.en.offline);
    await expect(page.getByTestId('request-log')).toBeDisabled();

    repair = await breakDetail(page, 'network');
    await page.reload();
    await expect(page.getByTestId('detail-failed')).toContainText(TEXT.en.failed, PAGE_LOAD);
    // Never a dead end: the way back to the list is there too.
    await page.getByTestId('detail-back').click();
    await expect(page).toHaveURL(/\/device\/index/);
    await repair();
  });

  test('the three states in both languages, themes and widths', { tag: PICTURES }, async ({
    page,
    problems,
  }) => {
    // Three pages per language and theme: with every picture taken, more than the default time.
    test.setTimeout(360_000);
    problems.allowed = [CAUSED];
    await page.goto(HOME_PATH);
    await everyView(
      page,
      'device-detail-failed',
      async ({ language, theme }) => {
        const text = TEXT[language];
        await page.goto(`/device/deviceDetail/${SN}`);
        await expect(page.getByTestId('detail-offline')).toContainText(text.offline, PAGE_LOAD);
        await settle(page);
        await saveScreenshot(page, 'device-detail-offline', language, theme);
        expect(await axeFindings(page)).toEqual([]);

        await page.goto(`/device/deviceDetail/${UNKNOWN}`);
        await expect(page.getByTestId('detail-not-found')).toContainText(text.notFound, PAGE_LOAD);
        await settle(page);
        await saveScreenshot(page, 'device-detail-not-found', language, theme);
        expect(await axeFindings(page)).toEqual([]);

        const repair = await breakDetail(page, 'server');
        await page.goto(`/device/deviceDetail/${SN}`);
        await expect(page.getByTestId('detail-failed')).toContainText(text.failed, PAGE_LOAD);
        await repair();
      },
      { picturedOnly: true },
    );
  });
});
