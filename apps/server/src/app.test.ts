import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from './db/schema';
import { createTestApp, type TestApp } from './test-support/test-app';

const rawGet = (t: TestApp, url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { port } = t.app.server.address() as AddressInfo;
    const req = http.request({ host: '127.0.0.1', port, path: url }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

const LOGIN = '/oauth/v1/oauth/login/cpmDoLogin';

/** The answer is an error envelope whose code is its HTTP status, with the message in both languages. */
const expectRefused = (
  res: { statusCode: number; json(): unknown },
  status: number,
  message: string,
  messageEn: string,
) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ code: status, message, messageEn });
};

const goodLogin = { username: 'admin', password: 'x', captchaId: 'x', captchaCode: 'x', sysCode: 'cpm' };

describe('HTTP behaviour', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'cpm-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
    t = await createTestApp({ env: { WEB_DIST: webDist } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const postLogin = (payload: string | object, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: LOGIN, payload, headers });

  const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0].n;

  describe('bad input gets a 400 or 413 envelope in both languages and changes nothing', () => {
    it('malformed JSON', async () => {
      const res = await postLogin('{"username": ', { 'content-type': 'application/json' });
      expectRefused(res, 400, '请求内容不是有效的 JSON', 'The request body is not valid JSON');
    });

    it('wrong types, missing and unknown fields, each listed', async () => {
      const before = await sessionCount();
      const res = await postLogin({ username: 42, captchaId: 'x', captchaCode: 'x', extra: true });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.messageEn).toBe('The request is invalid');
      const byField = Object.fromEntries(
        body.result.errors.map((e: { field: string; messageEn: string; message: string }) => [e.field, e]),
      );
      expect(byField['body.username'].messageEn).toBe('Expected string');
      expect(byField['body.password']).toMatchObject({
        messageEn: 'This field is required',
        message: '此项为必填项',
      });
      expect(
        body.result.errors.some((e: { messageEn: string }) => e.messageEn === 'Unknown fields: extra'),
      ).toBe(true);
      expect(await sessionCount()).toBe(before);
    });

    it('a body that is not an object', async () => {
      const res = await postLogin('[1,2]', { 'content-type': 'application/json' });
      expect(res.json().code).toBe(400);
    });

    it('an oversized body', async () => {
      const res = await postLogin({ ...goodLogin, password: 'p'.repeat(2 * 1024 * 1024) });
      expectRefused(res, 413, '请求内容过大', 'The request is too large');
    });

    it('an over-long field', async () => {
      const res = await postLogin({ ...goodLogin, username: 'a'.repeat(33) });
      expect(res.json().result.errors[0]).toMatchObject({
        field: 'body.username',
        messageEn: 'Must be at most 32 characters',
      });
    });

    it.each([
      '/oauth/v1/oauth/login/../login/captcha',
      '/oauth/v1/oauth/login/%2e%2e/login/captcha',
      '/oauth/v1/oauth/login%2Fcaptcha',
      '/oauth/v1/oauth/login%5ccaptcha',
      '/device/index/..%2f..%2fetc/passwd',
      '/assets/%00x.js',
    ])('path trick %s', async (url) => {
      // A real socket: injected requests would have their path normalised before it reaches the server.
      const res = await rawGet(t, url);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ code: 400, messageEn: 'The request path is not allowed' });
    });

    it('leaves the server serving afterwards', async () => {
      expect((await t.app.inject({ url: '/healthz' })).json().result.status).toBe('ok');
    });
  });

  it('sets security headers on every response', async () => {
    for (const url of ['/healthz', '/device/index', '/upms/v1/upms/nothing']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('serves the console for page paths (history fallback) and a JSON 404 for unknown API paths', async () => {
    const page = await t.app.inject({ url: '/device/index', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>console</title>');
    const api = await t.app.inject({ url: '/device/v1/device/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, messageEn: 'No such API endpoint', message: '接口不存在' });
    const noHtml = await t.app.inject({ url: '/some/file.js' });
    expect(noHtml.statusCode).toBe(404);
    expect(noHtml.json().code).toBe(404);
  });

  it('answers health and readiness', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().result).toMatchObject({ status: 'ok', checks: { database: 'ok', broker: 'off' } });
  });

  it('documents every endpoint with its permission or public mark', async () => {
    const doc = (await t.app.inject({ url: '/docs/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/oauth/v1/oauth/login/cpmDoLogin'].post['x-public']).toBe(true);
    expect(doc.paths['/upms/v1/upms/user/getSubUserMenuById'].get['x-permission']).toBe('signedIn');
    for (const def of t.endpoints) expect(doc.paths[def.path], def.path).toBeDefined();
    const viewer = await t.app.inject({ url: '/docs/' });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toContain('text/html');
  });
});
