/**
 * Checks a file before it is sent, mirroring what the server refuses: count, name, size, type by
 * its first bytes and its extension, and an image's dimensions. Pure functions over the first
 * bytes of the file, so a 1 GB image is never read into memory.
 */

/** A kind of file an upload accepts; each is known by its extensions and its first bytes. */
export type FileKind = 'apk' | 'zip' | 'xlsx' | 'png' | 'jpeg' | 'gif' | 'webp' | 'mp4' | 'pdf' | 'bin';

/** Rules for an image: exact size (boot animation matches the screen) or bounds. */
export type ImageRule = {
  width?: number;
  height?: number;
  maxWidth?: number;
  maxHeight?: number;
};

/** What an upload accepts; the server applies the same limits. */
export type UploadRules = {
  /** Largest file in bytes. */
  maxSize: number;
  /** Kinds accepted; a file must match one by extension and (where the kind has one) by first bytes. */
  accept: readonly FileKind[];
  /** Most files in one selection (the spec's 10 for system files); unlimited when absent. */
  maxCount?: number;
  /** Dimension rule for image kinds. */
  image?: ImageRule;
  /** File names only of letters, digits, dot, dash, underscore and spaces (spec: no Chinese or special characters). */
  plainName?: boolean;
};

/** Why a file is refused before sending; `params` fill the message. */
export type UploadProblem =
  | { code: 'empty' }
  | { code: 'tooMany'; params: { max: number } }
  | { code: 'tooLarge'; params: { max: number } }
  | { code: 'badName' }
  | { code: 'wrongType'; params: { accept: string } }
  | { code: 'typeMismatch' }
  | { code: 'unreadableImage' }
  | { code: 'badDimensions'; params: { width: number; height: number; rule: string } };

type KindInfo = {
  extensions: readonly string[];
  /** MIME types browsers give; an empty type (unknown to the browser) is not held against a file. */
  mimes: readonly string[];
  /** The family the first bytes must show, or null when the kind has no signature. */
  magic: MagicFamily | null;
};

/** What the first bytes say. */
export type MagicFamily = 'zip' | 'png' | 'jpeg' | 'gif' | 'webp' | 'mp4' | 'pdf';

export const FILE_KINDS: Record<FileKind, KindInfo> = {
  apk: { extensions: ['apk'], mimes: ['application/vnd.android.package-archive'], magic: 'zip' },
  zip: {
    extensions: ['zip'],
    mimes: ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'],
    magic: 'zip',
  },
  xlsx: {
    extensions: ['xlsx'],
    mimes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    magic: 'zip',
  },
  png: { extensions: ['png'], mimes: ['image/png'], magic: 'png' },
  jpeg: { extensions: ['jpg', 'jpeg'], mimes: ['image/jpeg'], magic: 'jpeg' },
  gif: { extensions: ['gif'], mimes: ['image/gif'], magic: 'gif' },
  webp: { extensions: ['webp'], mimes: ['image/webp'], magic: 'webp' },
  mp4: { extensions: ['mp4'], mimes: ['video/mp4'], magic: 'mp4' },
  pdf: { extensions: ['pdf'], mimes: ['application/pdf'], magic: 'pdf' },
  bin: { extensions: ['bin', 'img'], mimes: ['application/octet-stream'], magic: null },
};

const IMAGE_KINDS: ReadonlySet<FileKind> = new Set(['png', 'jpeg', 'gif', 'webp']);

/** How many leading bytes the checks need; images need more for their dimensions. */
export const HEAD_BYTES = 16;
export const IMAGE_HEAD_BYTES = 64 * 1024;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The family the first bytes belong to, or null when none is known. */
export const detectMagic = (head: Uint8Array): MagicFamily | null => {
  // Local file header, or the end record of an empty archive.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return 'gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 8 && ascii(head, 4, 8) === 'ftyp') return 'mp4';
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return 'pdf';
  return null;
};

/** Lower-case extension without the dot ('' when the name has none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const PLAIN_NAME = /^[A-Za-z0-9._\- ()]+$/;

/** The extensions of the accepted kinds, for the file picker's `accept` and the message. */
export const acceptedExtensions = (accept: readonly FileKind[]) => [
  ...new Set(accept.flatMap((k) => FILE_KINDS[k].extensions.map((e) => `.${e}`))),
];

/** The kind a file is taken as: the accepted kind its extension names. */
export const kindOf = (name: string, accept: readonly FileKind[]): FileKind | null => {
  const ext = extensionOf(name);
  return accept.find((k) => FILE_KINDS[k].extensions.includes(ext)) ?? null;
};

/** Whether the file's kind needs its dimensions read. */
export const isImageKind = (kind: FileKind | null) => kind !== null && IMAGE_KINDS.has(kind);

