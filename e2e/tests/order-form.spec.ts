import type { Page } from '@playwright/test';
import type { Api } from '../support/api';
import { axeFindings } from '../support/axe';
import { type Language, switchLanguage } from '../support/console';
import { ADMIN, BASE_URL, PAGE_LOAD } from '../support/env';
import { expect, test } from '../support/fixtures';
import { provisionFleet } from '../support/fleet';
import { saveScreenshot, settle } from '../support/screenshot';
import { everyView } from '../support/views';

const PREFIX = 'ORDF';
/** Enrolled from the exit records, so it has no store name of its own. */
const SN = `${PREFIX}000001`;
const MODEL = 'E2E-OF1';
const UNKNOWN = 'NOSUCHSN01';
const UNKNOWN_TEXT: Record<Language, string> = {
  en: 'No terminal with this SN in your data scope',
  cn: '没有该序列号的终端，或不在您的数据范围内',
};

/** The SN picker's search box. */
const snBox = (page: Page) => page.getByTestId('order-sn').locator('input');

/** The form's SN, typed whole and left with Tab as an operator does. */
const enterSn = async (page: Page, sn: string) => {
  await snBox(page).fill(sn);
  await expect(page.locator(`.ant-select-item-option[title="${sn}" i]`).first()).toBeVisible();
  await snBox(page).press('Tab');
};

/** A terminal of the picker's list, searched by the start of its SN. */
const snOption = (page: Page, sn: string) => page.locator(`.ant-select-item-option[title="${sn}"]`);

const expectNothingFilled = async (page: Page) => {
  for (const id of ['order-store', 'order-model', 'order-enterprise']) {
    await expect(page.getByTestId(id)).toHaveValue('');
    await expect(page.getByTestId(id)).not.toHaveAttribute('readonly');
  }
};

/**
 * The terminal in a back-office group under a store under a region (made once per run; the
 * pictures test may run alone).
 */
const placeTerminal = async (api: Api) => {
  const { api: admin } = await api.login();
  await provisionFleet({
    server: BASE_URL,
    username: ADMIN.username,
    password: ADMIN.password,
    count: 1,
    prefix: PREFIX,
    model: MODEL,
  });
  type Node = { id: string; name: string; children?: Node[] };
  const group = async (name: string, type: string, parentId?: string) => {
    const found = await admin.get<Node[]>('/upms/v1/upms/equipment/getTree', { keyword: name });
    const all = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
    const known = all(found.result).find((n) => n.name === name);
    if (known) return known.id;
    const made = await admin.post<{ id: string }>('/upms/v1/upms/equipment/addOrUpdate', {
      name,
      number: name.toUpperCase().replace(/\W/g, ''),
      type,
      parentId,
    });
    expect(made.code).toBe(1);
    return made.result.id;
  };
  const region = await group('OF East region', 'region');
  const store = await group('OF Pier 7', 'store', region);
  const backOffice = await group('OF Back office', 'warehouse', store);
  const moved = await admin.post('/device/v1/device/terminal/move', { sns: [SN], groupId: backOffice });
  expect(moved.code).toBe(1);
};

