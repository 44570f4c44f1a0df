import type { FileHandle } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** End record (22) plus the longest comment. */
const TAIL = 22 + 0xffff;

/** One entry as the central directory declares it. */
export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's local header. */
  localOffset: number;
};

/** Where a ZIP's parts are and what its directory lists. */
export type ZipDirectory = {
  size: number;
  /** Offset of the central directory (a signing block, if any, ends right before it). */
  directoryOffset: number;
  directorySize: number;
  /** Offset of the end-of-central-directory record. */
  endOffset: number;
  entries: ZipEntry[];
};

/** What a ZIP is read from: an open file, or a buffer already in memory (`bufferSource`). */
export type ZipSource = Pick<FileHandle, 'stat' | 'read'>;

/** A buffer read like an open file, so an upload held in memory is checked the same way. */
export const bufferSource = (bytes: Buffer): ZipSource =>
  ({
    stat: async () => ({ size: bytes.length }),
    read: async (buffer: Buffer, offset: number, length: number, position: number) => ({
      bytesRead: bytes.copy(buffer, offset, position, Math.min(position + length, bytes.length)),
      buffer,
    }),
  }) as unknown as ZipSource;

/**
 * Why a ZIP was refused: unreadable, a name or size no honest archive has, or local headers that
 * disagree with the central directory (extractors that read local headers would see other files).
 */
export type ZipProblem = 'unreadable' | 'unsafePath' | 'bomb' | 'mismatch';

export class ZipRefused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`zip refused: ${problem}`);
  }
}

/** Limits on what a directory may declare. */
export type ZipLimits = {
  maxEntries: number;
  /** Largest declared uncompressed total. */
  maxUncompressedBytes: number;
  /** Largest declared ratio of uncompressed to compressed size of one entry (compressed counted as at least 1 KiB). */
  maxRatio: number;
  /** Largest central directory read. */
  maxDirectoryBytes: number;
};

/** Reads exactly `length` bytes at `position`, or refuses the archive as unreadable. */
export const readExactly = async (fh: ZipSource, size: number, position: number, length: number) => {
  if (position < 0 || length < 0 || position + length > size) throw new ZipRefused('unreadable');
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  if (bytesRead !== length) throw new ZipRefused('unreadable');
  return buf;
};

/** A name that would climb out of, or start above, the folder it is extracted into. */
export const isUnsafeEntryName = (name: string) =>
  name.includes('\\') ||
  name.includes('\0') ||
  name.startsWith('/') ||
  /^[A-Za-z]:/.test(name) ||
  name.split('/').some((part) => part === '..');

/**
 * Reads a ZIP's central directory from an open file (never the whole file) and refuses an archive
 * that is unreadable, names an entry outside its folder (`../`, absolute, backslashes), or is a zip
 * bomb by its declared sizes.
 */
export const readZipDirectory = async (fh: ZipSource, limits: ZipLimits): Promise<ZipDirectory> => {
  const { size } = await fh.stat();
  const tailStart = Math.max(0, size - TAIL);
  const tail = await readExactly(fh, size, tailStart, size - tailStart);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  if (at < 0) throw new ZipRefused('unreadable');
  const endOffset = tailStart + at;
  let count = tail.readUInt16LE(at + 10);
  let directorySize = tail.readUInt32LE(at + 12);
  let directoryOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const loc = await readExactly(fh, size, endOffset - 20, 20);
    if (loc.readUInt32LE(0) !== ZIP64_LOCATOR) throw new ZipRefused('unreadable');
    const end = await readExactly(fh, size, Number(loc.readBigUInt64LE(8)), 56);
    if (end.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipRefused('unreadable');
    count = Number(end.readBigUInt64LE(32));
    directorySize = Number(end.readBigUInt64LE(40));
    directoryOffset = Number(end.readBigUInt64LE(48));
  }
  if (count > limits.maxEntries) throw new ZipRefused('bomb');
  if (directorySize > limits.maxDirectoryBytes) throw new ZipRefused('unreadable');
  const dir = await readExactly(fh, size, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let p = 0;
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw new ZipRefused('unreadable');
    const method = dir.readUInt16LE(p + 10);
    let compressedSize = dir.readUInt32LE(p + 20);
    let uncompressedSize = dir.readUInt32LE(p + 24);
    const nameLen = dir.readUInt16LE(p + 28);
    const extraLen = dir.readUInt16LE(p + 30);
    const commentLen = dir.readUInt16LE(p + 32);
    let localOffset = dir.readUInt32LE(p + 42);
    const nameAt = p + 46;
    const extraAt = nameAt + nameLen;
    if (extraAt + extraLen + commentLen > dir.length) throw new ZipRefused('unreadable');
    const name = dir.toString('utf8', nameAt, extraAt);
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      // ZIP64 extra field (0x0001): uncompressed, compressed size and offset, each only when marked.
      for (let e = extraAt; e + 4 <= extraAt + extraLen; ) {
        const id = dir.readUInt16LE(e);
        const len = dir.readUInt16LE(e + 2);
        if (id === 1) {
          let q = e + 4;
          const end = e + 4 + len;
          if (uncompressedSize === 0xffffffff && q + 8 <= end) {
            uncompressedSize = Number(dir.readBigUInt64LE(q));
            q += 8;
          }
          if (compressedSize === 0xffffffff && q + 8 <= end) {
            compressedSize = Number(dir.readBigUInt64LE(q));
            q += 8;
          }
          if (localOffset === 0xffffffff && q + 8 <= end) localOffset = Number(dir.readBigUInt64LE(q));
        }
        e += 4 + len;
      }
    }
    if (isUnsafeEntryName(name)) throw new ZipRefused('unsafePath');
    if (uncompressedSize > limits.maxRatio * Math.max(compressedSize, 1024)) throw new ZipRefused('bomb');
    total += uncompressedSize;
    if (total > limits.maxUncompressedBytes) throw new ZipRefused('bomb');
    if (localOffset + compressedSize > directoryOffset) throw new ZipRefused('unreadable');
    entries.push({ name, method, compressedSize, uncompressedSize, localOffset });
    p = extraAt + extraLen + commentLen;
  }
  return { size, directoryOffset, directorySize, endOffset, entries };
};

