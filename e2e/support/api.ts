import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from './env';

/** The server's answer to every call. */
export type Envelope<T = unknown> = {
  code: number;
  message: string;
  messageEn: string;
  msg: string;
  result: T;
};

/** The account a sign-in answers with. */
type SignedInUser = { id: string; username: string; name: string; verify: number };

/** Direct calls to the server, bypassing the console: to prepare state or to act behind its back. */
export class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token?: string,
  ) {}

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { Timezone: 'Asia/Shanghai' };
    if (this.token) headers.satoken = this.token;
    return headers;
  }

  /** The same client sending another session token. */
  withToken(token: string) {
    return new Api(this.request, token);
  }

  /** GET with a query; the envelope whatever the HTTP status. */
  async get<T>(path: string, params?: Record<string, string>): Promise<Envelope<T> & { status: number }> {
    const res = await this.request.get(path, { params, headers: this.headers() });
    return { ...((await res.json()) as Envelope<T>), status: res.status() };
  }

  /** POST with a JSON body; the envelope whatever the HTTP status. */
  async post<T>(path: string, body: unknown): Promise<Envelope<T> & { status: number }> {
    const res = await this.request.post(path, { data: body, headers: this.headers() });
    return { ...((await res.json()) as Envelope<T>), status: res.status() };
  }

  /** The id of a seeded role by its code (`sales`, `enterprise_admin`, `platform_admin`). */
  async roleId(code: string) {
    const roles = await this.get<{ id: string; code: string }[]>('/upms/v1/upms/role/getOptions');
    const role = roles.result.find((r) => r.code === code);
    if (!role) throw new Error(`no role with the code ${code}: ${roles.code} ${roles.messageEn}`);
    return role.id;
  }

  /**
   * Signs in through the API (captcha is off on the test server) and returns a client carrying the
   * token: as the administrator when no account is given. An empty username or password fails
   * instead of signing in the administrator, and so does an answer for another user.
   */
  async login(...account: [] | [username: string, password: string]) {
    const [username, password] = account.length === 0 ? [ADMIN.username, ADMIN.password] : account;
    if (!username || !password)
      throw new Error(`API login needs a username and a password, got "${username}"`);
    const captcha = await this.get<{ captchaId: string }>('/oauth/v1/oauth/login/captcha');
    const res = await this.post<{ userVo: SignedInUser; tokenValue: string }>(
      '/oauth/v1/oauth/login/cpmDoLogin',
      {
        username,
        password,
        captchaId: captcha.result.captchaId,
        captchaCode: 'any',
        sysCode: 'cpm',
      },
    );
    if (res.code !== 1) throw new Error(`API login failed: ${res.code} ${res.messageEn}`);
    if (res.result.userVo.username !== username)
      throw new Error(`API login as ${username} answered the session of ${res.result.userVo.username}`);
    return {
      api: new Api(this.request, res.result.tokenValue),
      userId: res.result.userVo.id,
      token: res.result.tokenValue,
      user: res.result.userVo,
    };
  }

  /** Ends the session of a token on the server, as an administrator or another tab would. */
  logout(token: string) {
    return this.get<null>('/oauth/v1/oauth/login/doLogout', { token });
  }
}
