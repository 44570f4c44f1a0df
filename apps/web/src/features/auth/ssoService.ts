import { ssoRoutes } from '@cpm/contracts/routes';
import { call } from '../../api/http';
import { enter, type LoginOutcome } from './authService';

/** Where the tab keeps the sealed checks of a sign-in under way at the provider. */
const FLOW_KEY = 'cpm.sso.flow';

/** The provider offered for an e-mail address or enterprise code, or null. */
export const discoverSso = (query: string) => call(ssoRoutes.discover, { body: { query } });

/** Sends the browser to the provider; the tab keeps the sealed state, nonce and PKCE verifier. */
export const startSso = async (providerId: string) => {
  const { authorizationUrl, flowToken } = await call(ssoRoutes.start, { body: { providerId } });
  sessionStorage.setItem(FLOW_KEY, flowToken);
  window.location.assign(authorizationUrl);
};

/** Whether this page load is the provider sending the browser back (a code or an error, and a flow). */
export const isSsoCallback = (search: string) => {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && sessionStorage.getItem(FLOW_KEY) !== null;
};

/** Completes single sign-on with the callback's query; the flow is used once, whatever the answer. */
export const finishSso = async (search: string): Promise<LoginOutcome> => {
  const flowToken = sessionStorage.getItem(FLOW_KEY) ?? '';
  sessionStorage.removeItem(FLOW_KEY);
  const result = await call(ssoRoutes.finish, { body: { flowToken, callbackQuery: search } });
  return enter(result.userVo.username, result);
};
