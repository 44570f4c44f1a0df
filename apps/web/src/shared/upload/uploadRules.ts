import { BLOB_KINDS, BLOB_NAME_MAX, BLOB_TYPES, type BlobKind, type BlobType } from '@cpm/contracts';
import { blobRoutes } from '@cpm/contracts/routes';

/**
 * Checks a file before it is sent, mirroring what the server refuses: count, name, size, type by
 * its first bytes (with the extension and MIME type agreeing), and an image's dimensions. Pure
 * functions over the first bytes of the file, so a 1 GB image is never read into memory.
 */

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
  /** Types accepted, decided by the first bytes as the server decides them. */
  accept: readonly BlobType[];
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

const IMAGE_TYPES: ReadonlySet<BlobType> = new Set(['png', 'jpeg', 'gif', 'webp']);

/** How many leading bytes the checks need; images need more for their dimensions. */
export const HEAD_BYTES = 16;
export const IMAGE_HEAD_BYTES = 64 * 1024;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** Lower-case extension without the dot ('' when the name has none). */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const hasExtension = (type: BlobType, ext: string) =>
  (BLOB_TYPES[type].extensions as readonly string[]).includes(ext);

/**
 * The type of a file from its first bytes, as the server decides it: the name only tells ZIP
 * containers apart (an .xlsx and an .apk are both ZIP), so a PNG renamed to .xlsx is still a PNG.
 */
export const sniffType = (head: Uint8Array, name: string): BlobType => {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return 'gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 8 && ascii(head, 4, 8) === 'ftyp') return 'mp4';
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const ext = extensionOf(name);
    if (hasExtension('xlsx', ext)) return 'xlsx';
    if (hasExtension('apk', ext)) return 'apk';
    return 'zip';
  }
  return 'binary';
};

/** The type the extension names, or null when it names none (or `binary`, which has no extension). */
export const typeOfExtension = (name: string): BlobType | null => {
  const ext = extensionOf(name);
  if (!ext) return null;
  return (Object.keys(BLOB_TYPES) as BlobType[]).find((t) => hasExtension(t, ext)) ?? null;
};

const PLAIN_NAME = /^[A-Za-z0-9._\- ()]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const UNSAFE_NAME = /[/\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The extensions of the accepted types, for the file picker and the hint; empty when any file may do. */
export const acceptedExtensions = (accept: readonly BlobType[]) =>
  accept.includes('binary')
    ? []
    : [...new Set(accept.flatMap((t) => BLOB_TYPES[t].extensions.map((e) => `.${e}`)))];

/** The accepted types for messages, e.g. `.zip, .apk` or `zip, apk, binary`. */
export const describeAccept = (accept: readonly BlobType[]) =>
  acceptedExtensions(accept).join(', ') || accept.join(', ');

/** Whether a file may be an image, so its dimensions need the longer head. */
export const mayBeImage = (name: string, accept: readonly BlobType[]) => {
  const named = typeOfExtension(name);
  return named ? IMAGE_TYPES.has(named) : accept.some((t) => IMAGE_TYPES.has(t));
};

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
  switch (sniffType(head, '')) {
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
 * Checks one file as the server will: name, emptiness, size and the type its first bytes show; then
 * that its extension and MIME type agree with those bytes, and an image's size in pixels. `head`
 * holds the file's first bytes (`IMAGE_HEAD_BYTES` for possible images, else `HEAD_BYTES`).
 */
export const checkFile = (file: FileFacts, head: Uint8Array, rules: UploadRules): UploadProblem | null => {
  const name = file.name.normalize('NFC').trim();
  if (!name || name.length > BLOB_NAME_MAX || UNSAFE_NAME.test(name) || name === '.' || name === '..')
    return { code: 'badName' };
  if (rules.plainName && !PLAIN_NAME.test(name)) return { code: 'badName' };
  if (file.size === 0) return { code: 'empty' };
  if (file.size > rules.maxSize) return { code: 'tooLarge', params: { max: rules.maxSize } };
  const type = sniffType(head, name);
  if (!rules.accept.includes(type))
    return { code: 'wrongType', params: { accept: describeAccept(rules.accept) } };
  // A known extension or MIME type that says something else than the bytes: a renamed file.
  const named = typeOfExtension(name);
  if (named && named !== type) return { code: 'typeMismatch' };
  const mimeType = (Object.keys(BLOB_TYPES) as BlobType[]).find(
    (t) => t !== 'binary' && BLOB_TYPES[t].mediaType === file.type,
  );
  // Some systems label any ZIP container application/zip, an .apk or .xlsx included.
  const zipLabelled = mimeType === 'zip' && (type === 'apk' || type === 'xlsx');
  if (mimeType && mimeType !== type && !zipLabelled) return { code: 'typeMismatch' };
  if (IMAGE_TYPES.has(type) && rules.image) {
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
  accept: readonly BlobType[],
) => {
  const bytes = mayBeImage(file.name, accept) ? IMAGE_HEAD_BYTES : HEAD_BYTES;
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
};

/** The rules of an upload kind declared in contracts (size limit and types), plus console-only ones. */
export const rulesForKind = (
  kind: BlobKind,
  extra: Omit<Partial<UploadRules>, 'maxSize' | 'accept'> = {},
): UploadRules => ({
  maxSize: BLOB_KINDS[kind].maxBytes,
  accept: BLOB_KINDS[kind].types,
  ...extra,
});

/** The generic upload endpoint's address for a kind. */
export const uploadUrlForKind = (kind: BlobKind) =>
  `${blobRoutes.upload.path}?kind=${encodeURIComponent(kind)}`;
