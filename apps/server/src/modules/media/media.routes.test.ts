import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENDPOINTS } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import { urlOf } from '../../test-support/api-client';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { blobs } from '../blobs/blobs.table';
import { multipartForm } from '../blobs/testing';
import { mediaBootAnimations, mediaWallpapers } from './media.table';
import { centralRecords, jpegOf, mp4Of, pngOf, storedZip, zipEntries } from './media-fixtures';

describe('wallpapers, videos and boot animations', () => {
  let t: TestApp;
  let dataDir: string;
  let ent: { id: string; token: string };
  let other: { id: string; token: string };
  let sales: { id: string; token: string };

  const counts = async () => ({
    blobs: (await t.database.db.select().from(blobs)).length,
    wallpapers: (await t.database.db.select().from(mediaWallpapers)).length,
    boots: (await t.database.db.select().from(mediaBootAnimations)).length,
    tmp: (await readdir(path.join(dataDir, 'blobs', 'tmp')).catch(() => [] as string[])).length,
  });
  const post = (token: string, url: string, name: string, bytes: Buffer) => {
    const form = multipartForm(name, bytes);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { satoken: token, ...form.headers },
      payload: form.payload,
    });
  };
  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { satoken: token } });
  const json = (token: string, url: string, body: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { satoken: token }, payload: body as object });
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
  /** Starts a build and runs jobs until it has ended. */
  const buildJob = async (token: string, body: object) => {
    const res = await json(token, urlOf(ENDPOINTS.media.bootBuild), body);
    expect(res.json()).toMatchObject({ code: 1, result: { jobId: expect.any(String) } });
    const jobId = res.json().result.jobId as string;
    for (;;) {
      await t.jobs.runDue();
      const job = (await get(token, urlOf(ENDPOINTS.jobs.getById, { id: jobId }))).json().result;
      if (job.status === 'succeeded' || job.status === 'failed') return { jobId, job };
    }
  };
  const bootNamed = async (token: string, name: string) =>
    (await get(token, urlOf(ENDPOINTS.media.bootPage, { current: '1', size: '50', name })))
      .json()
      .result.records.find((r: { name: string }) => r.name === name);
  const frameUrl = (w: number, h: number, format = 'png') =>
    urlOf(ENDPOINTS.media.bootUploadFrame, { format, width: w, height: h });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-media-'));
    // Jobs run only when a test calls `runDue`, so a test can act between a build's start and its run.
    t = await createTestApp({ env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0' }, jobs: { run: false } });
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    ent = await createAccount(t, { username: 'media_ent', superiorId: admin.userId });
    other = await createAccount(t, { username: 'media_other' });
    sales = await createAccount(t, { username: 'media_sales', roleCode: 'sales', superiorId: ent.id });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('wallpapers and videos', () => {
    it('store a PNG, a JPEG and an MP4 with the resolution read from their headers', async () => {
      const png = await post(
        ent.token,
        urlOf(ENDPOINTS.media.wallpaperUpload, { description: 'Lobby' }),
        'lobby.png',
        pngOf(64, 40),
      );
      expect(png.json()).toMatchObject({
        code: 1,
        result: {
          name: 'lobby.png',
          kind: 'image',
          mediaType: 'image/png',
          width: 64,
          height: 40,
          description: 'Lobby',
        },
      });
      const jpg = await post(
        ent.token,
        urlOf(ENDPOINTS.media.wallpaperUpload),
        'shop.jpg',
        jpegOf(1920, 1080),
      );
      expect(jpg.json().result).toMatchObject({
        kind: 'image',
        mediaType: 'image/jpeg',
        width: 1920,
        height: 1080,
      });
      // The movie box after 3 MB of media data: the probe walks past mdat without keeping it.
      const video = mp4Of(1280, 720, { durationMs: 12_500, mdatBytes: 3_000_000 });
      const mp4 = await post(ent.token, urlOf(ENDPOINTS.media.wallpaperUpload), 'promo.mp4', video);
      expect(mp4.json().result).toMatchObject({
        kind: 'video',
        mediaType: 'video/mp4',
        width: 1280,
        height: 720,
        durationMs: 12_500,
        size: video.length,
      });
      const front = await post(
        ent.token,
        urlOf(ENDPOINTS.media.wallpaperUpload),
        'front.mp4',
        mp4Of(720, 1280, { moovLast: false }),
      );
      expect(front.json().result).toMatchObject({ width: 720, height: 1280 });

      const page = await get(ent.token, urlOf(ENDPOINTS.media.wallpaperPage, { current: '1', size: '10' }));
      expect(page.json().result.total).toBe(4);
      const videos = await get(
        ent.token,
        urlOf(ENDPOINTS.media.wallpaperPage, { kind: 'video', name: 'pro' }),
      );
      expect(videos.json().result.records.map((r: { name: string }) => r.name)).toEqual(['promo.mp4']);
      // The row's link serves the bytes without a session (thumbnails and previews).
      const { url } = png.json().result;
      const bytes = await t.app.inject({ method: 'GET', url });
      expect(bytes.rawPayload.equals(pngOf(64, 40))).toBe(true);
      expect((await get(other.token, urlOf(ENDPOINTS.media.wallpaperPage))).json().result.total).toBe(0);
      expect((await get(sales.token, urlOf(ENDPOINTS.media.wallpaperPage))).json().code).toBe(403);
    });

    it('refuse a ZIP named .jpg, an unreadable image, bad names and a taken name, storing nothing', async () => {
      const zip = storedZip([['a.txt', Buffer.from('hello world, not an image')]]);
      await refused(
        () => post(ent.token, urlOf(ENDPOINTS.media.wallpaperUpload), 'photo.jpg', zip),
        400,
        /judged by its content/,
      );
      const broken = Buffer.concat([pngOf(8, 8).subarray(0, 8), Buffer.alloc(40, 1)]);
      await refused(
        () => post(ent.token, urlOf(ENDPOINTS.media.wallpaperUpload), 'broken.png', broken),
        400,
        /resolution could not be read/,
      );
      for (const name of ['壁纸.png', 'a/b.png', 'my#photo.png', '$x.png'])
        await refused(
          () => post(ent.token, urlOf(ENDPOINTS.media.wallpaperUpload), name, pngOf(8, 8)),
          400,
          /no Chinese or special/,
        );
      await post(ent.token, urlOf(ENDPOINTS.media.wallpaperUpload), 'twice.png', pngOf(8, 8));
      await refused(
        () => post(ent.token, urlOf(ENDPOINTS.media.wallpaperUpload), 'twice.png', pngOf(9, 9)),
        409,
        /already exists/,
      );
      // Another enterprise may use the same name.
      expect(
        (await post(other.token, urlOf(ENDPOINTS.media.wallpaperUpload), 'twice.png', pngOf(8, 8))).json()
          .code,
      ).toBe(1);
    });

    it('store nothing from an upload cut off half-way', async () => {
      const video = mp4Of(640, 480, { mdatBytes: 200_000 });
      const form = multipartForm('cut.mp4', video);
      await refused(
        () =>
          t.app.inject({
            method: 'POST',
            url: urlOf(ENDPOINTS.media.wallpaperUpload),
            headers: { satoken: ent.token, ...form.headers },
            payload: Buffer.concat([form.head, video.subarray(0, 100_000)]),
          }),
        400,
        /cut short/,
      );
    });

    it('delete a wallpaper; another enterprise cannot', async () => {
      const row = (
        await post(ent.token, urlOf(ENDPOINTS.media.wallpaperUpload), 'gone.png', pngOf(10, 10))
      ).json().result;
      await refused(
        () =>
          t.app.inject({
            method: 'POST',
            url: urlOf(ENDPOINTS.media.wallpaperDelete, { id: row.id }),
            headers: { satoken: other.token },
          }),
        404,
        /No such wallpaper/,
      );
      const res = await t.app.inject({
        method: 'POST',
        url: urlOf(ENDPOINTS.media.wallpaperDelete, { id: row.id }),
        headers: { satoken: ent.token },
      });
      expect(res.json().code).toBe(1);
      const names = (await get(ent.token, urlOf(ENDPOINTS.media.wallpaperPage, { size: '50' })))
        .json()
        .result.records.map((r: { name: string }) => r.name);
      expect(names).not.toContain('gone.png');
    });
  });

  describe('boot animations', () => {
    const frames = [pngOf(32, 24, { seed: 1 }), pngOf(32, 24, { seed: 2 }), pngOf(32, 24, { seed: 3 })];
    let built: { id: string; url: string; blobId: string };

    it('build bootanimation.zip from frames: desc.txt, part0 frames in order, every entry stored', async () => {
      const ids: string[] = [];
      for (const [i, f] of frames.entries()) {
        const res = await post(ent.token, frameUrl(32, 24), `frame${i}.png`, f);
        expect(res.json()).toMatchObject({ code: 1, result: { width: 32, height: 24, size: f.length } });
        ids.push(res.json().result.id);
      }
      const { job } = await buildJob(ent.token, {
        name: 'Welcome',
        format: 'png',
        width: 32,
        height: 24,
        fps: 12,
        description: 'Shop opening',
        frameIds: ids,
      });
      expect(job).toMatchObject({ status: 'succeeded', percent: 100, result: { name: 'Welcome' } });
      built = await bootNamed(ent.token, 'Welcome');
      expect(built).toMatchObject({
        id: job.result.id,
        name: 'Welcome',
        fps: 12,
        frameCount: 3,
        parts: [{ folder: 'part0', count: 0, pause: 0, frames: 3 }],
      });
      const zip = (await t.app.inject({ method: 'GET', url: built.url })).rawPayload;
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
      expect(
        Buffer.from((await read.file('part0/00002.png')?.async('uint8array')) as Uint8Array).equals(
          frames[2],
        ),
      ).toBe(true);
      // The preview reads each frame as a byte range of the ZIP.
      const second = await get(ent.token, urlOf(ENDPOINTS.media.bootFrame, { id: built.id, index: '1' }));
      expect(second.headers['content-type']).toBe('image/png');
      expect(second.rawPayload.equals(frames[1])).toBe(true);
      expect(
        (await get(ent.token, urlOf(ENDPOINTS.media.bootFrame, { id: built.id, index: '3' }))).json().code,
      ).toBe(404);
      // The frames' own records went with the build; using them again is refused.
      await refused(
        () =>
          json(ent.token, urlOf(ENDPOINTS.media.bootBuild), {
            name: 'Again',
            format: 'png',
            width: 32,
            height: 24,
            fps: 5,
            frameIds: ids,
          }),
        400,
        /missing or already used/,
      );
    });

    it('refuse frames that are too large, of the wrong size or format, or not images, storing nothing', async () => {
      const huge = pngOf(420, 420, { noise: true });
      expect(huge.length).toBeGreaterThan(500 * 1024);
      await refused(() => post(ent.token, frameUrl(420, 420), 'huge.png', huge), 413, /at most 500 KB/);
      await refused(
        () => post(ent.token, frameUrl(32, 24), 'small.png', pngOf(32, 25)),
        400,
        /exactly the screen size/,
      );
      await refused(
        () => post(ent.token, frameUrl(32, 24), 'f.jpg', jpegOf(32, 24)),
        400,
        /image's format differs/,
      );
      await refused(
        () => post(ent.token, frameUrl(32, 24), 'f.png', storedZip([['x', Buffer.alloc(30)]])),
        400,
        /judged by its content/,
      );
      await refused(
        () => post(ent.token, frameUrl(32, 24), '帧.png', pngOf(32, 24)),
        400,
        /no Chinese or special/,
      );
    });

    it('refuse a build with an unknown frame, a frame of another size, or a taken name', async () => {
      const id = (await post(ent.token, frameUrl(32, 24), 'one.png', pngOf(32, 24))).json().result.id;
      const body = { name: 'Welcome', format: 'png', width: 32, height: 24, fps: 10, frameIds: [id] };
      await refused(() => json(ent.token, urlOf(ENDPOINTS.media.bootBuild), body), 409, /already exists/);
      await refused(
        () => json(ent.token, urlOf(ENDPOINTS.media.bootBuild), { ...body, name: 'Other', width: 48 }),
        400,
        /exactly the screen size/,
      );
      await refused(
        () => json(ent.token, urlOf(ENDPOINTS.media.bootBuild), { ...body, name: 'Other', format: 'jpeg' }),
        400,
        /format differs/,
      );
      await refused(
        () => json(other.token, urlOf(ENDPOINTS.media.bootBuild), { ...body, name: 'Other' }),
        400,
        /missing or already used/,
      );
      const bad = await json(ent.token, urlOf(ENDPOINTS.media.bootBuild), { ...body, name: '开机' });
      expect(bad.json()).toMatchObject({ code: 400 });
      expect(JSON.stringify(bad.json())).toMatch(/no Chinese or special characters/);
    });

    it('end a build at once, with its reason in both languages, when the name was taken meanwhile', async () => {
      const id = (await post(ent.token, frameUrl(32, 24), 'race.png', pngOf(32, 24))).json().result.id;
      const started = await json(ent.token, urlOf(ENDPOINTS.media.bootBuild), {
        name: 'Race',
        format: 'png',
        width: 32,
        height: 24,
        fps: 10,
        frameIds: [id],
      });
      const jobId = started.json().result.jobId;
      // The same name again while the first is queued answers the same job.
      const again = await json(ent.token, urlOf(ENDPOINTS.media.bootBuild), {
        name: 'Race',
        format: 'png',
        width: 32,
        height: 24,
        fps: 10,
        frameIds: [id],
      });
      expect(again.json().result.jobId).toBe(jobId);
      const zip = storedZip([
        ['desc.txt', Buffer.from('32 24 5\np 0 0 part0\n')],
        ['part0/a.png', pngOf(32, 24)],
      ]);
      const before = await counts();
      const taken = await post(
        ent.token,
        urlOf(ENDPOINTS.media.bootUploadZip, { name: 'Race' }),
        'bootanimation.zip',
        zip,
      );
      expect(taken.json()).toMatchObject({ code: 1 });
      let ended: { status: string; attempts?: number; message: string; messageEn: string } | undefined;
      for (;;) {
        await t.jobs.runDue();
        ended = (await get(ent.token, urlOf(ENDPOINTS.jobs.getById, { id: jobId }))).json().result;
        if (ended?.status === 'failed' || ended?.status === 'succeeded') break;
      }
      expect(ended).toMatchObject({ status: 'failed', messageEn: expect.stringMatching(/already exists/) });
      expect(ended?.message).toMatch(/[\u4e00-\u9fff]/);
      // Nothing but the uploaded ZIP was kept: the frame is still there to build under another name.
      const after = await counts();
      expect(after.boots).toBe(before.boots + 1);
      expect(after.blobs).toBe(before.blobs + 1);
    });

    it('remove frames uploaded for a build that never happened, a day later', async () => {
      const id = (await post(ent.token, frameUrl(32, 24), 'stale.png', pngOf(32, 24))).json().result.id;
      const frameRows = async () =>
        (await t.database.db.select().from(blobs)).filter((b) => b.kind === 'bootFrame').map((b) => b.id);
      expect(await frameRows()).toContain(id);
      const job = await t.jobs.enqueueJob({ kind: 'media.sweepFrames' });
      await t.jobs.runDue();
      expect(await frameRows()).toContain(id);
      // A day and an hour old (the app's clock stays put: sessions must not expire).
      await t.database.db
        .update(blobs)
        .set({ createdAt: new Date(t.clock.now().getTime() - 25 * 3_600_000) })
        .where(eq(blobs.id, id));
      const later = await t.jobs.enqueueJob({ kind: 'media.sweepFrames' });
      await t.jobs.runDue();
      expect(await frameRows()).not.toContain(id);
      expect(job.id).not.toBe(later.id);
    });

    it('accept a ready-made bootanimation.zip and preview its frames in play order', async () => {
      const f1 = pngOf(20, 16, { seed: 5 });
      const f2 = pngOf(20, 16, { seed: 6 });
      const f3 = pngOf(20, 16, { seed: 7 });
      const zip = storedZip([
        ['desc.txt', Buffer.from('20 16 8\np 1 0 intro\np 0 5 loop\n')],
        ['loop/b.png', f3],
        ['intro/a.png', f1],
        ['loop/a.png', f2],
        ['loop/audio.wav', Buffer.from('RIFF')],
      ]);
      const res = await post(
        ent.token,
        urlOf(ENDPOINTS.media.bootUploadZip, { name: 'Ready' }),
        'bootanimation.zip',
        zip,
      );
      expect(res.json()).toMatchObject({
        code: 1,
        result: {
          name: 'Ready',
          format: 'png',
          width: 20,
          height: 16,
          fps: 8,
          frameCount: 3,
          parts: [
            { folder: 'intro', count: 1, pause: 0, frames: 1 },
            { folder: 'loop', count: 0, pause: 5, frames: 2 },
          ],
        },
      });
      const id = res.json().result.id;
      for (const [i, f] of [f1, f2, f3].entries())
        expect(
          (await get(ent.token, urlOf(ENDPOINTS.media.bootFrame, { id, index: i }))).rawPayload.equals(f),
        ).toBe(true);
      const page = await get(ent.token, urlOf(ENDPOINTS.media.bootPage, { name: 'read', format: 'png' }));
      expect(page.json().result.records.map((r: { name: string }) => r.name)).toEqual(['Ready']);
    });

    it('refuse zip slip, zip bombs, compressed entries, bad desc.txt, missing parts and bad frames', async () => {
      const f = pngOf(20, 16);
      const good: [string, Buffer][] = [
        ['desc.txt', Buffer.from('20 16 8\np 0 0 part0\n')],
        ['part0/0.png', f],
      ];
      const up =
        (zip: Buffer, name = 'Bad') =>
        () =>
          post(ent.token, urlOf(ENDPOINTS.media.bootUploadZip, { name }), 'bootanimation.zip', zip);
      await refused(up(storedZip([...good, ['../evil.png', f]])), 400, /unsafe path/);
      await refused(up(storedZip([...good, ['part0/../../x.png', f]])), 400, /unsafe path/);
      await refused(up(storedZip([...good, ['/etc/passwd', f]])), 400, /unsafe path/);
      // A bomb: an entry declaring 100 MB unpacked, and an archive of too many entries.
      const bomb = storedZip(good);
      bomb.writeUInt32LE(100 * 1024 * 1024, centralRecords(bomb)[1] + 24);
      await refused(up(bomb), 413, /too many entries or unpacks too large/);
      const many = storedZip([
        ...good,
        ...Array.from({ length: 1001 }, (_, i) => [`x/${i}`, Buffer.alloc(0)] as [string, Buffer]),
      ]);
      await refused(up(many), 413, /too many entries/);
      const deflated = new JSZip();
      deflated.file('desc.txt', '20 16 8\np 0 0 part0\n');
      deflated.file('part0/0.png', f);
      const compressed = await deflated.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      await refused(up(compressed), 400, /stored uncompressed/);
      await refused(up(storedZip([['part0/0.png', f]])), 400, /desc.txt is missing/);
      await refused(
        up(
          storedZip([
            ['desc.txt', Buffer.from('20 x 8\np 0 0 part0\n')],
            ['part0/0.png', f],
          ]),
        ),
        400,
        /malformed/,
      );
      await refused(
        up(
          storedZip([
            ['desc.txt', Buffer.from('20 16 8\n')],
            ['part0/0.png', f],
          ]),
        ),
        400,
        /malformed/,
      );
      await refused(
        up(
          storedZip([
            ['desc.txt', Buffer.from('20 16 8\np 0 0 part1\n')],
            ['part0/0.png', f],
          ]),
        ),
        400,
        /missing from the archive/,
      );
      await refused(up(storedZip([good[0], ['part0/0.png', pngOf(21, 16)]])), 400, /declared screen size/);
      await refused(
        up(storedZip([good[0], ['part0/0.png', Buffer.from('not an image at all')]])),
        400,
        /JPG or PNG/,
      );
      const corrupt = storedZip(good);
      corrupt[corrupt.indexOf(f.subarray(0, 8)) + 40] ^= 0xff;
      await refused(up(corrupt), 400, /not a valid ZIP/);
      await refused(
        () => post(ent.token, urlOf(ENDPOINTS.media.bootUploadZip, { name: 'Png' }), 'bootanimation.zip', f),
        400,
        /judged by its content/,
      );
      await refused(
        () =>
          post(
            ent.token,
            urlOf(ENDPOINTS.media.bootUploadZip, { name: 'Ready' }),
            'bootanimation.zip',
            storedZip(good),
          ),
        409,
        /already exists/,
      );
      await refused(
        () =>
          post(
            ent.token,
            urlOf(ENDPOINTS.media.bootUploadZip, { name: 'Ok' }),
            '开机动画.zip',
            storedZip(good),
          ),
        400,
        /no Chinese/,
      );
    });

    it('store nothing from a frame or a ZIP cut off half-way', async () => {
      const cut = (url: string, name: string, bytes: Buffer) => () => {
        const form = multipartForm(name, bytes);
        return t.app.inject({
          method: 'POST',
          url,
          headers: { satoken: ent.token, ...form.headers },
          payload: Buffer.concat([form.head, bytes.subarray(0, Math.floor(bytes.length / 2))]),
        });
      };
      const frame = pngOf(64, 64, { noise: true });
      await refused(cut(frameUrl(64, 64), 'half.png', frame), 400, /cut short/);
      const zip = storedZip([
        ['desc.txt', Buffer.from('64 64 8\np 0 0 part0\n')],
        ['part0/0.png', frame],
      ]);
      await refused(
        cut(urlOf(ENDPOINTS.media.bootUploadZip, { name: 'Half' }), 'bootanimation.zip', zip),
        400,
        /cut short/,
      );
    });

    it('delete a boot animation and its ZIP record', async () => {
      const before = await counts();
      const res = await t.app.inject({
        method: 'POST',
        url: urlOf(ENDPOINTS.media.bootDelete, { id: built.id }),
        headers: { satoken: ent.token },
      });
      expect(res.json().code).toBe(1);
      const after = await counts();
      expect(after.boots).toBe(before.boots - 1);
      expect(after.blobs).toBe(before.blobs - 1);
      expect(
        (await get(ent.token, urlOf(ENDPOINTS.media.bootFrame, { id: built.id, index: '0' }))).json().code,
      ).toBe(404);
    });
  });
});
