import { type MenuNode as ContractMenuNode, collectPermissions } from '@cpm/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { Api } from './api';
import { ADMIN, PAGE_LOAD } from './env';
import type { MenuNode, MenuPage } from './menu';

export const HOME_PATH = '/dashboard/index';

/** The console's language values as stored under `language`. */
export type Language = 'cn' | 'en';

/** Fills the real login form; does not wait for the outcome. */
export const submitLogin = async (page: Page, username: string, password: string) => {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  // Submitting before the captcha arrived only fetches a new one.
  await expect(page.getByTestId('login-captcha-image').locator('img')).toBeVisible();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  // The test server runs with CAPTCHA=off: any answer passes.
  await page.getByTestId('login-captcha').fill('abcd');
  await page.getByTestId('login-submit').click();
};

/** What the login page's second step is answered with. */
export type SecondFactorAnswer = { otp: string } | { recoveryCode: string };

/**
 * Answers the login page's second step with the authenticator's code or a recovery code, switching
 * the field to that kind first when it shows the other; does not wait for the outcome.
 */
export const submitSecondFactor = async (page: Page, answer: SecondFactorAnswer) => {
  const step = page.getByTestId('login-second-factor');
  const field = step.getByTestId('login-code');
  // The field takes digits for the authenticator's code and text for a recovery code.
  const inputMode = 'otp' in answer ? 'numeric' : 'text';
  await expect(field).toBeVisible();
  if ((await field.getAttribute('inputmode')) !== inputMode)
    await step.getByTestId('login-use-recovery').click();
  await expect(field).toHaveAttribute('inputmode', inputMode);
  await field.fill('otp' in answer ? answer.otp : answer.recoveryCode);
  await step.getByTestId('login-code-submit').click();
};

/**
 * Signs in through the login page with the password, then the second factor, and waits for the
 * dashboard. An answer given as a function is asked for once the password went through: an
 * authenticator's code is good only for its step.
 */
export const loginWithSecondFactor = async (
  page: Page,
  username: string,
  password: string,
  answer: SecondFactorAnswer | (() => Promise<SecondFactorAnswer>),
) => {
  await submitLogin(page, username, password);
  await submitSecondFactor(page, typeof answer === 'function' ? await answer() : answer);
  await expect(page).toHaveURL(HOME_PATH, PAGE_LOAD);
};

/**
 * Signs in through the login page and waits for the dashboard: as the administrator when no account
 * is given, else as that account. Fails loudly instead of falling back to the administrator: on an
 * empty username or password (an unset fixture), and when the console then holds another user than
 * the one asked for (a session left open, say).
 */
export const login = async (page: Page, ...account: [] | [username: string, password: string]) => {
  const [username, password] = account.length === 0 ? [ADMIN.username, ADMIN.password] : account;
  if (!username || !password) throw new Error(`login needs a username and a password, got "${username}"`);
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(HOME_PATH);
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  const signedIn = JSON.parse((await storageItem(page, 'sys')) ?? '{}') as { username?: string };
  expect(signedIn.username, 'the console holds the account that signed in').toBe(username);
};

/** A browser holding no session: for the specs about signing in and out themselves. */
export const SIGNED_OUT = { cookies: [], origins: [] };

/**
 * Signs an account in through the API, stores its session under the console's keys as the login
 * page does, and opens `path`. For tests about what an account sees, not about the login form; the
 * session of the administrator the browser held stays open on the server for the other tests.
 */
export const signInAs = async (page: Page, username: string, password: string, path = HOME_PATH) => {
  const { api, token, user } = await new Api(page.request).login(username, password);
  const menu = await api.get<{ menuList: ContractMenuNode[] }>('/upms/v1/upms/user/getSubUserMenuById', {
    id: user.id,
  });
  if (menu.code !== 1) throw new Error(`the menu of ${username} could not be read: ${menu.messageEn}`);
  const { menuList } = menu.result;
  // A static file of the console's origin gives its storage without starting the console.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ token, user, menuList, permissions }) => {
      const language = localStorage.getItem('language') ?? 'en';
      for (const key of ['token', 'userId', 'verify', 'sys', 'menuList', 'permissionForm', 'worktab'])
        localStorage.removeItem(key);
      localStorage.setItem('token', token);
      localStorage.setItem('userId', user.id);
      localStorage.setItem('verify', String(user.verify));
      localStorage.setItem('language', language);
      localStorage.setItem('sys', JSON.stringify({ ...user, sysCode: 'cpm', language, isLogin: true }));
      localStorage.setItem('menuList', JSON.stringify(menuList));
      localStorage.setItem('permissionForm', JSON.stringify(permissions));
    },
    {
      token,
      user: { id: user.id, name: user.name, username: user.username, verify: user.verify },
      menuList,
      permissions: collectPermissions(menuList),
    },
  );
  await page.goto(path);
  await expect(page.getByTestId('page-content')).toBeVisible();
};