/**
 * The bytes of one (small) entry, inflated when deflated; the caller decides beforehand that its
 * declared size is small enough to hold in memory. A size that differs from the declared one is refused.
 */
export const readZipEntry = async (fh: ZipSource, dir: ZipDirectory, entry: ZipEntry): Promise<Buffer> => {
  const head = await readExactly(fh, dir.size, entry.localOffset, 30);
  if (head.readUInt32LE(0) !== LOCAL) throw new ZipRefused('unreadable');
  const dataAt = entry.localOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  const raw = await readExactly(fh, dir.size, dataAt, entry.compressedSize);
  let data: Buffer;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) {
    try {
      data = inflateRawSync(raw, { maxOutputLength: entry.uncompressedSize + 1 });
    } catch {
      throw new ZipRefused('unreadable');
    }
  } else throw new ZipRefused('unreadable');
  if (data.length !== entry.uncompressedSize) throw new ZipRefused('unreadable');
  return data;
};

/** Bytes read from the file at a time while inflating. */
const CHUNK = 1024 * 1024;

/** The compressed bytes of an entry, read a chunk at a time. */
async function* entryChunks(fh: ZipSource, size: number, from: number, length: number) {
  for (let at = 0; at < length; at += CHUNK)
    yield await readExactly(fh, size, from + at, Math.min(CHUNK, length - at));
}

/**
 * Reads every entry as an extractor would and refuses what the directory hides: a local header
 * whose name or method differs from the directory's, or data that inflates past its declared size
 * (counted as it streams, so an understated entry stops at its declared size plus one chunk) or
 * past `maxUncompressedBytes` in all. Inflating runs on zlib's thread pool, not the event loop.
 */
export const verifyZipEntries = async (
  fh: ZipSource,
  dir: ZipDirectory,
  limits: { maxUncompressedBytes: number },
): Promise<number> => {
  let total = 0;
  for (const entry of dir.entries) {
    const head = await readExactly(fh, dir.size, entry.localOffset, 30);
    if (head.readUInt32LE(0) !== LOCAL) throw new ZipRefused('unreadable');
    const nameLen = head.readUInt16LE(26);
    const localName = await readExactly(fh, dir.size, entry.localOffset + 30, nameLen);
    if (localName.toString('utf8') !== entry.name || head.readUInt16LE(8) !== entry.method)
      throw new ZipRefused('mismatch');
    const dataAt = entry.localOffset + 30 + nameLen + head.readUInt16LE(28);
    let real = 0;
    const count = new Writable({
      write(chunk: Buffer, _enc, done) {
        real += chunk.length;
        total += chunk.length;
        const over = real > entry.uncompressedSize || total > limits.maxUncompressedBytes;
        done(over ? new ZipRefused('bomb') : null);
      },
    });
    const source = Readable.from(entryChunks(fh, dir.size, dataAt, entry.compressedSize));
    try {
      if (entry.method === 0) await pipeline(source, count);
      else if (entry.method === 8) await pipeline(source, createInflateRaw(), count);
      else throw new ZipRefused('unreadable');
    } catch (err) {
      throw err instanceof ZipRefused ? err : new ZipRefused('unreadable');
    }
    if (real !== entry.uncompressedSize) throw new ZipRefused('unreadable');
  }
  return total;
};