test.describe('the after-sales order form', () => {
  test('fills store, model and enterprise from the terminal picked or typed (the store above its group, not the group), refuses an unknown SN in both languages, shows only the kit upload', async ({
    page,
    api,
  }) => {
    test.setTimeout(240_000);
    await placeTerminal(api);
    await page.goto('/technicalSupport/index');
    await expect(page.getByTestId('orders-page')).toBeVisible(PAGE_LOAD);
    await page.getByTestId('order-add').click();
    const form = page.getByTestId('order-form');
    await expect(form).toBeVisible();
    // The kit's drop zone is the only picker: no browser file button shows in the form.
    await expect(form.getByTestId('order-media-drop')).toBeVisible();
    await expect(form.locator('input[type=file]')).toBeHidden();

    // An unknown SN fills nothing and says why under the field.
    await enterSn(page, UNKNOWN.toLowerCase());
    await expect(form.getByText(UNKNOWN_TEXT.en)).toBeVisible();
    await expectNothingFilled(page);

    // The SN is a picker: the start of an SN lists the terminals it fits, with their names.
    await snBox(page).fill(PREFIX);
    await expect(snOption(page, SN)).toBeVisible();
    await expect(snOption(page, SN)).toContainText(SN);
    await snOption(page, SN).click();
    await expect(page.getByTestId('order-sn')).toContainText(SN);
    await expect(page.getByTestId('order-store')).toHaveValue('OF Pier 7');
    await expect(page.getByTestId('order-model')).toHaveValue(MODEL);
    await expect(page.getByTestId('order-enterprise')).toHaveValue('Administrator');

    // The terminal's SN, typed whole in lower case, is taken too: the server's spelling stays.
    await enterSn(page, UNKNOWN);
    await expectNothingFilled(page);
    await enterSn(page, SN.toLowerCase());
    await expect(page.getByTestId('order-sn')).toContainText(SN);
    await expect(page.getByTestId('order-store')).toHaveValue('OF Pier 7');
    await expect(page.getByTestId('order-model')).toHaveValue(MODEL);
    await expect(page.getByTestId('order-enterprise')).toHaveValue('Administrator');
    for (const id of ['order-store', 'order-model', 'order-enterprise'])
      await expect(page.getByTestId(id)).toHaveAttribute('readonly');
    await expect(form.getByText(UNKNOWN_TEXT.en)).toHaveCount(0);
    await settle(page);
    expect(await axeFindings(page, '.ant-drawer-open')).toEqual([]);

    // Changing the SN again empties what the terminal filled.
    await enterSn(page, `${SN}9`);
    await expectNothingFilled(page);
    await enterSn(page, SN);
    await expect(page.getByTestId('order-store')).toHaveValue('OF Pier 7');

    await page.getByTestId('order-contact').fill('Li Wei');
    await page.getByTestId('order-phone').fill('+86 138 0000 0000');
    await page.getByTestId('order-fault').click();
    await page.locator('.ant-select-item-option[title="Printer"]').click();
    await page.getByTestId('order-description').fill('The printer jams');
    await page.getByTestId('order-form-save').click();
    await expect(page.getByTestId('order-form-save')).toBeHidden();
    const row = page.locator('tr', { hasText: SN });
    await expect(row).toContainText('OF Pier 7');
    await expect(row).not.toContainText('OF Back office');

    // The same refusal in Chinese.
    await switchLanguage(page, 'cn');
    await page.getByTestId('order-add').click();
    await enterSn(page, UNKNOWN);
    await expect(form.getByText(UNKNOWN_TEXT.cn)).toBeVisible();
    await expectNothingFilled(page);
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'en');
  });

  test('pictures of the filled form in both languages, themes and widths @pictures', async ({
    page,
    api,
  }) => {
    test.setTimeout(300_000);
    await placeTerminal(api);
    await page.goto('/technicalSupport/index');
    await expect(page.getByTestId('orders-page')).toBeVisible(PAGE_LOAD);
    await everyView(
      page,
      'order-form-unknown',
      async ({ language, theme }) => {
        await page.getByTestId('order-add').click();
        await snBox(page).fill(PREFIX);
        await expect(snOption(page, SN)).toBeVisible();
        await settle(page);
        await saveScreenshot(page, 'order-form-picker', language, theme);
        expect(await axeFindings(page)).toEqual([]);
        await snOption(page, SN).click();
        await expect(page.getByTestId('order-store')).toHaveValue('OF Pier 7');
        await settle(page);
        await saveScreenshot(page, 'order-form', language, theme);
        expect(await axeFindings(page, '.ant-drawer-open')).toEqual([]);
        await page.getByTestId('order-media-drop').scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'order-form-media', language, theme);
        await page.getByTestId('order-sn').scrollIntoViewIfNeeded();
        await enterSn(page, UNKNOWN);
        await expect(page.getByText(UNKNOWN_TEXT[language])).toBeVisible();
      },
      {
        picturedOnly: true,
        axeWithin: '.ant-drawer-open',
        after: async () => {
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('order-form')).toBeHidden();
        },
      },
    );
  });
});
