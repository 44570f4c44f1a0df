import { crc32, deflateSync } from 'node:zlib';
import { createStoredZipWriter } from './boot-zip';

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/**
 * A real RGB PNG of the given size (for tests). `noise` fills it with incompressible bytes so a
 * test can make a frame as large as it needs.
 */
export const pngOf = (width: number, height: number, opts: { seed?: number; noise?: boolean } = {}) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let x = (opts.seed ?? 1) * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    if (i % (width * 3 + 1) === 0) continue;
    if (opts.noise) {
      x = (x * 1103515245 + 12345) >>> 0;
      raw[i] = x >>> 24;
    } else raw[i] = ((opts.seed ?? 1) * 40 + i) % 256;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: opts.noise ? 0 : 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A JPEG's header segments (APP0 then a baseline start-of-frame) and some scan bytes. */
export const jpegOf = (width: number, height: number) => {
  const app0 = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0,
    11,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    1,
    1,
    0x11,
    0,
  ]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    sof,
    Buffer.from([0xff, 0xda, 0, 2]),
    Buffer.alloc(200, 7),
    Buffer.from([0xff, 0xd9]),
  ]);
};

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

/** An MP4 container with a video track of the given size; `moovLast` puts the movie box after the media data. */
export const mp4Of = (
  width: number,
  height: number,
  opts: { durationMs?: number; mdatBytes?: number; moovLast?: boolean } = {},
) => {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(opts.durationMs ?? 5000, 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(width << 16, 76);
  tkhd.writeUInt32BE(height << 16, 80);
  const hdlr = Buffer.concat([Buffer.alloc(8), Buffer.from('vide', 'latin1'), Buffer.alloc(13)]);
  const moov = box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd), box('mdia', box('hdlr', hdlr))));
  const mdat = box('mdat', Buffer.alloc(opts.mdatBytes ?? 4000, 9));
  return opts.moovLast === false ? Buffer.concat([ftyp, moov, mdat]) : Buffer.concat([ftyp, mdat, moov]);
};

/** A stored ZIP of the given entries, written by the product's own writer. */
export const storedZip = (entries: [string, Buffer][]) => {
  const w = createStoredZipWriter(new Date('2026-01-02T03:04:05Z'));
  const parts: Buffer[] = [];
  for (const [name, data] of entries) parts.push(...w.entry(name, data).chunks);
  parts.push(w.finish());
  return Buffer.concat(parts);
};

/** Offsets of every central-directory record in a ZIP (to tamper with in tests). */
export const centralRecords = (zip: Buffer) => {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const offsets: number[] = [];
  let i = zip.readUInt32LE(eocd + 16);
  while (i < eocd) {
    offsets.push(i);
    i += 46 + zip.readUInt16LE(i + 28) + zip.readUInt16LE(i + 30) + zip.readUInt16LE(i + 32);
  }
  return offsets;
};

/** The names and methods of a ZIP's entries, in order, read with the central directory. */
export const zipEntries = (zip: Buffer) =>
  centralRecords(zip).map((i) => ({
    name: zip.toString('utf8', i + 46, i + 46 + zip.readUInt16LE(i + 28)),
    method: zip.readUInt16LE(i + 10),
    size: zip.readUInt32LE(i + 24),
    compressed: zip.readUInt32LE(i + 20),
  }));
