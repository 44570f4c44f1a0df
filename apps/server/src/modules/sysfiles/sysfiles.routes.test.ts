import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD } from '../../test-support/accounts';
import { type FileWorld, openFileWorld } from '../../test-support/file-world';
import { agentGet, callAs, deviceAuth, enrolledTerminal } from '../../test-support/fleet-fixtures';
import { blobs } from '../blobs/blobs.table';
import { sysFiles } from './sysfiles.table';
import { makeZip, sysFileForm } from './testing';

const OTA = makeZip([
  { name: 'payload.bin', data: Buffer.from(Array.from({ length: 60_000 }, (_, i) => (i * 13) % 251)) },
  { name: 'META-INF/com/android/metadata', data: Buffer.from('ota-type=AB\n') },
]);
const APK = makeZip([{ name: 'AndroidManifest.xml', data: Buffer.alloc(3000, 5) }]);
const PNG = Buffer.concat([
  Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 16, 0, 0,
    0, 16,
  ]),
  Buffer.alloc(5000, 9),
]);
/** The server's default quota (`STORAGE_QUOTA_MB`, 10 GiB). */
const DEFAULT_QUOTA = 10 * 1024 ** 3;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const FIELDS = {
  version: '1.0.0',
  type: '1',
  description: 'Android 14 OTA',
  models: 'P2, A920',
  osVersions: '14',
};

