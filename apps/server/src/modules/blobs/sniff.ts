import { BLOB_TYPES, type BlobType } from '@cpm/contracts';

/** Bytes the sniffer needs from the start of a file. */
export const SNIFF_BYTES = 16;

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * The type of a file from its first bytes; the name only tells ZIP containers apart (an .xlsx and
 * an .apk are both ZIP), so a PNG renamed to .xlsx is still a PNG.
 */
export const sniffType = (head: Buffer, name: string): BlobType => {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('ftyp'), 4)) return 'mp4';
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const ext = extensionOf(name);
    if ((BLOB_TYPES.xlsx.extensions as readonly string[]).includes(ext)) return 'xlsx';
    if ((BLOB_TYPES.apk.extensions as readonly string[]).includes(ext)) return 'apk';
    return 'zip';
  }
  return 'binary';
};

/**
 * A file name without directories or control characters, or null. Names are shown and sent back
 * in Content-Disposition, so anything that could climb a path or break a header is refused.
 */
export const cleanFileName = (name: string | undefined, max: number): string | null => {
  if (!name) return null;
  const trimmed = name.normalize('NFC').trim();
  if (!trimmed || trimmed.length > max || trimmed === '.' || trimmed === '..') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[/\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(trimmed)) return null;
  return trimmed;
};
