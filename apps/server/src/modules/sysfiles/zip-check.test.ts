import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from './testing';
import { checkZip } from './zip-check';

describe('checkZip', () => {
  let dir: string;
  const file = async (bytes: Buffer) => {
    const f = path.join(dir, `${Math.random()}.zip`);
    await writeFile(f, bytes);
    return f;
  };
  const limits = { maxEntries: 3, maxUncompressedBytes: 10_000, maxRatio: 100 };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cpm-zip-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the central directory of a real archive', async () => {
    const zip = makeZip([
      { name: 'a.txt', data: Buffer.alloc(100, 1) },
      { name: 'b.bin', data: Buffer.alloc(200, 2) },
    ]);
    expect(await checkZip(await file(zip), limits)).toEqual({ entries: 2, uncompressedBytes: 300 });
  });

  it('refuses a file without a readable directory', async () => {
    await expect(checkZip(await file(Buffer.alloc(500, 7)), limits)).rejects.toMatchObject({
      key: 'sysFileBadZip',
    });
    const cut = makeZip([{ name: 'a', data: Buffer.alloc(100) }]);
    await expect(checkZip(await file(cut.subarray(0, cut.length - 30)), limits)).rejects.toMatchObject({
      key: 'sysFileBadZip',
    });
  });

  it('refuses too many entries, a large declared total and a high ratio', async () => {
    const many = makeZip(Array.from({ length: 4 }, (_, i) => ({ name: `${i}`, data: Buffer.alloc(10) })));
    await expect(checkZip(await file(many), limits)).rejects.toMatchObject({ key: 'sysFileZipBomb' });
    const big = makeZip([
      { name: 'a', data: Buffer.alloc(6000) },
      { name: 'b', data: Buffer.alloc(6000) },
    ]);
    await expect(checkZip(await file(big), limits)).rejects.toMatchObject({ key: 'sysFileZipBomb' });
    const ratio = makeZip([{ name: 'a', data: Buffer.alloc(10), declared: 9000 }]);
    await expect(
      checkZip(await file(ratio), { ...limits, maxRatio: 5, maxUncompressedBytes: 1e9 }),
    ).rejects.toMatchObject({ key: 'sysFileZipBomb' });
  });

  it.each(['../etc/passwd', 'a/../../b', '/system/bin/sh', 'C:/Windows/x.dll', 'c:evil', 'dir\\x'])(
    'refuses the entry name %s as an unsafe path',
    async (name) => {
      const zip = makeZip([{ name, data: Buffer.alloc(10) }]);
      await expect(checkZip(await file(zip), limits)).rejects.toMatchObject({ key: 'sysFileZipUnsafePath' });
    },
  );

  it('refuses an entry that inflates past the size it declares', async () => {
    // 9000 zero bytes deflate to a few dozen: the directory says 100, within every declared limit.
    const zip = makeZip([{ name: 'a.img', data: Buffer.alloc(9000), declared: 100, deflate: true }]);
    await expect(checkZip(await file(zip), limits)).rejects.toMatchObject({ key: 'sysFileZipBomb' });
  });

  it('refuses entries that really inflate past the limit in all', async () => {
    const zip = makeZip([
      { name: 'a', data: Buffer.alloc(6000, 1), deflate: true },
      { name: 'b', data: Buffer.alloc(6000, 2), deflate: true, declared: 1 },
    ]);
    await expect(checkZip(await file(zip), { ...limits, maxRatio: 1e6 })).rejects.toMatchObject({
      key: 'sysFileZipBomb',
    });
  });

  it('refuses a local header naming another file than the directory', async () => {
    const zip = makeZip([
      { name: 'ota/payload.bin', localName: '../../../system/bin/sh', data: Buffer.alloc(10) },
    ]);
    await expect(checkZip(await file(zip), limits)).rejects.toMatchObject({ key: 'sysFileZipMismatch' });
  });

  it('reads deflated entries to their real size', async () => {
    const zip = makeZip([{ name: 'a.txt', data: Buffer.alloc(5000, 3), deflate: true }]);
    expect(await checkZip(await file(zip), limits)).toEqual({ entries: 1, uncompressedBytes: 5000 });
  });
});