describe('system files', () => {
  let w: FileWorld;
  let ota: { id: string; sha256: string; size: number };
  let secret: string;
  let platform: { id: string; sha256: string };
  const tmpFiles = () => w.tmpFiles();
  const counts = async () => ({
    files: (await w.t.database.db.select().from(sysFiles)).length,
    blobs: (await w.t.database.db.select().from(blobs)).length,
  });
  const upload = (token: string, fields: Record<string, string>, name: string, bytes: Buffer) => {
    const form = sysFileForm(fields, name, bytes);
    return w.t.app.inject({
      method: 'POST',
      url: '/file/v1/file/sysFile/upload',
      headers: { satoken: token, ...form.headers },
      payload: form.payload,
    });
  };
  const get = (token: string, url: string, headers: Record<string, string> = {}) =>
    w.t.app.inject({ method: 'GET', url, headers: { satoken: token, ...headers } });

  beforeAll(async () => {
    w = await openFileWorld('sysfiles', { ent: 'sf_ent_a', other: 'sf_ent_b', sales: 'sf_sales' });
    const res = await upload(w.ent.token, FIELDS, 'ota-p2.zip', OTA);
    expect(res.json()).toMatchObject({ code: 1 });
    ota = res.json().result;
  });
  afterAll(() => w.t.close());

  it('stores an OTA ZIP with its fields, named after the file when no name is given', async () => {
    expect(ota).toMatchObject({
      name: 'ota-p2',
      version: '1.0.0',
      type: '1',
      description: 'Android 14 OTA',
      models: ['P2', 'A920'],
      osVersions: ['14'],
      size: OTA.length,
      sha256: sha(OTA),
      fileName: 'ota-p2.zip',
      mediaType: 'application/zip',
    });
    const apk = await upload(
      w.ent.token,
      { ...FIELDS, type: '2', name: 'Launcher', models: '' },
      'launcher.apk',
      APK,
    );
    expect(apk.json().result).toMatchObject({
      name: 'Launcher',
      type: '2',
      models: [],
      mediaType: expect.stringMatching(/android/),
    });
    expect(await tmpFiles()).toEqual([]);
  });

  it('lists with filters inside the data scope, and shows the detail', async () => {
    const page = async (token: string, q: string) =>
      (await get(token, `/file/v1/file/sysFile/getPage?current=1&size=10${q}`)).json().result;
    expect((await page(w.ent.token, '')).total).toBe(2);
    expect((await page(w.ent.token, '&type=1')).records.map((r: { name: string }) => r.name)).toEqual([
      'ota-p2',
    ]);
    expect((await page(w.ent.token, '&name=LAUNCH')).records).toHaveLength(1);
    expect((await page(w.ent.token, '&model=A920')).records).toHaveLength(1);
    expect((await page(w.ent.token, '&version=9.9')).total).toBe(0);
    expect((await page(w.admin.token, '')).total).toBe(2);
    expect((await page(w.other.token, '')).total).toBe(0);
    const detail = await get(w.ent.token, `/file/v1/file/sysFile/detail?id=${ota.id}`);
    expect(detail.json().result.sha256).toBe(ota.sha256);
    expect((await get(w.other.token, `/file/v1/file/sysFile/detail?id=${ota.id}`)).json().code).toBe(404);
    expect((await get(w.sales.token, '/file/v1/file/sysFile/getPage')).statusCode).toBe(403);
  });

  it('downloads the whole file or a range', async () => {
    const all = await get(w.ent.token, `/file/v1/file/sysFile/download?id=${ota.id}`);
    expect(all.statusCode).toBe(200);
    expect(all.headers.etag).toBe(`"${ota.sha256}"`);
    expect(all.rawPayload.equals(OTA)).toBe(true);
    const part = await get(w.ent.token, `/file/v1/file/sysFile/download?id=${ota.id}`, {
      range: 'bytes=1000-',
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(OTA.subarray(1000))).toBe(true);
    expect((await get(w.other.token, `/file/v1/file/sysFile/download?id=${ota.id}`)).statusCode).toBe(404);
  });

  it('refuses bad files in both languages, storing nothing', async () => {
    const before = await counts();
    const cases: [Record<string, string>, string, Buffer, RegExp, number][] = [
      // A ZIP named .jpg: the name says another type.
      [{ ...FIELDS, version: '2' }, 'photo.jpg', OTA, /system update must be a ZIP/, 400],
      [{ ...FIELDS, version: '2', type: '2' }, 'photo.jpg', OTA, /Only APK or ZIP/, 400],
      // A PNG named .zip: the content decides.
      [{ ...FIELDS, version: '2' }, 'fake.zip', PNG, /system update must be a ZIP/, 400],
      [{ ...FIELDS, version: '2', type: '2' }, 'fake.apk', PNG, /Only APK or ZIP/, 400],
      // An APK is no system update.
      [{ ...FIELDS, version: '2' }, 'app.apk', APK, /system update must be a ZIP/, 400],
      [{ ...FIELDS, version: '2' }, '升级包.zip', OTA, /Chinese or special characters/, 400],
      [{ ...FIELDS, version: '2' }, 'a/b.zip', OTA, /Chinese or special characters/, 400],
      [{ ...FIELDS, version: '2' }, 'ota#1.zip', OTA, /Chinese or special characters/, 400],
      [{ ...FIELDS, version: '2', name: '系统包' }, 'ota.zip', OTA, /The request is invalid/, 400],
      [{ ...FIELDS, version: '' }, 'ota.zip', OTA, /The request is invalid/, 400],
      [{ ...FIELDS, version: '2' }, 'broken.zip', OTA.subarray(0, OTA.length - 40), /damaged/, 400],
      [
        { ...FIELDS, version: '2' },
        'bomb.zip',
        makeZip([{ name: 'zero.img', data: Buffer.alloc(2048), declared: 4_000_000_000 }]),
        /expands beyond the limit/,
        400,
      ],
      [FIELDS, 'ota-p2.zip', OTA, /name and version already exists/, 409],
      [{ ...FIELDS, name: 'ota-p2' }, 'other.zip', OTA, /name and version already exists/, 409],
    ];
    for (const [fields, name, bytes, message, status] of cases) {
      const res = await upload(w.ent.token, fields, name, bytes);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      const body = res.json();
      expect(body.messageEn).toMatch(message);
      expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    const dup = await upload(w.ent.token, FIELDS, 'ota-p2.zip', OTA);
    expect(dup.json()).toMatchObject({
      message: '已存在同名同版本的系统文件',
      result: { name: 'ota-p2', version: '1.0.0' },
    });
    expect(await counts()).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
  });

  it('refuses an upload cut off half-way, storing nothing', async () => {
    const before = await counts();
    const form = sysFileForm({ ...FIELDS, version: '3' }, 'cut.zip', OTA);
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/file/v1/file/sysFile/upload',
      headers: { satoken: w.ent.token, ...form.headers },
      payload: Buffer.concat([form.head, OTA.subarray(0, OTA.length / 2)]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().messageEn).toMatch(/cut short/);
    expect(await counts()).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
  });

  it('shows used space and refuses uploads past a quota, storing nothing', async () => {
    const usage = async () => (await get(w.ent.token, '/file/v1/file/sysFile/usage')).json().result;
    // A new enterprise has the server's default quota until one is set for it.
    expect(await usage()).toEqual({
      ownerId: w.ent.id,
      usedBytes: OTA.length + APK.length,
      quotaBytes: DEFAULT_QUOTA,
      quotaDefault: true,
      manageQuotas: false,
    });
    expect((await get(w.admin.token, '/file/v1/file/sysFile/usage')).json().result.manageQuotas).toBe(true);
    const setQuota = (token: string, quotaBytes: number | null) =>
      callAs(w.t, token)('POST', '/file/v1/file/sysFile/setQuota', { ownerId: w.ent.id, quotaBytes });
    expect((await setQuota(w.ent.token, 1)).status).toBe(403);
    const quota = OTA.length + APK.length + 1000;
    expect((await setQuota(w.admin.token, quota)).body.result).toMatchObject({
      quotaBytes: quota,
      quotaDefault: false,
    });
    // The platform's list: every account by use, largest first, filtered by name; nobody else sees it.
    const list = (token: string, q = '') =>
      callAs(w.t, token)('GET', `/file/v1/file/sysFile/quota/getPage?current=1&size=100${q}`);
    expect((await list(w.ent.token)).status).toBe(403);
    type Accounts = { total: number; records: { ownerId: string; username: string; usedBytes: number }[] };
    const all: Accounts = (await list(w.admin.token)).body.result;
    const used = all.records.map((r) => r.usedBytes);
    expect(used).toEqual([...used].sort((a, b) => b - a));
    expect(all.records).toContainEqual(
      expect.objectContaining({ ownerId: w.ent.id, usedBytes: OTA.length + APK.length, quotaBytes: quota }),
    );
    const found: Accounts = (await list(w.admin.token, `&username=${'sf_ent_a'}`)).body.result;
    expect(found.total).toBe(1);
    expect(found.records[0]).toMatchObject({ ownerId: w.ent.id, username: 'sf_ent_a' });
    const before = await counts();
    const over = await upload(w.ent.token, { ...FIELDS, version: '4' }, 'ota4.zip', OTA);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      message: expect.stringMatching(/^存储空间已超出企业配额，文件未保存/),
      messageEn: expect.stringMatching(/storage quota/),
      result: { availableBytes: 1000 },
    });
    expect(await counts()).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
    const small = makeZip([{ name: 'a.txt', data: Buffer.alloc(100) }]);
    expect(
      (await upload(w.ent.token, { ...FIELDS, type: '2', version: '4' }, 'small.zip', small)).json().code,
    ).toBe(1);
    expect((await setQuota(w.admin.token, null)).body.result).toMatchObject({
      quotaBytes: DEFAULT_QUOTA,
      quotaDefault: true,
    });
    expect((await upload(w.ent.token, { ...FIELDS, version: '4' }, 'ota4.zip', OTA)).json().code).toBe(1);
  });

  it('lets a terminal download its enterprise’s or the platform’s file by sha256 with resume', async () => {
    secret = (await enrolledTerminal(w.t, w.ent, { sn: 'SYSF0001', mac: '00:00:00:00:0c:01' })).secret;
    const fetch = (sha256: string, headers: Record<string, string> = {}) =>
      agentGet(w.t, 'SYSF0001', secret, `sysFile/download?sha256=${sha256}`, headers);
    const first = await fetch(ota.sha256, { range: 'bytes=0-9999' });
    expect(first.statusCode).toBe(206);
    const rest = await fetch(ota.sha256, { range: 'bytes=10000-', 'if-range': `"${ota.sha256}"` });
    expect(rest.statusCode).toBe(206);
    expect(sha(Buffer.concat([first.rawPayload, rest.rawPayload]))).toBe(ota.sha256);

    const platformZip = makeZip([{ name: 'p.bin', data: Buffer.alloc(4000, 1) }]);
    platform = (await upload(w.admin.token, { ...FIELDS, version: '9' }, 'platform.zip', platformZip)).json()
      .result;
    expect((await fetch(platform.sha256)).rawPayload.equals(platformZip)).toBe(true);
    const otherZip = makeZip([{ name: 'b.bin', data: Buffer.alloc(4000, 2) }]);
    const other = (await upload(w.other.token, FIELDS, 'b.zip', otherZip)).json().result;
    expect((await fetch(other.sha256)).statusCode).toBe(404);
    expect((await fetch('0'.repeat(64))).statusCode).toBe(404);
    const wrong = await w.t.app.inject({
      method: 'GET',
      url: `/device/v1/agent/sysFile/download?sha256=${ota.sha256}`,
      headers: deviceAuth('SYSF0001', ACCOUNT_PASSWORD),
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('deletes a file within the scope and only with the button', async () => {
    const del = (token: string, id: string) => get(token, `/file/v1/file/sysFile/delete?id=${id}`);
    expect((await del(w.other.token, ota.id)).json().code).toBe(404);
    expect((await del(w.sales.token, ota.id)).statusCode).toBe(403);
    expect((await del(w.ent.token, ota.id)).json().code).toBe(1);
    const device = () =>
      w.t.app.inject({
        method: 'GET',
        url: `/device/v1/agent/sysFile/download?sha256=${platform.sha256}`,
        headers: deviceAuth('SYSF0001', secret),
      });
    expect((await device()).statusCode).toBe(200);
    expect((await del(w.admin.token, platform.id)).json().code).toBe(1);
    // The terminal's remembered entitlement goes with the file.
    expect((await device()).statusCode).toBe(404);
    expect((await get(w.ent.token, `/file/v1/file/sysFile/detail?id=${ota.id}`)).json().code).toBe(404);
  });
});
