import {
  ACCOUNT_STATE,
  collectPermissions,
  type SecondFactorStep,
  SYS_CODE,
  type UserVo,
} from '@cpm/contracts';
import { authRoutes, factorsRoutes, ssoRoutes } from '@cpm/contracts/routes';
import { call } from '../../api/http';
import { ApiError } from '../../api/httpClient';
import { currentLanguage } from '../../i18n';
import { saveLanguage } from '../../i18n/detectLanguage';
import { navigateTo } from '../../shared/navigation/navigation';
import { type LoginReturn, useSessionStore } from '../../shared/session/sessionStore';
import { clearSession } from '../../shared/session/storage';
import { HOME_PATH } from '../../shared/worktabs/worktabRules';
import { useWorktabStore } from '../../shared/worktabs/worktabStore';
import { deviceTokenFor, rememberDeviceToken } from './deviceTokens';

export const GUIDE_PATH = '/exception/guide-to-filling';

export type LoginInput = { username: string; password: string; captchaId: string; captchaCode: string };

/** Where a login ended: in the console, stopped with the account's state, or waiting for a second factor. */
export type LoginOutcome =
  | { kind: 'enter'; to: string; userId: string }
  | { kind: 'pending' }
  | { kind: 'rejected'; reason: string | null }
  | {
      kind: 'secondFactor';
      step: SecondFactorStep['step'];
      /** The factors the account can answer with (`verify`). */
      methods: SecondFactorStep['methods'];
      pendingToken: string;
      username: string;
    };

type LoginResult = { userVo: UserVo; tokenValue: string; deviceToken: string };

/** Ends the server session without messages; failures do not keep anyone signed in. */
const endServerSession = async (token: string) => {
  await call(authRoutes.logout, { query: { token }, silent: true, loading: false }).catch(() => undefined);
};

/**
 * Signs in (spec section 4): log in with the password; an account with a second factor (or one a
 * rule requires) stops at `secondFactor`, any other enters as `enter` describes.
 */
export const login = async (input: LoginInput): Promise<LoginOutcome> => {
  const saved = deviceTokenFor(input.username);
  const result = await call(authRoutes.login, {
    body: { ...input, sysCode: SYS_CODE, ...(saved ? { deviceToken: saved } : {}) },
  });
  if (result.secondFactor)
    return {
      kind: 'secondFactor',
      step: result.secondFactor.step,
      methods: result.secondFactor.methods,
      pendingToken: result.secondFactor.pendingToken,
      username: input.username,
    };
  return enter(input.username, result);
};

/** Signs in with the second factor's code (or a recovery code) after the password. */
export const verifySecondFactor = async (
  username: string,
  body: { pendingToken: string; otp?: string; recoveryCode?: string },
): Promise<LoginOutcome> => enter(username, await call(factorsRoutes.loginVerify, { body }));

/**
 * Finishes a sign-in (spec section 4) once the server opened the session: fetch the menu with the
 * new token, store the spec's keys and the permission list. Accounts waiting for review or rejected
 * stop here with their state.
 */
export const enter = async (username: string, result: LoginResult): Promise<LoginOutcome> => {
  const { userVo, tokenValue, deviceToken } = result;
  // Kept whatever the account's state: the browser proved the password.
  if (deviceToken) rememberDeviceToken(username, deviceToken);
  // The following calls need the token before the session is complete.
  useSessionStore.setState({ token: tokenValue });
  try {
    if (userVo.verify === ACCOUNT_STATE.pendingReview) {
      await endServerSession(tokenValue);
      return { kind: 'pending' };
    }
    if (userVo.verify === ACCOUNT_STATE.rejected) {
      const status = await call(authRoutes.userStatus, { silent: true }).catch(() => null);
      await endServerSession(tokenValue);
      return { kind: 'rejected', reason: status?.rejectReason ?? null };
    }
    const { menuList } = await call(authRoutes.menu, { query: { id: userVo.id } });
    useWorktabStore.getState().clear();
    // `language` is one of the session keys the spec stores at sign-in.
    saveLanguage(currentLanguage());
    useSessionStore.getState().signIn({
      token: tokenValue,
      user: {
        id: userVo.id,
        name: userVo.name,
        username: userVo.username,
        verify: userVo.verify,
        sysCode: SYS_CODE,
        language: currentLanguage(),
        isLogin: true,
      },
      menuList,
      permissions: collectPermissions(menuList),
    });
    return {
      kind: 'enter',
      to: userVo.verify === ACCOUNT_STATE.needsDetails ? GUIDE_PATH : HOME_PATH,
      userId: userVo.id,
    };
  } finally {
    if (!useSessionStore.getState().isLogin) useSessionStore.setState({ token: null });
  }
};

/**
 * Forgets the session in the browser, empties the worktabs and goes to /login. A session that ended
 * on its own (expired, kicked) remembers the page, for the same user only: another user signing in
 * on this browser starts at home.
 */
export const signOutLocally = (opts: { returnHere?: boolean } = {}): void => {
  const userId = useSessionStore.getState().user?.id ?? null;
  const back: LoginReturn | undefined =
    opts.returnHere && userId
      ? { from: window.location.pathname + window.location.search, userId }
      : undefined;
  useWorktabStore.getState().clear();
  useSessionStore.getState().signOut();
  navigateTo('/login', { replace: true, state: back });
};

/** A session the server ended (expired, kicked, password changed elsewhere). */
export const sessionEnded = (): void => signOutLocally({ returnHere: true });

/**
 * Logs out (spec section 4): tells the server with the token, closes all worktabs and goes to
 * /login, or, for a session a single sign-on provider opened, on to the provider's sign-out. The browser forgets the session even when the server cannot be reached.
 */
export const logout = async (): Promise<void> => {
  const token = useSessionStore.getState().token;
  let providerSignOut: string | null = null;
  if (token) {
    // The server ends the session first and names the provider's sign-out for a single sign-on session.
    providerSignOut = await call(ssoRoutes.logout, { silent: true, loading: false })
      .then((r) => r.endSessionUrl)
      .catch(() => null);
    await endServerSession(token);
  }
  clearSession();
  signOutLocally();
  if (providerSignOut) window.location.assign(providerSignOut);
};

/**
 * Start-up check (spec section 4): a saved session is confirmed with the server; an answer other
 * than code 1 signs out. A network failure keeps the saved state, so an offline start still shows the console.
 */
export const verifySavedSession = async (): Promise<void> => {
  const { user, token } = useSessionStore.getState();
  if (!user || !token) return;
  try {
    await call(authRoutes.isLogin, {
      query: { sysCode: SYS_CODE, userId: user.id },
      silent: true,
      loading: false,
    });
  } catch (error) {
    if (error instanceof ApiError && error.code !== 0) sessionEnded();
  }
};
