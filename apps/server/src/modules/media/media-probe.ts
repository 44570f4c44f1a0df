import { Transform, type TransformCallback } from 'node:stream';
import { jpegSize, PNG_SIG, pngSize, startsWith } from '../../shared/image-header';

export { jpegSize, pngSize };

/** What the probe learnt from a file's headers. */
export type Probed = {
  type: 'png' | 'jpeg' | 'mp4' | 'other';
  width: number;
  height: number;
  /** Video length in milliseconds; null for images or when the file does not say. */
  durationMs: number | null;
};

/** Bytes of a JPEG kept while looking for its frame header (EXIF thumbnails come first). */
const JPEG_HEAD_CAP = 2 * 1024 * 1024;
/** Largest `moov` box kept in memory to read a video's track headers. */
const MOOV_CAP = 32 * 1024 * 1024;

/** Size of a PNG or JPEG held in memory, with its type. */
export const imageSize = (b: Buffer): (Probed & { type: 'png' | 'jpeg' }) | null => {
  const png = pngSize(b);
  if (png) return { type: 'png', ...png, durationMs: null };
  const jpeg = jpegSize(b);
  return jpeg ? { type: 'jpeg', ...jpeg, durationMs: null } : null;
};

type Box = { type: string; start: number; end: number };

/** The boxes directly inside `[start, end)` of an MP4 buffer. */
const boxes = (b: Buffer, start: number, end: number): Box[] => {
  const out: Box[] = [];
  let i = start;
  while (i + 8 <= end) {
    let size = b.readUInt32BE(i);
    let header = 8;
    if (size === 1) {
      if (i + 16 > end) break;
      size = Number(b.readBigUInt64BE(i + 8));
      header = 16;
    } else if (size === 0) size = end - i;
    if (size < header || i + size > end) break;
    out.push({ type: b.toString('latin1', i + 4, i + 8), start: i + header, end: i + size });
    i += size;
  }
  return out;
};
const child = (b: Buffer, box: Box, type: string) =>
  boxes(b, box.start, box.end).find((x) => x.type === type);

/** The video track's display size and the movie's length from a `moov` box's content. */
export const moovInfo = (b: Buffer): { width: number; height: number; durationMs: number | null } | null => {
  const top = boxes(b, 0, b.length);
  let durationMs: number | null = null;
  const mvhd = top.find((x) => x.type === 'mvhd');
  if (mvhd && mvhd.end - mvhd.start >= 32) {
    const v1 = b[mvhd.start] === 1;
    const timescale = b.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
    const duration = v1 ? Number(b.readBigUInt64BE(mvhd.start + 24)) : b.readUInt32BE(mvhd.start + 16);
    if (timescale > 0) durationMs = Math.round((duration * 1000) / timescale);
  }
  for (const trak of top.filter((x) => x.type === 'trak')) {
    const mdia = child(b, trak, 'mdia');
    const hdlr = mdia && child(b, mdia, 'hdlr');
    if (
      !hdlr ||
      hdlr.end - hdlr.start < 12 ||
      b.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide'
    )
      continue;
    const tkhd = child(b, trak, 'tkhd');
    if (!tkhd) continue;
    const at = tkhd.start + (b[tkhd.start] === 1 ? 88 : 76);
    if (at + 8 > tkhd.end) continue;
    const width = b.readUInt32BE(at) >>> 16;
    const height = b.readUInt32BE(at + 4) >>> 16;
    if (width > 0 && height > 0) return { width, height, durationMs };
  }
  return null;
};

/**
 * A pass-through stream that reads a file's resolution from its headers while it goes by: the
 * IHDR of a PNG, the start-of-frame of a JPEG, the video track header in an MP4's `moov` box
 * (wherever it sits; `mdat` is skipped, not kept). `result()` is null when nothing was found.
 * `check` runs on the result before the stream ends, so an error there fails the upload.
 */
export const createMediaProbe = (check?: (probed: Probed | null) => void) => {
  let head = Buffer.alloc(0);
  let kind: Probed['type'] | null = null;
  let found: Probed | null = null;
  // MP4 box walk: unconsumed bytes from absolute offset `bufStart`, skipping to `skipTo`.
  let pos = 0;
  let skipTo = 0;
  let buf = Buffer.alloc(0);
  let moovSize = 0;
  let mp4Done = false;

  const walkMp4 = (chunk: Buffer) => {
    if (mp4Done) return;
    const end = pos + chunk.length;
    if (end <= skipTo) return;
    buf = Buffer.concat([buf, chunk.subarray(Math.max(0, skipTo - pos))]);
    for (;;) {
      if (moovSize) {
        if (buf.length < moovSize) return;
        const info = moovInfo(buf.subarray(8, moovSize));
        found = info ? { type: 'mp4', ...info } : null;
        mp4Done = true;
        buf = Buffer.alloc(0);
        return;
      }
      if (buf.length < 16) return;
      let size = buf.readUInt32BE(0);
      if (size === 1) size = Number(buf.readBigUInt64BE(8));
      const type = buf.toString('latin1', 4, 8);
      if (size < 8) {
        mp4Done = true;
        return;
      }
      if (type === 'moov') {
        if (size > MOOV_CAP || buf.readUInt32BE(0) === 1) {
          mp4Done = true;
          return;
        }
        moovSize = size;
        continue;
      }
      if (buf.length >= size) {
        buf = buf.subarray(size);
        continue;
      }
      skipTo = end - buf.length + size;
      buf = Buffer.alloc(0);
      return;
    }
  };

  const stream = new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      if (kind === null) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 12) {
          if (startsWith(head, PNG_SIG)) kind = 'png';
          else if (startsWith(head, [0xff, 0xd8, 0xff])) kind = 'jpeg';
          else if (head.toString('latin1', 4, 8) === 'ftyp') kind = 'mp4';
          else kind = 'other';
          if (kind === 'mp4') {
            pos = 0;
            walkMp4(head);
            pos = head.length;
          }
          if (kind !== 'jpeg' && kind !== 'png') head = kind === 'other' ? Buffer.alloc(0) : head;
        }
      } else if (kind === 'mp4') {
        walkMp4(chunk);
        pos += chunk.length;
      } else if ((kind === 'jpeg' || kind === 'png') && head.length < JPEG_HEAD_CAP) {
        head = Buffer.concat([head, chunk.subarray(0, JPEG_HEAD_CAP - head.length)]);
      }
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      if (kind === 'png' || kind === 'jpeg') found = imageSize(head);
      if (kind === 'other' || (kind === null && head.length > 0))
        found = { type: 'other', width: 0, height: 0, durationMs: null };
      try {
        check?.(found);
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
  return {
    stream,
    /** What the headers said; only after the stream ended. */
    result: (): Probed | null => found,
  };
};
