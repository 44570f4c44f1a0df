import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BLOB_KINDS } from '@cpm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD } from '../../test-support/accounts';
import { type FileWorld, openFileWorld } from '../../test-support/file-world';
import { agentGet, callAs, deviceAuth, enrolledTerminal } from '../../test-support/fleet-fixtures';
import { blobs } from './blobs.table';
import { multipartForm } from './testing';

const PNG = Buffer.concat([
  Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 16, 0, 0,
    0, 16,
  ]),
  Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7) % 256)),
]);
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), Buffer.alloc(4000, 3)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const until = async (check: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
};

describe('file uploads and downloads', () => {
  let w: FileWorld;
  let wallpaper: { id: string; sha256: string; size: number };
  let entBFile: { id: string };
  let adminFile: { id: string };
  const tmpFiles = () => w.tmpFiles();
  const rowCount = async () => (await w.t.database.db.select().from(blobs)).length;

  const upload = (token: string, kind: string, form: ReturnType<typeof multipartForm>) =>
    w.t.app.inject({
      method: 'POST',
      url: `/file/v1/file/blob/upload?kind=${kind}`,
      headers: { satoken: token, ...form.headers },
      payload: form.payload,
    });
  const download = (token: string, id: string, headers: Record<string, string> = {}) =>
    w.t.app.inject({
      method: 'GET',
      url: `/file/v1/file/blob/download?id=${id}`,
      headers: { satoken: token, ...headers },
    });

  beforeAll(async () => {
    w = await openFileWorld('blob-routes', { ent: 'ent_a', other: 'ent_b', sales: 'sales_a' });
    const stored = await upload(w.ent.token, 'wallpaper', multipartForm('门店壁纸 1.png', PNG));
    expect(stored.json()).toMatchObject({
      code: 1,
      result: { name: '门店壁纸 1.png', size: PNG.length, mediaType: 'image/png' },
    });
    wallpaper = stored.json().result;
    entBFile = (await upload(w.other.token, 'systemFile', multipartForm('b.zip', ZIP))).json().result;
    adminFile = (
      await upload(w.admin.token, 'systemFile', multipartForm('ota.zip', Buffer.concat([ZIP, PNG])))
    ).json().result;
  });
  afterAll(() => w.t.close());

  describe('uploads', () => {
    it('store the bytes under their sha256 in the data folder, once', async () => {
      expect(wallpaper.sha256).toBe(sha(PNG));
      const again = await upload(w.ent.token, 'wallpaper', multipartForm('copy.png', PNG));
      expect(again.json().result.sha256).toBe(wallpaper.sha256);
      const dir = path.join(
        w.t.dataDir,
        'blobs',
        'sha256',
        wallpaper.sha256.slice(0, 2),
        wallpaper.sha256.slice(2, 4),
      );
      expect(await readdir(dir)).toEqual([wallpaper.sha256]);
      expect(await tmpFiles()).toEqual([]);
    });

    it('refuse a wrong type behind a right extension, 0 bytes and unsafe names, storing nothing', async () => {
      const before = await rowCount();
      const wrongType = await upload(w.ent.token, 'wallpaper', multipartForm('wall.png', ZIP));
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toMatchObject({ code: 400, messageEn: expect.stringMatching(/not allowed/) });
      const empty = await upload(w.ent.token, 'wallpaper', multipartForm('empty.png', Buffer.alloc(0)));
      expect(empty.json().messageEn).toMatch(/empty/);
      for (const form of [
        multipartForm('../../etc/wall.png', PNG),
        multipartForm('dir\\wall.png', PNG),
        multipartForm('wall\u0007.png', PNG, { fileNameStar: true }),
        multipartForm('wall\u001b[2J.png', PNG, { fileNameStar: true }),
        multipartForm('wall\u007f.png', PNG, { fileNameStar: true }),
      ]) {
        const res = await upload(w.ent.token, 'wallpaper', form);
        expect(res.statusCode).toBe(400);
        expect(res.json().messageEn).toMatch(/path separators or control characters/);
      }
      expect(await rowCount()).toBe(before);
      expect(await tmpFiles()).toEqual([]);
    });

    it('refuse a request without a file, a truncated body, and a kind without direct upload', async () => {
      const before = await rowCount();
      const json = await w.t.app.inject({
        method: 'POST',
        url: '/file/v1/file/blob/upload?kind=wallpaper',
        headers: { satoken: w.ent.token },
        payload: { content: PNG.toString('base64') },
      });
      expect(json.json()).toMatchObject({ code: 400, messageEn: expect.stringMatching(/No file was sent/) });
      const wrongField = await upload(
        w.ent.token,
        'wallpaper',
        multipartForm('w.png', PNG, { field: 'image' }),
      );
      expect(wrongField.json().messageEn).toMatch(/No file was sent/);
      const form = multipartForm('cut.png', PNG);
      const truncated = await w.t.app.inject({
        method: 'POST',
        url: '/file/v1/file/blob/upload?kind=wallpaper',
        headers: { satoken: w.ent.token, ...form.headers },
        payload: Buffer.concat([form.head, PNG.subarray(0, 20_000)]),
      });
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json().messageEn).toMatch(/cut short/);
      const importKind = await upload(w.ent.token, 'excelImport', multipartForm('a.xlsx', ZIP));
      expect(importKind.statusCode).toBe(400);
      expect(await rowCount()).toBe(before);
      expect(await tmpFiles()).toEqual([]);
    });

    it('need the kind’s upload permission', async () => {
      const res = await upload(w.sales.token, 'wallpaper', multipartForm('w.png', PNG));
      expect(res.statusCode).toBe(403);
    });

    it('refuse a file over the limit with 413 and store nothing', async () => {
      const form = multipartForm('big.xlsx', Buffer.alloc(BLOB_KINDS.excelImport.maxBytes + 1, 0x50));
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/device/v1/device/terminal/import',
        headers: { satoken: w.admin.token, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 413, result: { maxBytes: BLOB_KINDS.excelImport.maxBytes } });
      expect(await tmpFiles()).toEqual([]);
    });

    it('leave no temp file when the client goes away half-way', async () => {
      await w.t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = w.t.app.server.address() as AddressInfo;
      const before = await rowCount();
      const form = multipartForm('half.zip', ZIP);
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/file/v1/file/blob/upload?kind=systemFile',
        headers: {
          satoken: w.ent.token,
          ...form.headers,
          'content-length': String(form.head.length + 10_000_000),
        },
      });
      req.on('error', () => {});
      req.write(form.head);
      req.write(ZIP);
      await until(async () => (await tmpFiles()).length === 1, 'the upload’s temp file');
      req.destroy();
      await until(async () => (await tmpFiles()).length === 0, 'the temp file to be removed');
      expect(await rowCount()).toBe(before);
    });
  });

  describe('downloads', () => {
    it('send the whole file with ETag = sha256, and 304 when If-None-Match names it', async () => {
      const res = await download(w.ent.token, wallpaper.id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers).toMatchObject({
        etag: `"${sha(PNG)}"`,
        'accept-ranges': 'bytes',
        'content-type': 'image/png',
        'content-length': String(PNG.length),
      });
      expect(res.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('门店壁纸 1.png')}`,
      );
      const head = await w.t.app.inject({
        method: 'HEAD',
        url: `/file/v1/file/blob/download?id=${wallpaper.id}`,
        headers: { satoken: w.ent.token },
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers).toMatchObject({ etag: `"${sha(PNG)}"`, 'content-length': String(PNG.length) });
      expect(head.rawPayload.length).toBe(0);
      const cached = await download(w.ent.token, wallpaper.id, { 'if-none-match': `W/"x", "${sha(PNG)}"` });
      expect(cached.statusCode).toBe(304);
      expect(cached.rawPayload.length).toBe(0);
    });

    it('resume from a Range, and refuse a range past the end with 416', async () => {
      const first = await download(w.ent.token, wallpaper.id, { range: 'bytes=0-9999' });
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-9999/${PNG.length}`);
      const rest = await download(w.ent.token, wallpaper.id, {
        range: 'bytes=10000-',
        'if-range': `"${sha(PNG)}"`,
      });
      expect(rest.statusCode).toBe(206);
      expect(Buffer.concat([first.rawPayload, rest.rawPayload]).equals(PNG)).toBe(true);
      const tail = await download(w.ent.token, wallpaper.id, { range: 'bytes=-16' });
      expect(tail.rawPayload.equals(PNG.subarray(-16))).toBe(true);
      const changed = await download(w.ent.token, wallpaper.id, {
        range: 'bytes=10000-',
        'if-range': '"other"',
      });
      expect(changed.statusCode).toBe(200);
      const past = await download(w.ent.token, wallpaper.id, { range: `bytes=${PNG.length}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${PNG.length}`);
      expect(past.json().messageEn).toMatch(/outside the file/);
    });

    it('hide another enterprise’s file and need the kind’s read permission', async () => {
      expect((await download(w.ent.token, entBFile.id)).statusCode).toBe(404);
      expect((await download(w.other.token, wallpaper.id)).json().code).toBe(404);
      expect((await download(w.admin.token, entBFile.id)).statusCode).toBe(200);
      // Sales staff see their own files but hold no wallpaper permission.
      const own = await w.t.blobs.storeUpload({
        kind: 'wallpaper',
        name: 'own.png',
        stream: Readable.from([PNG]),
        ownerId: w.sales.id,
        createdBy: w.sales.id,
      });
      expect((await download(w.sales.token, own.id)).statusCode).toBe(403);
      expect((await download(w.sales.token, wallpaper.id)).statusCode).toBe(404);
      const anonymous = await w.t.app.inject({
        method: 'GET',
        url: `/file/v1/file/blob/download?id=${wallpaper.id}`,
      });
      expect(anonymous.json().code).toBe(500);
    });

    it('work through a signed link without a session until it expires; a forged link is refused', async () => {
      const signed = await callAs(w.t, w.ent.token)('POST', '/file/v1/file/blob/sign', {
        id: wallpaper.id,
        ttlSeconds: 120,
      });
      const { url } = signed.body.result as { url: string };
      const part = await w.t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(PNG.subarray(100, 200))).toBe(true);
      const forged = url.replace(/signature=[^&]+/, 'signature=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect((await w.t.app.inject({ method: 'GET', url: forged })).json()).toMatchObject({
        code: 403,
        messageEn: 'The download link is invalid or has expired',
      });
      const otherFile = url.replace(wallpaper.id, entBFile.id);
      expect((await w.t.app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(403);
      const refused = await callAs(w.t, w.ent.token)('POST', '/file/v1/file/blob/sign', { id: entBFile.id });
      expect(refused.status).toBe(404);
      w.t.clock.advance(121_000);
      expect((await w.t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    });

    it('let a terminal download its enterprise’s files and those from above, with its Basic credentials', async () => {
      const secret = (await enrolledTerminal(w.t, w.ent, { sn: 'BLOB0001', mac: '00:00:00:00:0b:01' }))
        .secret;
      const get = (id: string, headers: Record<string, string> = {}) =>
        agentGet(w.t, 'BLOB0001', secret, `blob/download?id=${id}`, headers);
      const own = await get(wallpaper.id, { range: 'bytes=49000-' });
      expect(own.statusCode).toBe(206);
      expect(own.rawPayload.equals(PNG.subarray(49_000))).toBe(true);
      expect((await get(adminFile.id)).statusCode).toBe(200);
      expect((await get(entBFile.id)).statusCode).toBe(404);
      const wrong = await w.t.app.inject({
        method: 'GET',
        url: `/device/v1/agent/blob/download?id=${wallpaper.id}`,
        headers: deviceAuth('BLOB0001', ACCOUNT_PASSWORD),
      });
      expect(wrong.statusCode).toBe(401);
    });
  });
});
