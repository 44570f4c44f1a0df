import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BLOB_KINDS } from '@cpm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { blobStoreKinds, type StoreHarness } from '../../test-support/blob-stores';
import { imageHead } from '../../test-support/image-heads';
import { createTestClock, openTestDatabase } from '../../test-support/test-app';
import type { BlobStore } from './blob-store';
import { createBlobsRepository } from './blobs.repository';
import { createBlobsService } from './blobs.service';
import { blobContents, blobs } from './blobs.table';

const ZIP_HEAD = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0]);
const PNG_HEAD = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 16, 0, 0, 0,
  16,
]);

/** A stream of `size` bytes made in 64 KiB chunks, never held whole. */
const generated = (size: number, head = ZIP_HEAD) =>
  Readable.from(
    (function* () {
      let sent = 0;
      while (sent < size) {
        const n = Math.min(65_536, size - sent);
        const chunk = Buffer.alloc(n, 7);
        if (sent === 0) head.copy(chunk, 0, 0, Math.min(head.length, n));
        sent += n;
        yield chunk;
      }
    })(),
  );

const storeList = async (store: BlobStore) => {
  const out: string[] = [];
  for await (const h of store.list()) out.push(h);
  return out;
};

describe.each(blobStoreKinds({ bucket: 'cpm-service', prefix: '' }))('blobs service on $name', ({ open }) => {
  let database: Database;
  let root: string;
  let h: StoreHarness;
  let service: ReturnType<typeof createBlobsService>;
  const clock = createTestClock();
  const HOUR = 3_600_000;
  const ownerA = randomUUID();
  const ownerB = randomUUID();
  const tmpDir = () => path.join(root, 'tmp');
  /** The service over this test's database and store, with more options where a test needs them. */
  const serviceWith = (more: Partial<Parameters<typeof createBlobsService>[0]> = {}) =>
    createBlobsService({
      repo: createBlobsRepository(database.db),
      store: h.store,
      clock,
      tmpDir: tmpDir(),
      signingKey: Buffer.alloc(32, 1),
      graceMs: HOUR,
      ...more,
    });

  beforeAll(async () => {
    database = await openTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), 'cpm-blob-svc-'));
    h = await open();
    service = serviceWith();
  });
  afterAll(async () => {
    await h.close();
    await database.close();
    await rm(root, { recursive: true, force: true });
  });

  const store = (owner: string, size: number, name = 'ota.zip', head = ZIP_HEAD) =>
    service.storeUpload({
      kind: 'systemFile',
      name,
      stream: generated(size, head),
      ownerId: owner,
      createdBy: null,
    });

  it('keeps name, size, type and sha256 per record and stores identical bytes once', async () => {
    const a = await store(ownerA, 300_000);
    const b = await store(ownerB, 300_000, 'same-bytes.zip');
    expect(a).toMatchObject({
      name: 'ota.zip',
      size: 300_000,
      mediaType: 'application/zip',
      kind: 'systemFile',
    });
    expect(b.sha256).toBe(a.sha256);
    expect(b.id).not.toBe(a.id);
    expect(await storeList(h.store)).toEqual([a.sha256]);
    expect(await database.db.select().from(blobContents)).toHaveLength(1);
    expect(await readdir(tmpDir())).toEqual([]);
  });

  it('knows the storage used per enterprise, each content once per owner', async () => {
    await store(ownerA, 300_000, 'again.zip');
    await store(ownerA, 1000, 'small.png', PNG_HEAD);
    const usage = await service.usageByOwner([ownerA, ownerB]);
    expect(Object.fromEntries(usage.map((u) => [u.ownerId, u.bytes]))).toEqual({
      [ownerA]: 301_000,
      [ownerB]: 300_000,
    });
  });

  it('holds an enterprise without a quota of its own to the default, which its own quota replaces', async () => {
    const limited = serviceWith({ defaultQuotaBytes: 500_000 });
    const owner = randomUUID();
    const put = (size: number, name: string) =>
      limited.storeUpload({
        kind: 'systemFile',
        name,
        stream: generated(size),
        ownerId: owner,
        createdBy: null,
      });
    await put(400_000, 'first.zip');
    await expect(put(200_000, 'second.zip')).rejects.toMatchObject({ key: 'storageQuotaExceeded' });
    expect(await limited.storageOf(owner)).toEqual({
      ownerId: owner,
      usedBytes: 400_000,
      quotaBytes: 500_000,
      quotaDefault: true,
    });
    await limited.setQuota(owner, 1_000_000);
    await put(200_000, 'second.zip');
    expect(await limited.storageOf(owner)).toMatchObject({ usedBytes: 600_000, quotaDefault: false });
    expect(await readdir(tmpDir())).toEqual([]);
  });

  it('refuses a file over its kind’s limit while streaming: nothing stored, no temp file', async () => {
    const before = await storeList(h.store);
    const max = BLOB_KINDS.excelImport.maxBytes;
    await expect(
      service.storeUpload({
        kind: 'excelImport',
        name: 'big.xlsx',
        stream: generated(max + 1),
        ownerId: ownerA,
        createdBy: null,
      }),
    ).rejects.toMatchObject({ key: 'uploadTooLarge' });
    // Exactly at the limit is accepted.
    const atLimit = await service.readUpload({
      kind: 'excelImport',
      name: 'ok.xlsx',
      stream: generated(max),
    });
    expect(atLimit.bytes.length).toBe(max);
    expect(await storeList(h.store)).toEqual(before);
    expect(await readdir(tmpDir())).toEqual([]);
  });

  it('refuses an image whose header declares a pixel bomb, in small chunks too: nothing stored', async () => {
    const before = await storeList(h.store);
    const bomb = Buffer.concat([imageHead.png(60_000, 60_000), Buffer.alloc(4096)]);
    const chunks = Array.from({ length: Math.ceil(bomb.length / 5) }, (_, i) =>
      bomb.subarray(i * 5, i * 5 + 5),
    );
    await expect(
      service.storeUpload({
        kind: 'wallpaper',
        name: 'huge.png',
        stream: Readable.from(chunks),
        ownerId: ownerA,
        createdBy: null,
      }),
    ).rejects.toMatchObject({ key: 'imageTooManyPixels' });
    expect(await storeList(h.store)).toEqual(before);
  });

  it('refuses a wrong type behind a right extension, an empty file, a bad name and a broken stream', async () => {
    const count = (await database.db.select().from(blobs)).length;
    await expect(
      service.readUpload({ kind: 'excelImport', name: 'sheet.xlsx', stream: generated(5000, PNG_HEAD) }),
    ).rejects.toMatchObject({ key: 'uploadTypeRefused' });
    await expect(
      service.storeUpload({
        kind: 'wallpaper',
        name: 'wall.png',
        stream: generated(5000, ZIP_HEAD),
        ownerId: ownerA,
        createdBy: null,
      }),
    ).rejects.toMatchObject({ key: 'uploadTypeRefused' });
    await expect(store(ownerA, 0)).rejects.toMatchObject({ key: 'uploadEmpty' });
    await expect(store(ownerA, 10, '../../evil.zip')).rejects.toMatchObject({ key: 'uploadBadName' });
    await expect(store(ownerA, 10, 'a\r\nb.zip')).rejects.toMatchObject({ key: 'uploadBadName' });
    const broken = new Readable({
      read() {
        this.push(ZIP_HEAD);
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(
      service.storeUpload({
        kind: 'systemFile',
        name: 'x.zip',
        stream: broken,
        ownerId: ownerA,
        createdBy: null,
      }),
    ).rejects.toMatchObject({ key: 'uploadIncomplete' });
    expect((await database.db.select().from(blobs)).length).toBe(count);
    expect(await readdir(tmpDir())).toEqual([]);
  });

  it('sweeps bytes no record references only after the grace period', async () => {
    const doomed = await store(ownerB, 777, 'doomed.zip');
    await service.removeBlob(doomed.id);
    expect(await service.sweepOrphans()).toEqual({ removed: 0, bytes: 0 });
    expect(await storeList(h.store)).toContain(doomed.sha256);
    clock.advance(HOUR + 1);
    const swept = await service.sweepOrphans();
    expect(swept).toEqual({ removed: 1, bytes: 777 });
    expect(await storeList(h.store)).not.toContain(doomed.sha256);
    // Bytes still referenced stay, however old.
    const kept = await database.db.select().from(blobs);
    for (const row of kept) expect(await h.store.has(row.sha256)).toBe(true);
    // Uploading swept bytes again stores them afresh.
    const again = await store(ownerB, 777, 'doomed.zip');
    expect(again.sha256).toBe(doomed.sha256);
    expect(await h.store.has(again.sha256)).toBe(true);
  });

  it('signs links that expire and cannot be altered', async () => {
    const file = await store(ownerA, 1234, 'link.zip');
    const { url } = service.signUrl(file.id, 60);
    const q = Object.fromEntries(new URL(url, 'http://x').searchParams) as Record<string, string>;
    const query = { id: q.id, expires: Number(q.expires), signature: q.signature };
    expect((await service.openSignedDownload(query)).blob.sha256).toBe(file.sha256);
    await expect(
      service.openSignedDownload({ ...query, expires: query.expires + 3600 }),
    ).rejects.toMatchObject({
      key: 'signedUrlInvalid',
    });
    await expect(
      service.openSignedDownload({
        ...query,
        signature: `${q.signature[0] === 'A' ? 'B' : 'A'}${q.signature.slice(1)}`,
      }),
    ).rejects.toMatchObject({
      key: 'signedUrlInvalid',
    });
    clock.advance(61_000);
    await expect(service.openSignedDownload(query)).rejects.toMatchObject({ key: 'signedUrlInvalid' });
  });
});
