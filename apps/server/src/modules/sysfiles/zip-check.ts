import { open } from 'node:fs/promises';
import { SYS_FILE_ZIP_LIMITS } from '@cpm/contracts';
import { AppError } from '../../shared/app-error';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
/** End record (22) plus the longest comment. */
const TAIL = 22 + 0xffff;
/** Largest central directory read (it is small even for a 1 GB OTA image). */
const MAX_DIRECTORY = 64 * 1024 * 1024;

type Limits = { maxEntries: number; maxUncompressedBytes: number; maxRatio: number };

/** What the central directory declares. */
export type ZipSummary = { entries: number; uncompressedBytes: number };

const bad = () => new AppError('sysFileBadZip');
const bomb = () => new AppError('sysFileZipBomb');

/**
 * Reads a ZIP's central directory from disk (never the whole file) and refuses an archive that is
 * unreadable or a zip bomb: too many entries, a declared uncompressed total past the limit, or one
 * entry declaring a ratio no real firmware has.
 */
export const checkZip = async (file: string, limits: Limits = SYS_FILE_ZIP_LIMITS): Promise<ZipSummary> => {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const read = async (position: number, length: number) => {
      if (position < 0 || length < 0 || position + length > size) throw bad();
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, position);
      if (bytesRead !== length) throw bad();
      return buf;
    };
    const tailStart = Math.max(0, size - TAIL);
    const tail = await read(tailStart, size - tailStart);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    if (at < 0) throw bad();
    let entries = tail.readUInt16LE(at + 10);
    let dirSize = tail.readUInt32LE(at + 12);
    let dirOffset = tail.readUInt32LE(at + 16);
    if (entries === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
      const locAt = tailStart + at - 20;
      const loc = await read(locAt, 20);
      if (loc.readUInt32LE(0) !== ZIP64_LOCATOR) throw bad();
      const end = await read(Number(loc.readBigUInt64LE(8)), 56);
      if (end.readUInt32LE(0) !== ZIP64_EOCD) throw bad();
      entries = Number(end.readBigUInt64LE(32));
      dirSize = Number(end.readBigUInt64LE(40));
      dirOffset = Number(end.readBigUInt64LE(48));
    }
    if (entries > limits.maxEntries) throw bomb();
    if (dirSize > MAX_DIRECTORY) throw bad();
    const dir = await read(dirOffset, dirSize);
    let p = 0;
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw bad();
      let compressed = dir.readUInt32LE(p + 20);
      let uncompressed = dir.readUInt32LE(p + 24);
      const nameLen = dir.readUInt16LE(p + 28);
      const extraLen = dir.readUInt16LE(p + 30);
      const commentLen = dir.readUInt16LE(p + 32);
      const extraAt = p + 46 + nameLen;
      if (extraAt + extraLen + commentLen > dir.length) throw bad();
      if (uncompressed === 0xffffffff || compressed === 0xffffffff) {
        // ZIP64 extra field (0x0001): uncompressed then compressed size, each only when marked.
        for (let e = extraAt; e + 4 <= extraAt + extraLen; ) {
          const id = dir.readUInt16LE(e);
          const len = dir.readUInt16LE(e + 2);
          if (id === 1) {
            let q = e + 4;
            if (uncompressed === 0xffffffff && q + 8 <= e + 4 + len) {
              uncompressed = Number(dir.readBigUInt64LE(q));
              q += 8;
            }
            if (compressed === 0xffffffff && q + 8 <= e + 4 + len)
              compressed = Number(dir.readBigUInt64LE(q));
          }
          e += 4 + len;
        }
      }
      if (uncompressed > limits.maxRatio * Math.max(compressed, 1024)) throw bomb();
      total += uncompressed;
      if (total > limits.maxUncompressedBytes) throw bomb();
      p = extraAt + extraLen + commentLen;
    }
    return { entries, uncompressedBytes: total };
  } finally {
    await fh.close();
  }
};
