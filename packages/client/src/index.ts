import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

/** Every answer's envelope: `code` 1 on success; `message` Chinese, `messageEn` English. */
export interface Envelope<T = unknown> {
  code: number;
  message?: string;
  messageEn?: string;
  msg?: string;
  result?: T;
}

/** An answer whose envelope was not a success, with the server's reason in both languages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: Envelope,
  ) {
    super(envelope.messageEn || envelope.msg || envelope.message || `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export interface ClientOptions {
  /** The server's address, such as `https://pos.example.com`. */
  baseUrl: string;
  /** A session token (`tokenValue` of a sign-in), sent in the `satoken` header. */
  token?: string;
  /** A service account's API key (`prefix.secret`), sent as `Authorization: Bearer`; instead of `token`. */
  apiKey?: string;
  /** The caller's IANA time zone, sent in the `Timezone` header (default: this process's). */
  timeZone?: string;
  /** `en` or `zh-CN`: the language of exported files. */
  language?: string;
  fetch?: typeof globalThis.fetch;
}

export type CpmClient = Client<paths> & {
  /** Replaces the session token sent with every later call. */
  setToken(token: string | undefined): void;
  /**
   * Signs in with a user's name and password and keeps the session token for later calls. Works
   * where the server runs without the login captcha (`CAPTCHA=off`), as integrations do.
   */
  signIn(username: string, password: string): Promise<string>;
};

/** A client typed by the API document: paths, query, bodies and results are checked when compiling. */
export const createClient = (options: ClientOptions): CpmClient => {
  const client = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  let token = options.token;
  const timeZone = options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  client.use({
    onRequest({ request }) {
      if (token) request.headers.set('satoken', token);
      else if (options.apiKey) request.headers.set('Authorization', `Bearer ${options.apiKey}`);
      request.headers.set('Timezone', timeZone);
      if (options.language) request.headers.set('Accept-Language', options.language);
      return request;
    },
  });
  const signIn = async (username: string, password: string) => {
    const captcha = await unwrap(client.GET('/oauth/v1/oauth/login/captcha'));
    const login = await unwrap(
      client.POST('/oauth/v1/oauth/login/cpmDoLogin', {
        body: { username, password, captchaId: captcha.captchaId, captchaCode: '0000', sysCode: 'cpm' },
      }),
    );
    token = login.tokenValue;
    return login.tokenValue;
  };
  const setToken = (next: string | undefined) => {
    token = next;
  };
  return Object.assign(client, { setToken, signIn });
};

type Answer<T> = { data?: Envelope<T>; error?: unknown; response: Response };

/** The result of a call, or an `ApiError` when the server refused it. */
export const unwrap = async <T>(call: Promise<Answer<T>>): Promise<T> => {
  const { data, error, response } = await call;
  const envelope = (data ?? error) as Envelope<T> | undefined;
  if (!response.ok || !envelope || envelope.code !== 1)
    throw new ApiError(response.status, envelope ?? { code: response.status });
  return envelope.result as T;
};
