import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { BLOB_KINDS, type BlobKind, SIGNED_URL_TTL, UPLOADABLE_BLOB_KINDS } from './blob-kinds';

const TAG = 'file';
const base = '/file/v1/file/blob';

const BlobKindSchema = z.enum(Object.keys(BLOB_KINDS) as [BlobKind, ...BlobKind[]]);

/** A stored file: its record; the bytes are shared by every record with the same sha256. */
export const BlobSchema = z.object({
  id: z.string(),
  kind: BlobKindSchema,
  /** File name as uploaded (no path). */
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** Media type decided from the content. */
  mediaType: z.string(),
  /** Hex SHA-256 of the bytes; also the download's ETag. */
  sha256: z.string(),
  /** Account (enterprise) the file belongs to. */
  ownerId: z.string(),
  createdAt: z.string(),
});
export type Blob = z.infer<typeof BlobSchema>;

const BlobIdQuery = z.object({ id: z.uuid() });

/** A download link that works without a session until it expires. */
export const SignedUrlSchema = z.object({
  /** Path and query, relative to the server. */
  url: z.string(),
  expiresAt: z.string(),
});

/** Query of a signed download link. */
export const SignedDownloadQuerySchema = z.object({
  id: z.uuid(),
  /** Expiry, Unix seconds. */
  expires: z.coerce.number().int().positive(),
  /** base64url HMAC-SHA256 of `id.expires`. */
  signature: z.string().min(1).max(100),
});

/** Uploads, downloads and signed links of stored files. */
export const blobEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: `${base}/upload`,
    summary: 'Stores one file (multipart/form-data, field `file`) of a kind that allows direct upload',
    tag: TAG,
    query: z.object({
      kind: z.enum(UPLOADABLE_BLOB_KINDS as [BlobKind, ...BlobKind[]]),
    }),
    upload: true,
    rateLimit: 'files',
    result: BlobSchema,
    permission: SIGNED_IN,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: `${base}/download`,
    summary: "A stored file's bytes; honours Range, If-Range and If-None-Match (ETag = sha256)",
    tag: TAG,
    query: BlobIdQuery,
    result: z.unknown(),
    permission: SIGNED_IN,
    binary: true,
  }),
  sign: defineEndpoint({
    method: 'POST',
    path: `${base}/sign`,
    rateLimit: 'links',
    summary: 'A short-lived download link for a stored file, usable without a session (terminals, links)',
    tag: TAG,
    body: z.strictObject({
      id: z.uuid(),
      /** Life of the link; default 15 minutes, at most 24 hours. */
      ttlSeconds: z.number().int().min(1).max(SIGNED_URL_TTL.maxSeconds).optional(),
    }),
    result: SignedUrlSchema,
    permission: SIGNED_IN,
  }),
  signedDownload: defineEndpoint({
    method: 'GET',
    path: `${base}/signed`,
    summary: 'Download through a signed link (no session); Range and ETag as for download',
    tag: TAG,
    query: SignedDownloadQuerySchema,
    result: z.unknown(),
    public: true,
    binary: true,
  }),
  deviceDownload: defineEndpoint({
    method: 'GET',
    path: '/device/v1/agent/blob/download',
    summary:
      'A terminal downloads a file of its enterprise (or one above it); Range and ETag as for download',
    tag: 'agent',
    query: BlobIdQuery,
    result: z.unknown(),
    device: true,
    binary: true,
  }),
};
