// @vitest-environment jsdom
// A download is saved through a link element the client creates and clicks.
import { ERRORS } from '@cpm/contracts';
import { authRoutes, devicesRoutes } from '@cpm/contracts/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppLanguage } from '../i18n/detectLanguage';
import {
  ApiError,
  buildUrl,
  createHttpClient,
  fileNameFrom,
  type HttpDeps,
  REQUEST_TIMEOUT_MS,
  SESSION_END_DELAY_MS,
} from './httpClient';

const envelope = (code: number, result: unknown = null, texts: { zh: string; en: string } = ERRORS.ok) => ({
  code,
  message: texts.zh,
  messageEn: texts.en,
  msg: texts.zh,
  result,
});

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const makeClient = (overrides: Partial<HttpDeps> & { language?: AppLanguage } = {}) => {
  const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(envelope(1, { ok: true })));
  const deps = {
    fetch: fetchMock,
    getToken: () => 'tok-1',
    getLanguage: () => overrides.language ?? 'en',
    notify: { error: vi.fn(), success: vi.fn() },
    overlay: { start: vi.fn(), stop: vi.fn() },
    onSessionEnd: vi.fn(),
    texts: () => ({ networkFailed: 'Network connection failed', success: 'Operation succeeded' }),
    timeZone: () => 'Asia/Shanghai',
    ...overrides,
  } satisfies HttpDeps;
  return { client: createHttpClient(deps), deps, fetchMock: deps.fetch as typeof fetchMock };
};

