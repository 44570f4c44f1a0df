import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import type { Api } from '../support/api';
import { axeFindings } from '../support/axe';
import {
  type Language,
  loginWithSecondFactor,
  SIGNED_OUT,
  storageItem,
  switchLanguage,
} from '../support/console';
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

const MODEL = 'STU-P2';
const PASSWORD = 'Step#Pass1';
const STEP_MS = 30_000;

/** The authenticator's code for the 30-second step `step`, as the app on a phone shows it then. */
const codeOfStep = (secret: string, step: number) => generate({ secret, epoch: step * 30 });
const stepNow = () => Math.floor(Date.now() / STEP_MS);

/**
 * An account with every permission over all terminals and an enrolled authenticator. Answers its
 * name, secret and the last step whose code the server accepted (a code of that step or an earlier
 * one is refused from then on).
 */
const accountWithTotp = async (api: Api, name: string) => {
  const { api: admin } = await api.login();
  const username = `${name}_${Date.now().toString(36)}`;
  const created = await admin.post('/upms/v1/upms/user/addOrUpdate', {
    username,
    password: PASSWORD,
    roleIds: [await admin.roleId('platform_admin')],
  });
  expect(created.code, created.messageEn).toBe(1);
  const { api: user } = await api.login(username, PASSWORD);
  const started = await user.post<{ secret: string }>('/upms/v1/upms/factors/totp/start', {});
  const secret = started.result.secret;
  const step = stepNow();
  const confirmed = await user.post('/upms/v1/upms/factors/totp/confirm', {
    otp: await codeOfStep(secret, step),
  });
  expect(confirmed.code, confirmed.messageEn).toBe(1);
  return { username, secret, usedStep: step };
};

/**
 * The next code the server will take: one step after the last one used, and no more than one step
 * ahead of its clock (waits out the current step when that needs it).
 */
const nextCode = async (page: Page, account: { secret: string; usedStep: number }) => {
  const step = account.usedStep + 1;
  const wait = (step - 1) * STEP_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 200);
  account.usedStep = step;
  return codeOfStep(account.secret, step);
};

/** Signs in with the password and the authenticator's code. */
const signInWithCode = (page: Page, account: { username: string; secret: string; usedStep: number }) =>
  loginWithSecondFactor(page, account.username, PASSWORD, async () => ({
    otp: await nextCode(page, account),
  }));

/** A simulated till of its own for a test, connected. */
const startTill = async (prefix: string) => {
  const fleet = await startSteadyTills({ prefix, model: MODEL });
  await expect.poll(() => fleet.terminals[0].isConnected(), { timeout: 30_000 }).toBe(true);
  return fleet;
};

const askToConnect = async (page: Page, prefix: string) => {
  const sn = `${prefix}000001`;
  await page.goto(`/remote/index?sn=${sn}`);
  await expect(page.getByTestId('remote-terminal-select')).toContainText(sn, { timeout: 20_000 });
  await page.getByTestId('remote-connect').click();
  const dialog = page.getByTestId('step-up-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
};

test.describe('step-up by second factor', () => {
  test.use({ storageState: SIGNED_OUT });

  test('a remote desktop session asks for the authenticator code: a wrong one is refused, a fresh one opens it', async ({
    page,
    api,
  }) => {
    test.setTimeout(170_000);
    const account = await accountWithTotp(api, 'stepup');
    const fleet = await startTill('STU');
    try {
      await signInWithCode(page, account);
      const dialog = await askToConnect(page, 'STU');
      // No password dialog for an account with a second factor: the shared dialog asks for the factor.
      await expect(page.getByTestId('remote-password')).toHaveCount(0);
      await expect(dialog.getByTestId('step-up-use-recovery')).toBeVisible();
      expect(await axeFindings(page, '.ant-modal')).toEqual([]);

      await dialog.getByTestId('step-up-code').fill('000000');
      await dialog.getByTestId('step-up-submit').click();
      await expect(dialog.getByTestId('step-up-error')).toHaveText(
        'Wrong or already used code; enter the code your authenticator shows now',
      );
      await expect(page.getByTestId('remote-role')).toHaveCount(0);

      await dialog.getByTestId('step-up-code').fill(await nextCode(page, account));
      await dialog.getByTestId('step-up-submit').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('remote-role')).toHaveText('Controller');
      await expect(page.getByTestId('remote-state')).toBeHidden({ timeout: 30_000 });
      await page.getByTestId('remote-end').click();
      await expect(page.getByTestId('remote-state')).toContainText('Session ended');
    } finally {
      await fleet.stop(false);
    }
  });

  for (const size of SCREEN_SIZES) {
    test(`the step-up dialog at ${size.width} px`, { tag: PICTURES }, async ({ page, api }) => {
      test.setTimeout(170_000);
      const account = await accountWithTotp(api, `stepup_pic_${size.width}`);
      const prefix = size.width > 1000 ? 'STW' : 'STN';
      const fleet = await startTill(prefix);
      try {
        await page.setViewportSize(size);
        await signInWithCode(page, account);
        for (const language of ['en', 'cn'] as Language[]) {
          if ((await storageItem(page, 'language')) !== language) await switchLanguage(page, language);
          for (const theme of THEMES) {
            if (!pictured(size.width, language, theme)) continue;
            await setTheme(page, theme);
            const dialog = await askToConnect(page, prefix);
            await dialog.getByTestId('step-up-code').fill('000000');
            await dialog.getByTestId('step-up-submit').click();
            await expect(dialog.getByTestId('step-up-error')).toBeVisible();
            await settle(page);
            await saveScreenshot(page, 'step-up-dialog', language, theme);
            expect(await axeFindings(page, '.ant-modal')).toEqual([]);
            await page.keyboard.press('Escape');
            await expect(dialog).toBeHidden();
            // Account security with an authenticator: its removal and new recovery codes.
            await page.goto('/account/security');
            await expect(page.getByTestId('recovery-regenerate')).toBeVisible();
            await settle(page);
            await saveScreenshot(page, 'account-security-factors', language, theme);
          }
        }
      } finally {
        await fleet.stop(false);
      }
    });
  }
});
