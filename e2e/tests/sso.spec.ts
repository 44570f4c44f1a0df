import { axeFindings } from '../support/axe';
import { HOME_PATH, type Language, SIGNED_OUT, storageItem } from '../support/console';
import { BASE_URL, PAGE_LOAD } from '../support/env';
import { expect, test } from '../support/fixtures';
import { startOidcProvider } from '../support/oidcProvider';
import { pictured, SCREEN_SIZES, saveScreenshot, THEMES } from '../support/screenshot';

const CLIENT = { id: 'cloud-pos-e2e', secret: 'e2e-client-secret-0123456789' };
// Names of their own per run: a second run on the same server meets fresh accounts.
const RUN = Date.now().toString(36);
const DOMAIN = `sso${RUN}.test`;

const SIGN_IN_WITH: Record<Language, string> = { en: 'Sign in with Acme ID', cn: '使用 Acme ID 登录' };

test.describe('single sign-on', () => {
  test.use({ storageState: SIGNED_OUT });

  test('a new user of a mapped group signs in through the provider, in both languages', async ({
    page,
    api,
  }) => {
    const provider = await startOidcProvider({ redirectUri: `${BASE_URL}/login`, client: CLIENT });
    try {
      const { api: admin } = await api.login();
      const enterprise = await admin.post<{ id: string }>('/upms/v1/upms/user/addOrUpdate', {
        username: `acme_${RUN}`,
        password: 'Acme#Pass1',
        roleIds: [await admin.roleId('enterprise_admin')],
      });
      expect(enterprise.code, enterprise.messageEn).toBe(1);
      const saved = await admin.post('/upms/v1/upms/sso/save', {
        enterpriseId: enterprise.result.id,
        displayName: 'Acme ID',
        issuer: provider.issuer,
        clientId: CLIENT.id,
        clientSecret: CLIENT.secret,
        scopes: 'openid email profile groups',
        groupsClaim: 'groups',
        roleMappings: [{ group: 'pos-admins', roleId: await admin.roleId('sales') }],
        emailDomains: [DOMAIN],
        enterpriseCode: null,
        jitCreate: true,
        reviewWaived: true,
        ssoOnly: false,
        enabled: true,
      });
      expect(saved.code, saved.messageEn).toBe(1);

      for (const language of ['en', 'cn'] as const) {
        const email = `${language}.user@${DOMAIN}`;
        provider.state.account = {
          sub: `${language}-${RUN}`,
          email,
          name: `SSO ${language}`,
          groups: ['pos-admins'],
        };
        await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
        await page.goto('/login');
        await page.getByTestId('sso-open').click();
        await page.getByTestId('sso-query').locator('input').fill(email);
        await page.getByTestId('sso-query').locator('input').press('Enter');
        await expect(page.getByTestId('sso-go')).toHaveText(SIGN_IN_WITH[language]);
        expect(await axeFindings(page)).toEqual([]);
        for (const theme of THEMES) {
          if (theme === 'dark') {
            await page.getByTestId('theme-toggle').click();
            await expect(page.locator('html')).toHaveClass(/\bdark\b/);
          }
          for (const size of SCREEN_SIZES)
            if (pictured(size.width, language, theme)) {
              await page.setViewportSize(size);
              await saveScreenshot(page, 'sso-login', language, theme);
            }
        }
        await page.getByTestId('sso-go').click();
        await expect(page).toHaveURL(HOME_PATH, PAGE_LOAD);
        await expect(page.getByTestId('dashboard-page')).toBeVisible(PAGE_LOAD);
        const signedIn = JSON.parse((await storageItem(page, 'sys')) ?? '{}') as { username?: string };
        expect(signedIn.username).toBe(email);
        // The next person signs in on a fresh browser: no console session, no provider session.
        await page.evaluate(() => localStorage.clear());
        await page.context().clearCookies();
      }
    } finally {
      await provider.close();
    }
  });
});

test('the Single Sign-On page lists a provider without its secret and edits it', async ({ page, api }) => {
  const { api: admin } = await api.login();
  const enterprise = await admin.post<{ id: string }>('/upms/v1/upms/user/addOrUpdate', {
    username: `globex_${RUN}`,
    password: 'Globex#Pass1',
    roleIds: [await admin.roleId('enterprise_admin')],
  });
  const saved = await admin.post('/upms/v1/upms/sso/save', {
    enterpriseId: enterprise.result.id,
    displayName: 'Globex Okta',
    issuer: 'https://globex.okta.example',
    clientId: 'globex-console',
    clientSecret: 'never-shown-0123456789',
    scopes: 'openid email profile groups',
    groupsClaim: 'groups',
    roleMappings: [{ group: 'pos-admins', roleId: await admin.roleId('sales') }],
    emailDomains: [`globex${RUN}.test`],
    enterpriseCode: `globex-${RUN}`,
    jitCreate: true,
    reviewWaived: false,
    ssoOnly: true,
    enabled: true,
  });
  expect(saved.code, saved.messageEn).toBe(1);
  await page.goto('/user/sso');
  const row = page.getByTestId('sso-page').getByRole('row', { name: /Globex Okta/ });
  await expect(row).toBeVisible(PAGE_LOAD);
  await expect(page.getByTestId('sso-page')).not.toContainText('never-shown');
  await row.getByRole('button', { name: 'Edit provider' }).click();
  const form = page.getByTestId('sso-form');
  await expect(form.getByTestId('sso-issuer')).toHaveValue('https://globex.okta.example');
  await expect(form.getByTestId('sso-client-secret')).toHaveValue('');
  await expect(form).toContainText(`${BASE_URL}/login`);
  expect(await axeFindings(page)).toEqual([]);
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await saveScreenshot(page, 'sso-admin', 'en', 'light');
  }
});
