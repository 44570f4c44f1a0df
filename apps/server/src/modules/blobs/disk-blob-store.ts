import { createReadStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertHash, type BlobStore, type ByteRange, blobKey } from './blob-store';

/** Bytes under `root/sha256/ab/cd/<hash>`; a put is a rename, so a reader never sees half a file. */
export const createDiskBlobStore = (root: string): BlobStore => {
  const fileOf = (sha256: string) => path.join(root, ...blobKey(sha256).split('/'));

  async function* walk(dir: string, depth: number): AsyncIterable<string> {
    let handle: Awaited<ReturnType<typeof opendir>>;
    try {
      handle = await opendir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for await (const entry of handle) {
      if (depth === 0 && entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name)) yield entry.name;
      else if (depth > 0 && entry.isDirectory()) yield* walk(path.join(dir, entry.name), depth - 1);
    }
  }

  return {
    kind: 'disk',
    async put(sha256, tempFile) {
      const target = fileOf(sha256);
      await mkdir(path.dirname(target), { recursive: true });
      // Same hash, same bytes: replacing an existing copy is harmless and keeps this atomic.
      await rename(tempFile, target);
    },
    async has(sha256) {
      try {
        return (await stat(fileOf(sha256))).isFile();
      } catch {
        return false;
      }
    },
    async open(sha256: string, range?: ByteRange): Promise<Readable> {
      const file = fileOf(sha256);
      await stat(file);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async remove(sha256) {
      await rm(fileOf(assertHash(sha256)), { force: true });
    },
    list: () => walk(path.join(root, 'sha256'), 2),
  };
};