describe('http client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends satoken, Timezone and the console language, omits cookies and returns result on code 1', async () => {
    const { client, fetchMock, deps } = makeClient();
    const result = await client.call(authRoutes.isLogin, { query: { sysCode: 'cpm', userId: 'u1' } });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/oauth/v1/oauth/login/isLogin?sysCode=cpm&userId=u1');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('omit');
    expect(init?.headers).toMatchObject({
      satoken: 'tok-1',
      Timezone: 'Asia/Shanghai',
      'Accept-Language': 'en',
    });
    expect(deps.overlay.start).toHaveBeenCalledTimes(1);
    expect(deps.overlay.stop).toHaveBeenCalledTimes(1);
    expect(deps.notify.error).not.toHaveBeenCalled();
  });

  it('names the console language, not the browser one, so exports come in it', async () => {
    const { client, fetchMock } = makeClient({ language: 'cn' });
    await client.call(authRoutes.isLogin, { query: { sysCode: 'cpm', userId: 'u1' } });
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ 'Accept-Language': 'zh-CN' });
  });

  it('posts JSON bodies', async () => {
    const { client, fetchMock } = makeClient();
    await client.call(authRoutes.login, {
      body: { username: 'admin', password: 'x', captchaId: 'c', captchaCode: '1234', sysCode: 'cpm' },
    });
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ username: 'admin', sysCode: 'cpm' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('uploads a file as multipart form data with the browser’s boundary, never as JSON', async () => {
    const { client, fetchMock } = makeClient();
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], '终端.xlsx');
    await client.upload(devicesRoutes.terminalImport, file);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/device/v1/device/terminal/import');
    expect(init?.method).toBe('POST');
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect(init?.headers).toMatchObject({ satoken: 'tok-1' });
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const sent = form.get('file') as File;
    expect(sent.name).toBe('终端.xlsx');
    expect(sent.size).toBe(4);
  });

  it('shows the English text for en and the Chinese text otherwise, then throws', async () => {
    const answer = () => jsonResponse(envelope(400, null, ERRORS.badCredentials), 400);
    const en = makeClient({ fetch: vi.fn(async () => answer()) });
    await expect(en.client.request({ method: 'GET', path: '/x' })).rejects.toBeInstanceOf(ApiError);
    expect(en.deps.notify.error).toHaveBeenCalledWith('Wrong account or password');

    const cn = makeClient({ fetch: vi.fn(async () => answer()), language: 'cn' });
    await expect(cn.client.request({ method: 'GET', path: '/x' })).rejects.toMatchObject({ code: 400 });
    expect(cn.deps.notify.error).toHaveBeenCalledWith('账号或密码错误');
    expect(cn.deps.overlay.stop).toHaveBeenCalled();
  });

  it('on code 500 shows the error and signs out after 1.5 s, once for several failures', async () => {
    const { client, deps } = makeClient({
      fetch: vi.fn(async () => jsonResponse(envelope(500, null, ERRORS.notLoggedIn), 401)),
    });
    await expect(client.request({ method: 'GET', path: '/a' })).rejects.toMatchObject({ code: 500 });
    await expect(client.request({ method: 'GET', path: '/b' })).rejects.toMatchObject({ code: 500 });
    expect(deps.notify.error).toHaveBeenCalledWith(ERRORS.notLoggedIn.en);
    vi.advanceTimersByTime(SESSION_END_DELAY_MS - 1);
    expect(deps.onSessionEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deps.onSessionEnd).toHaveBeenCalledTimes(1);
  });

  it('does not sign out a user who signed in while the ended session was being answered', async () => {
    let token = 'old-token';
    const { client, deps } = makeClient({
      fetch: vi.fn(async () => jsonResponse(envelope(500, null, ERRORS.notLoggedIn), 401)),
      getToken: () => token,
    });
    await expect(client.request({ method: 'GET', path: '/a' })).rejects.toMatchObject({ code: 500 });
    token = 'new-users-token';
    vi.advanceTimersByTime(SESSION_END_DELAY_MS);
    expect(deps.onSessionEnd).not.toHaveBeenCalled();
  });

  it('reports a network failure with its own text and closes the overlay', async () => {
    const { client, deps } = makeClient({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(client.request({ method: 'GET', path: '/x' })).rejects.toMatchObject({ code: 0 });
    expect(deps.notify.error).toHaveBeenCalledWith('Network connection failed');
    expect(deps.overlay.stop).toHaveBeenCalledTimes(1);
  });

  it('aborts after 30 minutes', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client, deps } = makeClient({ fetch: fetchMock });
    const pending = client.request({ method: 'GET', path: '/slow' });
    vi.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    await expect(pending).rejects.toMatchObject({ code: 0 });
    expect(deps.notify.error).toHaveBeenCalledWith('Network connection failed');
  });

  it('shows a success message only when asked', async () => {
    const { client, deps } = makeClient();
    await client.request({ method: 'POST', path: '/x', body: {}, notifySuccess: true });
    expect(deps.notify.success).toHaveBeenCalledWith('Operation succeeded');
    await client.request({ method: 'POST', path: '/x', body: {} });
    expect(deps.notify.success).toHaveBeenCalledTimes(1);
  });

  it('keeps quiet for silent calls and skips the overlay when asked', async () => {
    const { client, deps } = makeClient({
      fetch: vi.fn(async () => jsonResponse(envelope(404, null, ERRORS.notFound), 404)),
    });
    await expect(
      client.request({ method: 'GET', path: '/x', silent: true, loading: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(deps.notify.error).not.toHaveBeenCalled();
    expect(deps.overlay.start).not.toHaveBeenCalled();
  });

  it('does not send satoken without a session', async () => {
    const { client, fetchMock } = makeClient({ getToken: () => null });
    await client.request({ method: 'GET', path: '/x' });
    expect(fetchMock.mock.calls[0][1]?.headers).not.toHaveProperty('satoken');
  });

  it('saves a binary answer under the server file name', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(new Blob(['a,b']), {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="devices.csv"',
          },
        }),
    );
    const created: HTMLAnchorElement[] = [];
    const original = document.createElement.bind(document);
    const spy = vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const element = original(tag);
      if (element instanceof HTMLAnchorElement) {
        element.click = vi.fn();
        created.push(element);
      }
      return element;
    });
    URL.createObjectURL = vi.fn(() => 'blob:1');
    URL.revokeObjectURL = vi.fn();
    const { client } = makeClient({ fetch: fetchMock });
    await client.download({ path: '/device/export', fileName: 'fallback.xlsx' });
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');
    expect(created[0].download).toBe('devices.csv');
    expect(created[0].click).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('shows the error when a download answers with an envelope', async () => {
    const { client, deps } = makeClient({
      fetch: vi.fn(async () => jsonResponse(envelope(403, null, ERRORS.forbidden), 403)),
    });
    await expect(client.download({ path: '/x', fileName: 'x.xlsx' })).rejects.toMatchObject({ code: 403 });
    expect(deps.notify.error).toHaveBeenCalledWith(ERRORS.forbidden.en);
  });
});

describe('url helpers', () => {
  it('leaves out empty query values', () => {
    expect(buildUrl('', '/p', { a: 1, b: '', c: undefined, d: null, e: false })).toBe('/p?a=1&e=false');
  });

  it('reads file names from Content-Disposition', () => {
    expect(fileNameFrom("attachment; filename*=UTF-8''%E8%AE%BE%E5%A4%87.xlsx")).toBe('设备.xlsx');
    expect(fileNameFrom('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(fileNameFrom(null)).toBeNull();
  });
});
