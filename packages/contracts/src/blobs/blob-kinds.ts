import type { PermissionKey } from '../menu-tree';

/**
 * File types the server recognises by their first bytes (never by the name alone). A type whose
 * bytes are a ZIP container (xlsx, apk) is told apart by the extension once the bytes say ZIP.
 */
export const BLOB_TYPES = {
  png: { mediaType: 'image/png', extensions: ['png'] },
  jpeg: { mediaType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { mediaType: 'image/gif', extensions: ['gif'] },
  webp: { mediaType: 'image/webp', extensions: ['webp'] },
  mp4: { mediaType: 'video/mp4', extensions: ['mp4', 'm4v'] },
  pdf: { mediaType: 'application/pdf', extensions: ['pdf'] },
  gzip: { mediaType: 'application/gzip', extensions: ['gz', 'tgz'] },
  zip: { mediaType: 'application/zip', extensions: ['zip'] },
  xlsx: {
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
  },
  apk: { mediaType: 'application/vnd.android.package-archive', extensions: ['apk'] },
  /** Anything without a recognised signature (text, firmware images, ...). */
  binary: { mediaType: 'application/octet-stream', extensions: [] },
} as const satisfies Record<string, { mediaType: string; extensions: readonly string[] }>;

export type BlobType = keyof typeof BLOB_TYPES;

/** What a kind of upload may be: declared once here, checked by the server, shown by the console. */
export type BlobKindRule = {
  /** Largest accepted file in bytes; a bigger one is refused with 413 and nothing is stored. */
  maxBytes: number;
  /** Types (decided by content) the kind accepts. */
  types: readonly BlobType[];
  /** Permission a console user needs to download a stored file of this kind (besides data scope). */
  readPermission?: PermissionKey;
  /** Permission for the generic upload endpoint; kinds without it are only received by their own endpoint. */
  uploadPermission?: PermissionKey;
};

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/**
 * Every kind of upload. A domain that takes files adds its kind here with its size limit and
 * types, then calls the server's upload helper with it.
 */
/**
 * Images of every kind, judged by the size their headers declare before anything decodes them: a
 * few kilobytes can declare billions of pixels (a pixel bomb) that a viewer or terminal would try to
 * allocate. 64 megapixels is above any phone camera's default photo and any POS screen.
 */
export const IMAGE_LIMITS = {
  maxPixels: 64_000_000,
  maxSide: 20_000,
  /** Bytes read looking for the header (a JPEG's EXIF and thumbnail come before its frame header). */
  headerBytes: 2 * MiB,
} as const;

export const BLOB_KINDS = {
  /** An Excel workbook for an import; read at once, not kept. */
  excelImport: { maxBytes: 10 * MiB, types: ['xlsx'] },
  /** System files pushed to terminals (OTA packages, firmware, documents). */
  systemFile: {
    maxBytes: 1 * GiB,
    types: ['zip', 'apk', 'gzip', 'pdf', 'png', 'jpeg', 'gif', 'webp', 'mp4', 'binary'],
    readPermission: 'file:file:view',
    uploadPermission: 'file:file:upload',
  },
  /** Wallpapers and idle-screen videos. */
  wallpaper: {
    maxBytes: 200 * MiB,
    types: ['png', 'jpeg', 'mp4'],
    readPermission: 'file:wallpaper:view',
    uploadPermission: 'file:wallpaper:upload',
  },
  /** One frame of a boot animation before it is built into the ZIP (spec: 500 KB). */
  bootFrame: { maxBytes: 500 * 1024, types: ['png', 'jpeg'], readPermission: 'file:wallpaper:view' },
  /** A boot animation's bootanimation.zip, built or uploaded ready-made. */
  bootAnimation: { maxBytes: 64 * MiB, types: ['zip'], readPermission: 'file:wallpaper:view' },
  /** Photos and videos of after-sales orders and inspection records (a phone's camera). */
  supportMedia: {
    maxBytes: 50 * MiB,
    types: ['png', 'jpeg', 'webp', 'mp4'],
    readPermission: 'support:order:view',
    uploadPermission: 'support:order:view',
  },
  /** A list exported by a background job (XLSX, or CSV for very long lists); fetched through the job's link. */
  exportFile: { maxBytes: 4 * GiB, types: ['xlsx', 'binary'] },
  /** A screenshot or log a terminal sent back for a remote command. */
  capturedFile: {
    maxBytes: 20 * MiB,
    types: ['png', 'jpeg', 'gzip', 'binary'],
    readPermission: 'device:detail:view',
  },
  /** A remote desktop session's recording (frames and input log), written by the relay. */
  remoteRecording: { maxBytes: 4 * GiB, types: ['binary'], readPermission: 'remote:desktop:replay' },
  /** An app's APK as uploaded to the market (size checked again by the app market's own limit). */
  appPackage: { maxBytes: 1 * GiB, types: ['apk'], readPermission: 'app:detail:view' },
  /** A Windows app's installer: EXE or MSI (no recognised signature, checked by the market) or ZIP. */
  windowsPackage: { maxBytes: 1 * GiB, types: ['binary', 'zip'], readPermission: 'app:detail:view' },
  /** The launcher icon read from an APK. */
  appIcon: { maxBytes: 1 * MiB, types: ['png', 'jpeg', 'webp'] },
  /** A screenshot of an app (spec: JPG or PNG, at most 1 MB). */
  appScreenshot: { maxBytes: 1024 * 1024, types: ['png', 'jpeg'] },
} as const satisfies Record<string, BlobKindRule>;

export type BlobKind = keyof typeof BLOB_KINDS;

/** Kinds that the generic upload endpoint accepts. */
export const UPLOADABLE_BLOB_KINDS = Object.entries(BLOB_KINDS)
  .filter(([, rule]) => 'uploadPermission' in rule)
  .map(([kind]) => kind as BlobKind);

/** Longest accepted file name (characters). */
export const BLOB_NAME_MAX = 255;

/** Default and longest life of a signed download URL. */
export const SIGNED_URL_TTL = { defaultSeconds: 15 * 60, maxSeconds: 24 * 60 * 60 } as const;