/** A local-storage value of the console's origin. */
export const storageItem = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** All local-storage keys of the console's origin. */
export const storageKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage));

/** The menu tree the console stored at sign-in (`menuList`). */
export const storedMenu = async (page: Page): Promise<MenuNode[]> =>
  JSON.parse((await storageItem(page, 'menuList')) ?? '[]') as MenuNode[];

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The side menu. */
const sideMenu = (page: Page): Locator => page.getByTestId('side-menu');

/** A page's entry in the side menu. */
export const menuItem = (page: Page, path: string): Locator =>
  sideMenu(page).getByTestId(`menu-item-${path}`);

/** Opens a page through the side menu, unfolding its group first when needed. */
export const openFromMenu = async (page: Page, target: MenuPage, language: Language = 'en') => {
  const item = menuItem(page, target.path);
  // The menu renders after the page's first calls; looking before it shows would take a top-level
  // page for one inside a closed group.
  await expect(sideMenu(page).getByRole('menuitem').first()).toBeVisible();
  if (!(await item.isVisible())) {
    const groupTitle = language === 'cn' ? target.groupZh : target.groupEn;
    // Group titles carry no test id; match the submenu title text exactly ('Remote' vs 'Remote Tasks').
    await sideMenu(page)
      .locator('.ant-menu-submenu-title')
      .filter({ hasText: new RegExp(`^\\s*${escapeRegex(groupTitle)}\\s*$`) })
      .click();
  }
  await item.click();
  await expect(page).toHaveURL(target.path);
};

/** Picks a language with the header's (or login page's) language dropdown. */
export const switchLanguage = async (page: Page, language: Language) => {
  // A click that lands while the menu is still opening can miss its option: open it and choose
  // again until the choice is stored, as a user would.
  await expect(async () => {
    // A header button's tooltip, left open under a resting pointer, can cover the menu (at 390 px the
    // bell's does): the pointer moves off the header's right end first.
    await page.mouse.move(0, 0);
    if (!(await page.getByTestId(`language-option-${language}`).isVisible()))
      await page.getByTestId('language-dropdown').first().click();
    await page.getByTestId(`language-option-${language}`).click({ timeout: 3_000 });
    await expect.poll(() => storageItem(page, 'language'), { timeout: 3_000 }).toBe(language);
  }).toPass({ timeout: 30_000 });
};

/**
 * Chooses `item` from the menu `opener` opens and waits until `shows` is visible. A click that lands
 * while the menu is still opening can miss its item, so it opens and chooses again until what the
 * choice brings up shows, as a user would; an earlier round's click may already have brought it up.
 */
export const chooseFromMenu = async (opener: Locator, item: Locator, shows: Locator) => {
  await expect(async () => {
    if (await shows.isVisible()) return;
    if (!(await item.isVisible())) await opener.click();
    await item.click({ timeout: 3_000 });
    await expect(shows).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
};

/**
 * Answers OK in the open confirmation and waits until it has closed. A click that a dialog still
 * opening did not take is made again; one it took leaves the button loading, and the next try waits.
 */
export const confirmOk = async (page: Page) => {
  const ok = page.getByTestId('confirm-ok');
  await expect(async () => {
    if (await ok.isVisible()) await ok.click({ timeout: 3_000 });
    await expect(ok).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
};

/** Opens the logout confirmation from the user menu and returns it. */
export const openLogoutDialog = async (page: Page) => {
  const dialog = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to log out' });
  await chooseFromMenu(page.getByTestId('user-dropdown'), page.getByTestId('user-logout'), dialog);
  return dialog;
};

/** Opens Account security from the user menu and returns the page. */
export const openAccountSecurity = async (page: Page) => {
  const security = page.getByTestId('account-security-page');
  await chooseFromMenu(page.getByTestId('user-dropdown'), page.getByTestId('user-security'), security);
  return security;
};

/** Opens the change-password dialog from the user menu and returns it. */
export const openChangePasswordDialog = async (page: Page) => {
  const form = page.getByTestId('change-password-form');
  await chooseFromMenu(page.getByTestId('user-dropdown'), page.getByTestId('user-change-password'), form);
  return page.getByRole('dialog').filter({ has: form });
};
