import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobStoreKinds, type StoreHarness } from '../../test-support/blob-stores';
import { blobKey } from './blob-store';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(blobStoreKinds({ bucket: 'cpm-test', prefix: 'tenant/files' }))(
  'blob store contract: $name',
  ({ open }) => {
    let h: StoreHarness;
    let work: string;
    beforeAll(async () => {
      h = await open();
      work = await mkdtemp(path.join(tmpdir(), 'cpm-blob-work-'));
    });
    afterAll(async () => {
      await h.close();
      await rm(work, { recursive: true, force: true });
    });

    const temp = async (bytes: Buffer) => {
      const file = path.join(work, `t-${Math.random().toString(36).slice(2)}`);
      await writeFile(file, bytes);
      return file;
    };

    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const hash = sha(bytes);

    it('stores a temp file under its hash, takes the temp file away, and reads it back whole', async () => {
      expect(await h.store.has(hash)).toBe(false);
      await h.store.put(hash, await temp(bytes));
      expect(await readdir(work)).toEqual([]);
      expect(await h.store.has(hash)).toBe(true);
      expect((await read(await h.store.open(hash))).equals(bytes)).toBe(true);
    });

    it('reads an inclusive byte range', async () => {
      const part = await read(await h.store.open(hash, { start: 1000, end: 1999 }));
      expect(part.equals(bytes.subarray(1000, 2000))).toBe(true);
      const last = await read(await h.store.open(hash, { start: bytes.length - 1, end: bytes.length - 1 }));
      expect([...last]).toEqual([bytes[bytes.length - 1]]);
    });

    it('puts the same bytes again without harm and lists each hash once', async () => {
      await h.store.put(hash, await temp(bytes));
      const other = Buffer.from('second file');
      await h.store.put(sha(other), await temp(other));
      const listed: string[] = [];
      for await (const x of h.store.list()) listed.push(x);
      expect(listed.sort()).toEqual([hash, sha(other)].sort());
    });

    it('fails to open missing bytes, and removes idempotently', async () => {
      const missing = sha(Buffer.from('never stored'));
      await expect(h.store.open(missing)).rejects.toThrow();
      await h.store.remove(hash);
      await h.store.remove(hash);
      expect(await h.store.has(hash)).toBe(false);
      await expect(h.store.open(hash)).rejects.toThrow();
    });

    it('refuses anything but a sha256 as a key', async () => {
      await expect(h.store.open('../../etc/passwd')).rejects.toThrow(/not a sha256/);
      expect(() => blobKey('ABC')).toThrow();
      expect(blobKey(hash)).toBe(`sha256/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`);
    });
  },
);
