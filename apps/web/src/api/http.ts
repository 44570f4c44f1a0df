import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { currentLanguage, i18n } from '../i18n';
import { askFactor } from '../shared/auth/factorPrompt';
import { useSessionStore } from '../shared/session/sessionStore';
import { createHttpClient, type Notifier } from './httpClient';
import { requestOverlay } from './overlayStore';

/** One key for every API message, so a new one replaces the old (spec section 8). */
const MESSAGE_KEY = 'api-message';

let messageApi: Pick<MessageInstance, 'open'> = message;
let sessionEndHandler: () => void = () => {};

/** Lets the app route messages through antd's App context (theme-aware) once it has mounted. */
export const setMessageApi = (api: Pick<MessageInstance, 'open'>): void => {
  messageApi = api;
};

/** Registers what a 500 answer does after its delay: sign out and go to /login. */
export const setSessionEndHandler = (handler: () => void): void => {
  sessionEndHandler = handler;
};

const notify: Notifier = {
  error: (content) => messageApi.open({ type: 'error', content, key: MESSAGE_KEY }),
  success: (content) => messageApi.open({ type: 'success', content, key: MESSAGE_KEY }),
};

/** Shows a one-at-a-time message outside the client, e.g. for form hints. */
export const showMessage = (type: 'success' | 'error' | 'warning' | 'info', content: string): void => {
  messageApi.open({ type, content, key: MESSAGE_KEY });
};

const http = createHttpClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => useSessionStore.getState().token,
  getLanguage: currentLanguage,
  notify,
  overlay: requestOverlay,
  onSessionEnd: () => sessionEndHandler(),
  confirmFactor: askFactor,
  texts: () => ({
    networkFailed: i18n.t('common:message.networkFailed'),
    success: i18n.t('common:message.dosuccess'),
  }),
});

/** Typed call of a contract endpoint; resolves with `result` on code 1. */
export const call = http.call;
/** Untyped request for paths without a contract yet. */
export const request = http.request;
/** One file to an upload endpoint, streamed as multipart/form-data. */
export const upload = http.upload;
/** Binary download saved as a named file. */
export const download = http.download;
/** Binary answer as bytes (in-page players). */
export const fetchBytes = http.bytes;

/** GET that shows the success message when the code is 1. */
export const getWithMessage = <T>(path: string, query?: Parameters<typeof http.request>[0]['query']) =>
  http.request<T>({ method: 'GET', path, query, notifySuccess: true });

/** POST that shows the success message when the code is 1. */
export const postWithMessage = <T>(path: string, body?: unknown) =>
  http.request<T>({ method: 'POST', path, body, notifySuccess: true });
