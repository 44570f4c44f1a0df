import { IMAGE_LIMITS } from '@cpm/contracts';
import { AppError } from './app-error';

/**
 * Image dimensions read from headers, never by decoding: what a PNG, JPEG, GIF or WebP declares
 * its size to be, so a small file that would decode into gigabytes of pixels is refused unread.
 */

export const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const startsWith = (b: Buffer, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);

/** Width and height of a PNG from its IHDR chunk, or null. */
export const pngSize = (b: Buffer): { width: number; height: number } | null => {
  if (!startsWith(b, PNG_SIG) || b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
};

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Width and height of a JPEG from its first start-of-frame segment, or null. */
export const jpegSize = (b: Buffer): { width: number; height: number } | null => {
  if (!startsWith(b, [0xff, 0xd8])) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = b.readUInt16BE(i + 2);
    if (SOF.has(marker)) {
      if (i + 9 > b.length) return null;
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
};

/** Width and height of a GIF's logical screen, or null. */
export const gifSize = (b: Buffer): { width: number; height: number } | null =>
  b.length >= 10 && b.toString('latin1', 0, 4) === 'GIF8'
    ? { width: b.readUInt16LE(6), height: b.readUInt16LE(8) }
    : null;

/** Width and height of a WebP from its VP8, VP8L or VP8X chunk, or null. */
export const webpSize = (b: Buffer): { width: number; height: number } | null => {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP')
    return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return null;
};

const READERS = { png: pngSize, jpeg: jpegSize, gif: gifSize, webp: webpSize } as const;

/** Refuses dimensions past `IMAGE_LIMITS` (a pixel bomb), in both languages, with what was declared. */
export const checkImageDimensions = (size: { width: number; height: number }) => {
  const { width, height } = size;
  if (
    width > IMAGE_LIMITS.maxSide ||
    height > IMAGE_LIMITS.maxSide ||
    width * height > IMAGE_LIMITS.maxPixels
  )
    throw new AppError('imageTooManyPixels', { result: { width, height, ...IMAGE_LIMITS } });
};

/**
 * Watches an upload's first bytes for an image's declared size and refuses a pixel bomb as soon as
 * the header is seen. Up to `IMAGE_LIMITS.headerBytes` are kept (a JPEG's EXIF comes first); a
 * header not found by then is left to the kind's own checks.
 */
export const createPixelGuard = (type: string) => {
  const read = READERS[type as keyof typeof READERS];
  let head = Buffer.alloc(0);
  let done = !read;
  return (chunk: Buffer) => {
    if (done) return;
    head = Buffer.concat([head, chunk.subarray(0, IMAGE_LIMITS.headerBytes - head.length)]);
    const size = read(head);
    if (size) {
      done = true;
      checkImageDimensions(size);
    } else if (head.length >= IMAGE_LIMITS.headerBytes) done = true;
  };
};
