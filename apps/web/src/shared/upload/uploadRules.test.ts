import { File as NodeFile } from 'node:buffer';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  checkDimensions,
  checkFile,
  HEAD_BYTES,
  IMAGE_HEAD_BYTES,
  imageSizeFromHead,
  readHead,
  rulesForKind,
  sniffType,
  splitByCount,
  type UploadRules,
} from './uploadRules';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const chunk = (type: string, data: Uint8Array) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  return Buffer.concat([Buffer.from(be32(data.length)), body, Buffer.from(be32(crc32(body)))]);
};

/** A complete, decodable PNG of the given size (grey pixels). */
const png = (width: number, height: number) => {
  const ihdr = new Uint8Array([...be32(width), ...be32(height), 8, 0, 0, 0, 0]);
  const raw = Buffer.alloc((width + 1) * height);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
};

/** A JPEG header: SOI, an APP0 (JFIF) segment, a quantisation table, then the baseline frame. */
const jpegHead = (width: number, height: number) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, 0, 16],
    'JFIF',
    [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xdb, 0, 67, 0],
    new Array(64).fill(1),
    [0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3],
    [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  );

const zipHead = bytes([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0]);

const file = (name: string, size: number, type = '') => ({ name, size, type });

// The limits the server applies, from contracts.
const SYSTEM_FILES = rulesForKind('systemFile', { maxCount: 10, plainName: true });
const EXCEL = rulesForKind('excelImport');
const BOOT_IMAGE: UploadRules = {
  maxSize: 500 * 1024,
  accept: ['png', 'jpeg'],
  image: { width: 1280, height: 720 },
};

describe('upload checks: size', () => {
  it('takes the limit of the kind from contracts (1 GB for system files)', () => {
    expect(SYSTEM_FILES.maxSize).toBe(1024 ** 3);
  });

  it('accepts a file at the limit and refuses one byte over', () => {
    expect(checkFile(file('ota.zip', 1024 ** 3), zipHead, SYSTEM_FILES)).toBeNull();
    expect(checkFile(file('ota.zip', 1024 ** 3 + 1), zipHead, SYSTEM_FILES)).toEqual({
      code: 'tooLarge',
      params: { max: 1024 ** 3 },
    });
  });

  it('refuses an empty file', () => {
    expect(checkFile(file('ota.zip', 0), new Uint8Array(), SYSTEM_FILES)).toEqual({ code: 'empty' });
  });
});

describe('upload checks: type', () => {
  it('knows files by their first bytes', () => {
    expect(sniffType(zipHead, 'ota.zip')).toBe('zip');
    expect(sniffType(zipHead, 'app.APK')).toBe('apk');
    expect(sniffType(zipHead, 'devices.xlsx')).toBe('xlsx');
    expect(sniffType(png(2, 2), 'x.xlsx')).toBe('png');
    expect(sniffType(jpegHead(2, 2), 'x')).toBe('jpeg');
    expect(sniffType(bytes('GIF89a', [1, 0, 1, 0]), 'x')).toBe('gif');
    expect(sniffType(bytes('%PDF-1.7'), 'x')).toBe('pdf');
    expect(sniffType(bytes([0x1f, 0x8b, 8, 0]), 'x')).toBe('gzip');
    expect(sniffType(bytes([0, 0, 0, 24], 'ftypmp42'), 'x')).toBe('mp4');
    expect(sniffType(bytes('hello world'), 'x')).toBe('binary');
  });

  it('refuses a type the kind does not accept, naming the accepted ones', () => {
    expect(checkFile(file('notes.txt', 10, 'text/plain'), bytes('hello'), EXCEL)).toEqual({
      code: 'wrongType',
      params: { accept: '.xlsx' },
    });
    expect(checkFile(file('noextension', 10), zipHead, EXCEL)?.code).toBe('wrongType');
    expect(checkFile(file('devices.xlsx', 10), zipHead, EXCEL)).toBeNull();
    // System files take anything without a signature too (firmware images), as the server does.
    expect(checkFile(file('firmware.img', 10), bytes('raw firmware bytes'), SYSTEM_FILES)).toBeNull();
  });

  it('refuses a file whose bytes do not match its extension (a renamed text file)', () => {
    expect(checkFile(file('fake.apk', 100), bytes('this is text, not a zip'), SYSTEM_FILES)).toEqual({
      code: 'typeMismatch',
    });
    expect(checkFile(file('ota.zip', 100), bytes([0x1f, 0x8b, 8, 0]), SYSTEM_FILES)).toEqual({
      code: 'typeMismatch',
    });
    expect(checkFile(file('photo.png', 100, 'image/png'), jpegHead(1280, 720), BOOT_IMAGE)).toEqual({
      code: 'typeMismatch',
    });
  });

  it('refuses a MIME type of another kind, but not an unknown or generic one', () => {
    expect(checkFile(file('app.apk', 100, 'image/png'), zipHead, SYSTEM_FILES)).toEqual({
      code: 'typeMismatch',
    });
    expect(checkFile(file('app.apk', 100, ''), zipHead, SYSTEM_FILES)).toBeNull();
    expect(checkFile(file('app.apk', 100, 'application/octet-stream'), zipHead, SYSTEM_FILES)).toBeNull();
    expect(
      checkFile(file('APP.APK', 100, 'application/vnd.android.package-archive'), zipHead, SYSTEM_FILES),
    ).toBeNull();
  });

  it('refuses names with Chinese or special characters where the spec asks', () => {
    expect(checkFile(file('系统包.zip', 100), zipHead, SYSTEM_FILES)).toEqual({ code: 'badName' });
    expect(checkFile(file('a\u0007.zip', 100), zipHead, BOOT_IMAGE)).toEqual({ code: 'badName' });
    expect(checkFile(file(`${'a'.repeat(252)}.zip`, 100), zipHead, BOOT_IMAGE)).toEqual({ code: 'badName' });
    expect(checkFile(file('a&b.zip', 100), zipHead, SYSTEM_FILES)).toEqual({ code: 'badName' });
    expect(checkFile(file('ota-v2_1 (final).zip', 100), zipHead, SYSTEM_FILES)).toBeNull();
    expect(checkFile(file('系统包.png', 100, 'image/png'), png(1280, 720), BOOT_IMAGE)).toBeNull();
  });
});

