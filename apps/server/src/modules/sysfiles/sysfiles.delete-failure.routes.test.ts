import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseWrites } from '../../test-support/refuse-writes';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { sysFiles } from './sysfiles.table';
import { makeZip, sysFileForm } from './testing';

const OTA = makeZip([
  { name: 'payload.bin', data: Buffer.alloc(20_000, 3) },
  { name: 'META-INF/com/android/metadata', data: Buffer.from('ota-type=AB\n') },
]);

describe('a system file whose deletion fails', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let fileId: string;
  const logLines: string[] = [];
  const del = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/file/v1/file/sysFile/delete?id=${fileId}`,
        headers: { satoken: token },
      })
    ).json();
  const listed = async () =>
    (await t.database.db.select({ id: sysFiles.id }).from(sysFiles)).map((r) => r.id);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cpm-sysfile-del-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0', LOG_LEVEL: 'error' },
      logStream: { write: (line) => logLines.push(line) },
    });
    token = (await loginAs(t.app, 'admin', ADMIN_PASSWORD)).token;
    const form = sysFileForm({ version: '1.0.0', type: '1' }, 'ota-p2.zip', OTA);
    const res = await t.app.inject({
      method: 'POST',
      url: '/file/v1/file/sysFile/upload',
      headers: { satoken: token, ...form.headers },
      payload: form.payload,
    });
    expect(res.json().code).toBe(1);
    fileId = res.json().result.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers "file deletion failed" in both languages, keeps the file, and deletes it on a later try', async () => {
    // The database refuses the deletion, as a lost connection or a lock timeout would.
    const lift = await refuseWrites(t.database.db, 'sys_files', 'delete');
    try {
      expect(await del()).toMatchObject({
        code: 9999,
        message: '文件删除失败',
        messageEn: 'File deletion failed',
      });
      expect(await listed()).toEqual([fileId]);
      expect(logLines.some((l) => l.includes('file deletion failed'))).toBe(true);
    } finally {
      await lift();
    }
    expect(await del()).toMatchObject({ code: 1 });
    expect(await listed()).toEqual([]);
  });
});
