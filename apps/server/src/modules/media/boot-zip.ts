import { crc32 } from 'node:zlib';
import { MEDIA_LIMITS } from '@cpm/contracts';
import { AppError } from '../../shared/app-error';
import { zipCentralHeader, zipEndRecord, zipLocalHeader } from '../../shared/zip-records';
import { imageSize } from './media-probe';

/** A frame's bytes inside a bootanimation.zip (entries are stored, so a frame is a byte range). */
export type FrameRef = { offset: number; size: number; type: 'png' | 'jpeg' };
export type PartInfo = { folder: string; count: number; pause: number; frames: number };

/** The settings and frames of a checked bootanimation.zip, frames in play order. */
export type BootZipInfo = {
  width: number;
  height: number;
  fps: number;
  parts: PartInfo[];
  frames: FrameRef[];
};

const dosTime = (d: Date) => {
  const time = (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2);
  const date =
    ((Math.max(1980, d.getUTCFullYear()) - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
  return { time, date };
};

/** desc.txt for one part looping until the system has booted. */
export const descText = (width: number, height: number, fps: number, folder = 'part0') =>
  `${width} ${height} ${fps}\np 0 0 ${folder}\n`;

/**
 * Writes a ZIP whose entries are all STORED (Android's boot animation player maps the frames
 * straight from the archive, so it refuses compressed entries). Entries are added one at a time
 * and yielded as they are written, so only the current entry is in memory.
 */
export const createStoredZipWriter = (now: Date) => {
  const { time, date } = dosTime(now);
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  return {
    /** The local header and bytes of one entry; returns the chunks and where the data starts. */
    entry(name: string, data: Buffer): { chunks: Buffer[]; dataOffset: number } {
      const nameBytes = Buffer.from(name, 'utf8');
      const crc = crc32(data);
      const fields = {
        version: 10,
        method: 0,
        time,
        date,
        crc,
        compressedSize: data.length,
        size: data.length,
      };
      const local = zipLocalHeader(fields, nameBytes.length);
      const isDir = name.endsWith('/');
      const externalAttributes = isDir ? ((0o40755 << 16) | 0x10) >>> 0 : (0o100644 << 16) >>> 0;
      const cd = zipCentralHeader(
        { ...fields, madeBy: 0x030a, externalAttributes },
        nameBytes.length,
        offset,
      );
      central.push(cd, nameBytes);
      const dataOffset = offset + 30 + nameBytes.length;
      offset = dataOffset + data.length;
      count += 1;
      return { chunks: [local, nameBytes, data], dataOffset };
    },
    /** The central directory and end record. */
    finish(): Buffer {
      const dir = Buffer.concat(central);
      const end = zipEndRecord(count, dir.length, offset);
      return Buffer.concat([dir, end]);
    },
  };
};

type Entry = { name: string; method: number; csize: number; usize: number; crc: number; local: number };

const isUnsafeName = (name: string) =>
  name.includes('\\') ||
  name.startsWith('/') ||
  /^[A-Za-z]:/.test(name) ||
  name.includes('\u0000') ||
  name.split('/').some((seg) => seg === '..');

/** The entries of a ZIP's central directory, refusing zip slip and zip bombs before reading any data. */
export const readCentralDirectory = (zip: Buffer): Entry[] => {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new AppError('bootZipNotZip');
  const total = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  if (total === 0xffff || cdOffset === 0xffffffff) throw new AppError('bootZipTooBig');
  if (total > MEDIA_LIMITS.maxZipEntries) throw new AppError('bootZipTooBig');
  if (cdOffset + cdSize > eocd) throw new AppError('bootZipNotZip');
  const entries: Entry[] = [];
  let i = cdOffset;
  let declared = 0;
  for (let n = 0; n < total; n++) {
    if (i + 46 > eocd || zip.readUInt32LE(i) !== 0x02014b50) throw new AppError('bootZipNotZip');
    const nameLen = zip.readUInt16LE(i + 28);
    const extraLen = zip.readUInt16LE(i + 30);
    const commentLen = zip.readUInt16LE(i + 32);
    const entry: Entry = {
      method: zip.readUInt16LE(i + 10),
      crc: zip.readUInt32LE(i + 16),
      csize: zip.readUInt32LE(i + 20),
      usize: zip.readUInt32LE(i + 24),
      local: zip.readUInt32LE(i + 42),
      name: zip.toString('utf8', i + 46, i + 46 + nameLen),
    };
    if (isUnsafeName(entry.name)) throw new AppError('bootZipUnsafeEntry', { result: { entry: entry.name } });
    declared += entry.usize;
    if (declared > MEDIA_LIMITS.maxZipBytes || entry.usize === 0xffffffff)
      throw new AppError('bootZipTooBig');
    entries.push(entry);
    i += 46 + nameLen + extraLen + commentLen;
  }
  for (const e of entries)
    if (e.method !== 0) throw new AppError('bootZipCompressed', { result: { entry: e.name } });
  return entries;
};

/**
 * Refuses an entry whose local header disagrees with the central directory (name, method or sizes):
 * a terminal's extractor reads local headers and would write files the checks never saw.
 */
const checkLocalHeader = (zip: Buffer, e: Entry) => {
  if (e.local + 30 > zip.length || zip.readUInt32LE(e.local) !== 0x04034b50)
    throw new AppError('bootZipNotZip');
  const nameLen = zip.readUInt16LE(e.local + 26);
  const sizesFollow = (zip.readUInt16LE(e.local + 6) & 0x08) !== 0;
  if (
    e.local + 30 + nameLen > zip.length ||
    zip.toString('utf8', e.local + 30, e.local + 30 + nameLen) !== e.name ||
    zip.readUInt16LE(e.local + 8) !== e.method ||
    (!sizesFollow &&
      (zip.readUInt32LE(e.local + 18) !== e.csize || zip.readUInt32LE(e.local + 22) !== e.usize))
  )
    throw new AppError('bootZipHeaderMismatch', { result: { entry: e.name } });
};

/** The bytes of a stored entry, after checking its local header and CRC. */
const entryData = (zip: Buffer, e: Entry): { offset: number; data: Buffer } => {
  if (e.csize !== e.usize || e.local + 30 > zip.length || zip.readUInt32LE(e.local) !== 0x04034b50)
    throw new AppError('bootZipNotZip');
  const offset = e.local + 30 + zip.readUInt16LE(e.local + 26) + zip.readUInt16LE(e.local + 28);
  if (offset + e.usize > zip.length) throw new AppError('bootZipNotZip');
  const data = zip.subarray(offset, offset + e.usize);
  if (crc32(data) !== e.crc) throw new AppError('bootZipNotZip');
  return { offset, data };
};

const int = (s: string | undefined) => (s !== undefined && /^\d+$/.test(s) ? Number(s) : Number.NaN);
const within = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** desc.txt: `width height fps` (an optional progress field), then `p|c count pause folder [...]` lines. */
export const parseDesc = (
  text: string,
): Omit<BootZipInfo, 'frames' | 'parts'> & { parts: Omit<PartInfo, 'frames'>[] } => {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const [first, ...rest] = lines;
  const head = (first ?? '').split(/\s+/);
  const [width, height, fps] = head.slice(0, 3).map(int);
  const bad = () => new AppError('bootZipDescInvalid');
  if (head.length < 3 || head.length > 4) throw bad();
  if (!within(width, MEDIA_LIMITS.minSide, MEDIA_LIMITS.maxSide)) throw bad();
  if (!within(height, MEDIA_LIMITS.minSide, MEDIA_LIMITS.maxSide)) throw bad();
  if (!within(fps, MEDIA_LIMITS.minFps, MEDIA_LIMITS.maxFps)) throw bad();
  if (rest.length === 0 || rest.length > MEDIA_LIMITS.maxParts) throw bad();
  const parts = rest.map((line) => {
    const [kind, count, pause, folder] = line.split(/\s+/);
    if ((kind !== 'p' && kind !== 'c') || !folder || !/^[A-Za-z0-9._-]+$/.test(folder) || folder === '..')
      throw bad();
    const c = int(count);
    const p = int(pause);
    if (!within(c, 0, 100_000) || !within(p, 0, 100_000)) throw bad();
    return { folder, count: c, pause: p };
  });
  return { width, height, fps, parts };
};

/** Files Android allows in a part folder beside the frames. */
const PART_EXTRAS = new Set(['audio.wav', 'trim.txt']);

/**
 * Checks a ready-made bootanimation.zip held in memory: a ZIP, no unsafe names, entry count and
 * declared sizes capped, local headers that match the directory, every entry stored, desc.txt parses, each part folder exists with frames,
 * every frame a JPG or PNG of at most 500 KB and exactly the declared size.
 */
export const inspectBootZip = (zip: Buffer): BootZipInfo => {
  const entries = readCentralDirectory(zip);
  for (const e of entries) checkLocalHeader(zip, e);
  const desc = entries.find((e) => e.name === 'desc.txt');
  if (!desc) throw new AppError('bootZipDescInvalid');
  const info = parseDesc(entryData(zip, desc).data.toString('utf8'));
  const frames: FrameRef[] = [];
  const parts: PartInfo[] = [];
  for (const part of info.parts) {
    const prefix = `${part.folder}/`;
    const files = entries
      .filter((e) => e.name.startsWith(prefix) && e.name.length > prefix.length)
      .filter((e) => !e.name.slice(prefix.length).includes('/'))
      .filter((e) => !PART_EXTRAS.has(e.name.slice(prefix.length)))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (files.length === 0) throw new AppError('bootZipPartMissing', { result: { folder: part.folder } });
    for (const f of files) {
      const { offset, data } = entryData(zip, f);
      const img = imageSize(data);
      if (
        !img ||
        data.length > MEDIA_LIMITS.frameMaxBytes ||
        img.width !== info.width ||
        img.height !== info.height
      )
        throw new AppError('bootZipFrameInvalid', { result: { entry: f.name } });
      frames.push({ offset, size: data.length, type: img.type });
    }
    parts.push({ ...part, frames: files.length });
  }
  if (frames.length > MEDIA_LIMITS.maxFrames * MEDIA_LIMITS.maxParts) throw new AppError('bootZipTooBig');
  return { width: info.width, height: info.height, fps: info.fps, parts, frames };
};
