import { ENDPOINTS } from '@cpm/contracts';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, urlOf } from '../../test-support/api-client';
import { type FileWorld, openFileWorld } from '../../test-support/file-world';
import { blobs } from '../blobs/blobs.table';
import { multipartForm } from '../blobs/testing';
import { mediaBootAnimations, mediaWallpapers } from './media.table';
import { pngOf, storedZip, zipEntries } from './media-fixtures';

// The checks of names, content, sizes and archives are held by media.service.test.ts, boot-zip.test.ts and
// media-probe.test.ts; here permission, data scope, the answers' envelope, and what needs the real store and jobs.
describe('wallpapers, videos and boot animations', () => {
  let w: FileWorld;

  const as = (token = w.ent.token) => clientOf(w.t, token);
  const counts = async () => ({
    blobs: (await w.t.database.db.select().from(blobs)).length,
    wallpapers: (await w.t.database.db.select().from(mediaWallpapers)).length,
    boots: (await w.t.database.db.select().from(mediaBootAnimations)).length,
    tmp: (await w.tmpFiles()).length,
  });
  type Upload = typeof ENDPOINTS.media.wallpaperUpload | typeof ENDPOINTS.media.bootUploadFrame;
  /** Uploads a file to an upload endpoint, answering the raw response. */
  const post = (
    endpoint: Upload | typeof ENDPOINTS.media.bootUploadZip,
    query: Record<string, unknown>,
    name: string,
    bytes: Buffer,
    token = w.ent.token,
  ) => as(token).request(endpoint, { query, file: { name, bytes } });
  /** Sends half of a file's upload: the body ends before the file does. */
  const cut = (url: string, name: string, bytes: Buffer) => () => {
    const form = multipartForm(name, bytes);
    return w.t.app.inject({
      method: 'POST',
      url,
      headers: { satoken: w.ent.token, ...form.headers },
      payload: Buffer.concat([form.head, bytes.subarray(0, Math.floor(bytes.length / 2))]),
    });
  };
  /** Asserts a refusal in both languages that changed nothing. */
  const refused = async (
    run: () => Promise<{
      statusCode: number;
      json: () => { code: number; message: string; messageEn: string };
    }>,
    status: number,
    en: RegExp,
  ) => {
    const before = await counts();
    const res = await run();
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.code).toBe(status);
    expect(body.messageEn).toMatch(en);
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await counts()).toEqual(before);
    return body;
  };
  /** Runs jobs until one has ended. */
  const ended = async (jobId: string) => {
    for (;;) {
      await w.t.jobs.runDue();
      const job = (await as().call(ENDPOINTS.jobs.getById, { id: jobId })).body.result;
      if (job.status === 'succeeded' || job.status === 'failed') return job;
    }
  };
  const build = (body: object, token = w.ent.token) => as(token).send(ENDPOINTS.media.bootBuild, body);
  const frameOf = (bytes: Buffer, name = 'frame.png') =>
    post(ENDPOINTS.media.bootUploadFrame, { format: 'png', width: 32, height: 24 }, name, bytes);
  const frame = (index: number | string, id: string) =>
    as().request(ENDPOINTS.media.bootFrame, { query: { id, index } });

  beforeAll(async () => {
    // Jobs run only when a test calls `runDue`, so a test can act between a build's start and its run.
    w = await openFileWorld(
      'media',
      { ent: 'media_ent', other: 'media_other', sales: 'media_sales' },
      { jobs: { run: false } },
    );
  });
  afterAll(() => w?.t.close());

  describe('wallpapers and videos', () => {
    it('store an image with its resolution, listed and served in scope', async () => {
      const png = await post(
        ENDPOINTS.media.wallpaperUpload,
        { description: 'Lobby' },
        'lobby.png',
        pngOf(64, 40),
      );
      const row = png.json().result;
      expect(png.json()).toMatchObject({ code: 1, result: { name: 'lobby.png', kind: 'image', width: 64 } });
      expect(row).toMatchObject({ mediaType: 'image/png', height: 40, description: 'Lobby' });
      await post(ENDPOINTS.media.wallpaperUpload, {}, 'shop.png', pngOf(8, 8));
      const page = await as().call(ENDPOINTS.media.wallpaperPage, { kind: 'image', name: 'lob' });
      expect(page.body.result.records.map((r) => r.name)).toEqual(['lobby.png']);
      // The row's link serves the bytes without a session (thumbnails and previews).
      const bytes = await w.t.app.inject({ method: 'GET', url: row.url });
      expect(bytes.rawPayload.equals(pngOf(64, 40))).toBe(true);
      expect((await as(w.other.token).call(ENDPOINTS.media.wallpaperPage)).body.result.total).toBe(0);
      expect((await as(w.sales.token).call(ENDPOINTS.media.wallpaperPage)).body.code).toBe(403);
    });

    it('refuse content that is no image and a taken name in both languages, storing nothing', async () => {
      const zip = storedZip([['a.txt', Buffer.from('hello world, not an image')]]);
      await refused(
        () => post(ENDPOINTS.media.wallpaperUpload, {}, 'photo.jpg', zip),
        400,
        /judged by its content/,
      );
      await post(ENDPOINTS.media.wallpaperUpload, {}, 'twice.png', pngOf(8, 8));
      const again = () => post(ENDPOINTS.media.wallpaperUpload, {}, 'twice.png', pngOf(9, 9));
      await refused(again, 409, /already exists/);
      // Another enterprise may use the same name.
      const theirs = await post(ENDPOINTS.media.wallpaperUpload, {}, 'twice.png', pngOf(8, 8), w.other.token);
      expect(theirs.json().code).toBe(1);
    });

    it('store nothing from an upload cut off half-way', async () => {
      const url = urlOf(ENDPOINTS.media.wallpaperUpload);
      await refused(cut(url, 'cut.png', pngOf(64, 64, { noise: true })), 400, /cut short/);
    });

    it('delete a wallpaper; another enterprise cannot', async () => {
      const row = (await post(ENDPOINTS.media.wallpaperUpload, {}, 'gone.png', pngOf(10, 10))).json().result;
      const remove = (token: string) =>
        as(token).request(ENDPOINTS.media.wallpaperDelete, { query: { id: row.id } });
      await refused(() => remove(w.other.token), 404, /No such wallpaper/);
      expect((await remove(w.ent.token)).json().code).toBe(1);
      const names = (await as().call(ENDPOINTS.media.wallpaperPage, { size: '50' })).body.result.records;
      expect(names.map((r) => r.name)).not.toContain('gone.png');
    });
  });

  describe('boot animations', () => {
    const frames = [pngOf(32, 24, { seed: 1 }), pngOf(32, 24, { seed: 2 }), pngOf(32, 24, { seed: 3 })];
    const welcome = {
      name: 'Welcome',
      format: 'png',
      width: 32,
      height: 24,
      fps: 12,
      description: 'Shop opening',
    };
    let built: { id: string; url: string };

    it('build bootanimation.zip from frames: desc.txt, part0 frames in order, every entry stored', async () => {
      const ids: string[] = [];
      for (const [i, f] of frames.entries()) {
        const res = await frameOf(f, `frame${i}.png`);
        expect(res.json()).toMatchObject({ code: 1, result: { width: 32, height: 24, size: f.length } });
        ids.push(res.json().result.id);
      }
      const started = await build({ ...welcome, frameIds: ids });
      expect(started.body).toMatchObject({ code: 1, result: { jobId: expect.any(String) } });
      const job = await ended(started.body.result.jobId);
      expect(job).toMatchObject({ status: 'succeeded', percent: 100, result: { name: 'Welcome' } });
      const page = await as().call(ENDPOINTS.media.bootPage, { name: 'Welcome', format: 'png' });
      built = page.body.result.records[0];
      expect(built).toMatchObject({
        id: (job.result as { id: string }).id,
        fps: 12,
        frameCount: 3,
        parts: [{ folder: 'part0', count: 0, pause: 0, frames: 3 }],
      });
      const zip = (await w.t.app.inject({ method: 'GET', url: built.url })).rawPayload;
      expect(zipEntries(zip)).toEqual([
        { name: 'desc.txt', method: 0, size: 21, compressed: 21 },
        { name: 'part0/', method: 0, size: 0, compressed: 0 },
        ...frames.map((f, i) => ({
          name: `part0/0000${i}.png`,
          method: 0,
          size: f.length,
          compressed: f.length,
        })),
      ]);
      // An independent reader agrees, CRCs included.
      const read = await JSZip.loadAsync(zip, { checkCRC32: true });
      expect(await read.file('desc.txt')?.async('string')).toBe('32 24 12\np 0 0 part0\n');
      const third = await read.file('part0/00002.png')?.async('uint8array');
      expect(Buffer.from(third as Uint8Array).equals(frames[2])).toBe(true);
      // The preview reads each frame as a byte range of the ZIP.
      const second = await frame(1, built.id);
      expect(second.headers['content-type']).toBe('image/png');
      expect(second.rawPayload.equals(frames[1])).toBe(true);
      expect((await frame(3, built.id)).json().code).toBe(404);
      // The frames' own records went with the build; using them again is refused.
      const again = { ...welcome, name: 'Again', frameIds: ids };
      await refused(
        () => as().request(ENDPOINTS.media.bootBuild, { body: again }),
        400,
        /missing or already used/,
      );
    });

    it('refuse a frame over 500 KB, and a build under a bad name, in both languages', async () => {
      const huge = pngOf(420, 420, { noise: true });
      expect(huge.length).toBeGreaterThan(500 * 1024);
      const query = { format: 'png', width: 420, height: 420 };
      await refused(
        () => post(ENDPOINTS.media.bootUploadFrame, query, 'huge.png', huge),
        413,
        /at most 500 KB/,
      );
      const id = (await frameOf(pngOf(32, 24), 'one.png')).json().result.id;
      const bad = await build({ ...welcome, name: '开机', frameIds: [id] });
      expect(bad.body).toMatchObject({ code: 400 });
      expect(JSON.stringify(bad.body)).toMatch(/no Chinese or special characters/);
      // Another enterprise cannot build from this enterprise's frame.
      const theirs = await build({ ...welcome, name: 'Theirs', frameIds: [id] }, w.other.token);
      expect(theirs.body.messageEn).toMatch(/missing or already used/);
    });

    it('end a build at once, with its reason in both languages, when the name was taken meanwhile', async () => {
      const id = (await frameOf(pngOf(32, 24), 'race.png')).json().result.id;
      const race = { ...welcome, name: 'Race', frameIds: [id] };
      const jobId = (await build(race)).body.result.jobId;
      // The same name again while the first is queued answers the same job.
      expect((await build(race)).body.result.jobId).toBe(jobId);
      const zip = storedZip([
        ['desc.txt', Buffer.from('32 24 5\np 0 0 part0\n')],
        ['part0/a.png', pngOf(32, 24)],
      ]);
      const before = await counts();
      const taken = await post(ENDPOINTS.media.bootUploadZip, { name: 'Race' }, 'bootanimation.zip', zip);
      expect(taken.json()).toMatchObject({ code: 1 });
      const job = await ended(jobId);
      expect(job).toMatchObject({ status: 'failed', messageEn: expect.stringMatching(/already exists/) });
      expect(job.message).toMatch(/[\u4e00-\u9fff]/);
      // Nothing but the uploaded ZIP was kept: the frame is still there to build under another name.
      const after = await counts();
      expect(after.boots).toBe(before.boots + 1);
      expect(after.blobs).toBe(before.blobs + 1);
    });

    it('accept a ready-made bootanimation.zip and preview its frames in play order', async () => {
      const [f1, f2, f3] = [5, 6, 7].map((seed) => pngOf(20, 16, { seed }));
      const zip = storedZip([
        ['desc.txt', Buffer.from('20 16 8\np 1 0 intro\np 0 5 loop\n')],
        ['loop/b.png', f3],
        ['intro/a.png', f1],
        ['loop/a.png', f2],
      ]);
      const res = await post(ENDPOINTS.media.bootUploadZip, { name: 'Ready' }, 'bootanimation.zip', zip);
      expect(res.json()).toMatchObject({
        code: 1,
        result: { name: 'Ready', width: 20, height: 16, frameCount: 3 },
      });
      const id = res.json().result.id;
      for (const [i, f] of [f1, f2, f3].entries())
        expect((await frame(i, id)).rawPayload.equals(f)).toBe(true);
      const page = await as().call(ENDPOINTS.media.bootPage, { name: 'read', format: 'png' });
      expect(page.body.result.records.map((r) => r.name)).toEqual(['Ready']);
    });

    it('refuse an unsafe archive and one that is no ZIP in both languages, storing nothing', async () => {
      const f = pngOf(20, 16);
      const unsafe = storedZip([
        ['desc.txt', Buffer.from('20 16 8\np 0 0 part0\n')],
        ['part0/0.png', f],
        ['../evil.png', f],
      ]);
      const up =
        (zip: Buffer, name = 'Bad') =>
        () =>
          post(ENDPOINTS.media.bootUploadZip, { name }, 'bootanimation.zip', zip);
      await refused(up(unsafe), 400, /unsafe path/);
      await refused(up(f, 'Png'), 400, /judged by its content/);
    });

    it('store nothing from a frame or a ZIP cut off half-way', async () => {
      const f = pngOf(64, 64, { noise: true });
      const frameUrl = urlOf(ENDPOINTS.media.bootUploadFrame, { format: 'png', width: 64, height: 64 });
      await refused(cut(frameUrl, 'half.png', f), 400, /cut short/);
      const zip = storedZip([
        ['desc.txt', Buffer.from('64 64 8\np 0 0 part0\n')],
        ['part0/0.png', f],
      ]);
      const zipUrl = urlOf(ENDPOINTS.media.bootUploadZip, { name: 'Half' });
      await refused(cut(zipUrl, 'bootanimation.zip', zip), 400, /cut short/);
    });

    it('delete a boot animation and its ZIP record', async () => {
      const before = await counts();
      const res = await as().request(ENDPOINTS.media.bootDelete, { query: { id: built.id } });
      expect(res.json().code).toBe(1);
      const after = await counts();
      expect(after.boots).toBe(before.boots - 1);
      expect(after.blobs).toBe(before.blobs - 1);
      expect((await frame(0, built.id)).json().code).toBe(404);
    });
  });
});