/** Describes an image rule for messages, e.g. `1280 × 720` or `≤ 1920 × 1080`. */
export const describeImageRule = (rule: ImageRule) => {
  if (rule.width !== undefined || rule.height !== undefined)
    return `${rule.width ?? '*'} × ${rule.height ?? '*'}`;
  return `≤ ${rule.maxWidth ?? '*'} × ${rule.maxHeight ?? '*'}`;
};

/** Checks an image's dimensions against the rule. */
export const checkDimensions = (
  size: { width: number; height: number },
  rule: ImageRule,
): UploadProblem | null => {
  const bad =
    (rule.width !== undefined && size.width !== rule.width) ||
    (rule.height !== undefined && size.height !== rule.height) ||
    (rule.maxWidth !== undefined && size.width > rule.maxWidth) ||
    (rule.maxHeight !== undefined && size.height > rule.maxHeight);
  return bad
    ? {
        code: 'badDimensions',
        params: { width: size.width, height: size.height, rule: describeImageRule(rule) },
      }
    : null;
};

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u32be = (b: Uint8Array, i: number) =>
  ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;

/** An image's width and height from its first bytes (PNG, JPEG, GIF, WebP); null when not found there. */
export const imageSizeFromHead = (head: Uint8Array): { width: number; height: number } | null => {
  switch (detectMagic(head)) {
    case 'png':
      // IHDR is always the first chunk.
      return head.length >= 24 && ascii(head, 12, 16) === 'IHDR'
        ? { width: u32be(head, 16), height: u32be(head, 20) }
        : null;
    case 'gif':
      return head.length >= 10 ? { width: u16le(head, 6), height: u16le(head, 8) } : null;
    case 'webp': {
      if (head.length < 30) return null;
      const chunk = ascii(head, 12, 16);
      if (chunk === 'VP8X')
        return {
          width: 1 + (head[24] | (head[25] << 8) | (head[26] << 16)),
          height: 1 + (head[27] | (head[28] << 8) | (head[29] << 16)),
        };
      if (chunk === 'VP8 ') return { width: u16le(head, 26) & 0x3fff, height: u16le(head, 28) & 0x3fff };
      if (chunk === 'VP8L') {
        const bits = head[21] | (head[22] << 8) | (head[23] << 16) | (head[24] << 24);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      return null;
    }
    case 'jpeg': {
      // Walk the segments to the first start-of-frame marker, which holds the size.
      let i = 2;
      while (i + 9 < head.length) {
        if (head[i] !== 0xff) return null;
        const marker = head[i + 1];
        if (marker === 0xff) {
          i += 1;
          continue;
        }
        const isFrame =
          marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
        if (isFrame) return { height: u16be(head, i + 5), width: u16be(head, i + 7) };
        i += 2 + u16be(head, i + 2);
      }
      return null;
    }
    default:
      return null;
  }
};

type FileFacts = { name: string; size: number; type: string };

/**
 * Checks one file by name, size, type (extension, MIME and first bytes) and, for images, size in
 * pixels. `head` holds the file's first bytes (`IMAGE_HEAD_BYTES` for images, else `HEAD_BYTES`).
 */
export const checkFile = (file: FileFacts, head: Uint8Array, rules: UploadRules): UploadProblem | null => {
  if (file.size === 0) return { code: 'empty' };
  if (rules.plainName && !PLAIN_NAME.test(file.name)) return { code: 'badName' };
  if (file.size > rules.maxSize) return { code: 'tooLarge', params: { max: rules.maxSize } };
  const kind = kindOf(file.name, rules.accept);
  if (!kind) return { code: 'wrongType', params: { accept: acceptedExtensions(rules.accept).join(', ') } };
  const info = FILE_KINDS[kind];
  // The browser's MIME type comes from the extension; a known type of another kind is a mismatch.
  if (file.type && !info.mimes.includes(file.type) && file.type !== 'application/octet-stream')
    return { code: 'typeMismatch' };
  if (info.magic && detectMagic(head) !== info.magic) return { code: 'typeMismatch' };
  if (isImageKind(kind) && rules.image) {
    const size = imageSizeFromHead(head);
    if (!size) return { code: 'unreadableImage' };
    return checkDimensions(size, rules.image);
  }
  return null;
};

/**
 * Splits a new selection by the count limit: the first ones that still fit are kept, the rest are
 * refused with `tooMany`. `current` is how many files the list already holds.
 */
export const splitByCount = <T>(current: number, adding: readonly T[], maxCount?: number) => {
  if (maxCount === undefined) return { kept: [...adding], refused: [] as T[] };
  const room = Math.max(0, maxCount - current);
  return { kept: adding.slice(0, room), refused: adding.slice(room) };
};

/** Reads just the bytes the checks need; the rest of the file stays on disk. */
export const readHead = async (
  file: { name: string; slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> } },
  accept: readonly FileKind[],
) => {
  const bytes = isImageKind(kindOf(file.name, accept)) ? IMAGE_HEAD_BYTES : HEAD_BYTES;
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
};
