import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/accounts';
import { deviceAuth, enrolledTerminal } from '../../test-support/fleet-fixtures';
import { startS3TestStore } from '../../test-support/s3-test-store';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { multipartForm } from '../blobs/testing';
import { makeZip, sysFileForm } from '../sysfiles/testing';
import { pngOf, storedZip } from './media-fixtures';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const B = '/file/v1/file/bootAnimation';

/**
 * System files, wallpapers and boot animations with the blob store on an S3-compatible server
 * (s3rver): what is stored, what terminals download with resume, the ZIP a build writes and the
 * byte ranges the preview reads out of it all go through S3.
 */
describe('files and media on S3', () => {
  let s3: Awaited<ReturnType<typeof startS3TestStore>>;
  let t: TestApp;
  let dataDir: string;
  let ent: { id: string; token: string };

  const objects = async () =>
    (await s3.store.client.send(new ListObjectsV2Command({ Bucket: 'cpm-files' }))).KeyCount ?? 0;
  const post = (url: string, form: { headers: Record<string, string>; payload: Buffer }) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { satoken: ent.token, ...form.headers },
      payload: form.payload,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { satoken: ent.token, ...headers } });

  beforeAll(async () => {
    s3 = await startS3TestStore({ bucket: 'cpm-files', prefix: 'tenant' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-files-s3-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0', ...s3.env },
      jobs: { run: false },
    });
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    ent = await createAccount(t, { username: 's3_files_ent', superiorId: admin.userId });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores an OTA package in S3 and a terminal downloads it in two ranges that add up to its sha256', async () => {
    const ota = makeZip([{ name: 'payload.bin', data: Buffer.alloc(300_000, 7) }]);
    const before = await objects();
    const res = await post(
      '/file/v1/file/sysFile/upload',
      sysFileForm({ version: '1.0.0', type: '1', models: 'P2', osVersions: '14' }, 'ota-s3.zip', ota),
    );
    expect(res.json()).toMatchObject({ code: 1, result: { sha256: sha(ota), size: ota.length } });
    expect(await objects()).toBe(before + 1);

    const secret = (await enrolledTerminal(t, ent, { sn: 'S3FILE01', mac: '00:00:00:00:5d:01' })).secret;
    const fetch = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: `/device/v1/agent/sysFile/download?sha256=${sha(ota)}`,
        headers: { ...deviceAuth('S3FILE01', secret), ...headers },
      });
    const first = await fetch({ range: 'bytes=0-99999' });
    expect(first.statusCode).toBe(206);
    expect(first.headers.etag).toBe(`"${sha(ota)}"`);
    const rest = await fetch({ range: 'bytes=100000-', 'if-range': `"${sha(ota)}"` });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 100000-${ota.length - 1}/${ota.length}`);
    expect(sha(Buffer.concat([first.rawPayload, rest.rawPayload]))).toBe(sha(ota));
  });

  it('stores a wallpaper in S3 and serves the same bytes through its signed link', async () => {
    const png = pngOf(64, 40, { seed: 9 });
    const res = await post('/file/v1/file/wallpaper/upload', multipartForm('lobby-s3.png', png));
    expect(res.json()).toMatchObject({ code: 1, result: { width: 64, height: 40, sha256: sha(png) } });
    const file = await t.app.inject({ method: 'GET', url: res.json().result.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('builds bootanimation.zip from frames kept in S3, previews frames as ranges of it, and refuses a zip slip', async () => {
    const frames = [pngOf(24, 16, { seed: 1 }), pngOf(24, 16, { seed: 2 })];
    const ids: string[] = [];
    for (const [i, f] of frames.entries()) {
      const up = await post(`${B}/uploadFrame?format=png&width=24&height=16`, multipartForm(`f${i}.png`, f));
      expect(up.json().code).toBe(1);
      ids.push(up.json().result.id);
    }
    const started = await t.app.inject({
      method: 'POST',
      url: `${B}/build`,
      headers: { satoken: ent.token },
      payload: { name: 'S3Boot', format: 'png', width: 24, height: 16, fps: 6, frameIds: ids },
    });
    const jobId = started.json().result.jobId as string;
    await t.jobs.runDue();
    const job = (await get(`/upms/v1/upms/job/getById?id=${jobId}`)).json().result;
    expect(job).toMatchObject({ status: 'succeeded', result: { name: 'S3Boot' } });

    const row = (await get(`${B}/getPage?current=1&size=10&name=S3Boot`)).json().result.records[0];
    const zip = (await t.app.inject({ method: 'GET', url: row.url })).rawPayload;
    const read = await JSZip.loadAsync(zip, { checkCRC32: true });
    expect(await read.file('desc.txt')?.async('string')).toBe('24 16 6\np 0 0 part0\n');
    const preview = await get(`${B}/frame?id=${row.id}&index=1`);
    expect(preview.rawPayload.equals(frames[1])).toBe(true);

    const slip = storedZip([
      ['desc.txt', Buffer.from('24 16 6\np 0 0 part0\n')],
      ['part0/../../evil.png', frames[0]],
    ]);
    const stored = await objects();
    const refused = await post(`${B}/uploadZip?name=Slip`, multipartForm('bootanimation.zip', slip));
    expect(refused.json()).toMatchObject({ code: 400 });
    expect(refused.json().message).toMatch(/[\u4e00-\u9fff]/);
    expect(await objects()).toBe(stored);
  });
});
