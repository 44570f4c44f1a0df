import type { Readable } from 'node:stream';
import type { BlobStoreConfig } from '../../config';
import { createDiskBlobStore } from './disk-blob-store';

/** Inclusive byte range of a stored file. */
export type ByteRange = { start: number; end: number };

/**
 * Where file bytes live, addressed by their SHA-256 (lower-case hex). The only code that touches
 * the disk folder or the bucket; everything else goes through the blobs service.
 */
export type BlobStore = {
  readonly kind: 'disk' | 's3';
  /** Takes a finished temp file in under its hash; the temp file is gone afterwards. Idempotent. */
  put(sha256: string, tempFile: string): Promise<void>;
  /** Whether bytes with this hash are stored. */
  has(sha256: string): Promise<boolean>;
  /** The stored bytes (or a range of them); throws when they are missing. */
  open(sha256: string, range?: ByteRange): Promise<Readable>;
  /** Removes the bytes; removing missing bytes is not an error. */
  remove(sha256: string): Promise<void>;
  /** Every stored hash (for checks and repairs; slow on large stores). */
  list(): AsyncIterable<string>;
};

const HASH = /^[0-9a-f]{64}$/;

/** Refuses anything but a SHA-256 in hex, so no key or path can be smuggled in. */
export const assertHash = (sha256: string) => {
  if (!HASH.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return sha256;
};

/** `sha256/ab/cd/<hash>`: the same layout on disk and in a bucket. */
export const blobKey = (sha256: string) =>
  `sha256/${assertHash(sha256).slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;

/** Opens the store the configuration names; the S3 client is loaded only when it is used. */
export const openBlobStore = async (config: BlobStoreConfig): Promise<BlobStore> => {
  if (config.kind === 'disk') return createDiskBlobStore(config.root);
  const { createS3BlobStore } = await import('./s3-blob-store');
  return createS3BlobStore(config);
};