describe('upload checks: image dimensions', () => {
  it('reads width and height from the first bytes of PNG and JPEG', () => {
    expect(imageSizeFromHead(png(1280, 720))).toEqual({ width: 1280, height: 720 });
    expect(imageSizeFromHead(jpegHead(800, 600))).toEqual({ width: 800, height: 600 });
    expect(imageSizeFromHead(bytes('GIF89a', [0x40, 0x01, 0xf0, 0x00]))).toEqual({ width: 320, height: 240 });
    expect(imageSizeFromHead(png(3, 3).subarray(0, 20))).toBeNull();
  });

  it('accepts an image of the screen size and refuses any other', () => {
    expect(checkFile(file('boot.png', 2000, 'image/png'), png(1280, 720), BOOT_IMAGE)).toBeNull();
    expect(checkFile(file('boot.jpg', 2000, 'image/jpeg'), jpegHead(1280, 720), BOOT_IMAGE)).toBeNull();
    expect(checkFile(file('boot.png', 2000, 'image/png'), png(720, 1280), BOOT_IMAGE)).toEqual({
      code: 'badDimensions',
      params: { width: 720, height: 1280, rule: '1280 × 720' },
    });
  });

  it('applies upper bounds', () => {
    const rule = { maxWidth: 1920, maxHeight: 1080 };
    expect(checkDimensions({ width: 1920, height: 1080 }, rule)).toBeNull();
    expect(checkDimensions({ width: 1921, height: 10 }, rule)?.code).toBe('badDimensions');
    expect(checkDimensions({ width: 10, height: 1081 }, rule)?.code).toBe('badDimensions');
  });

  it('refuses an image whose size cannot be read', () => {
    const truncated = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(checkFile(file('boot.png', 2000, 'image/png'), truncated, BOOT_IMAGE)).toEqual({
      code: 'unreadableImage',
    });
  });
});

describe('upload checks: count', () => {
  it('keeps what fits under the limit and refuses the rest', () => {
    const picked = Array.from({ length: 12 }, (_, i) => `f${i}`);
    expect(splitByCount(0, picked, 10)).toEqual({ kept: picked.slice(0, 10), refused: ['f10', 'f11'] });
    expect(splitByCount(8, picked.slice(0, 3), 10)).toEqual({ kept: ['f0', 'f1'], refused: ['f2'] });
    expect(splitByCount(10, ['x'], 10)).toEqual({ kept: [], refused: ['x'] });
    expect(splitByCount(50, picked, undefined).kept).toHaveLength(12);
  });
});

describe('reading the head of a file', () => {
  it('reads only the first bytes: a few for archives, more for images', async () => {
    // Node's File: jsdom's Blob cannot read itself.
    const big = new NodeFile([new Uint8Array(200 * 1024)], 'ota.zip');
    expect((await readHead(big, SYSTEM_FILES.accept)).length).toBe(HEAD_BYTES);
    const image = new NodeFile([new Uint8Array(200 * 1024)], 'boot.png');
    expect((await readHead(image, SYSTEM_FILES.accept)).length).toBe(IMAGE_HEAD_BYTES);
  });
});
