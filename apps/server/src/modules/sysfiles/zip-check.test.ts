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
});
