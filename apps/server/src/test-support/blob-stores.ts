import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../modules/blobs/blob-store';
import { createDiskBlobStore } from '../modules/blobs/disk-blob-store';
import { startS3TestStore } from './s3-test-store';

/** A blob store opened for a test; `close` removes what it stored. */
export type StoreHarness = { store: BlobStore; close(): Promise<void> };

/** A disk store in a folder of its own, removed on close. */
const diskStore = async (): Promise<StoreHarness> => {
  const root = await mkdtemp(path.join(tmpdir(), 'cpm-blobs-'));
  return { store: createDiskBlobStore(root), close: () => rm(root, { recursive: true, force: true }) };
};

/** Every kind of blob store the server runs on, for `describe.each`: disk, and S3 against s3rver. */
export const blobStoreKinds = (s3: { bucket: string; prefix: string }) => [
  { name: 'disk', open: diskStore },
  { name: 's3 (s3rver)', open: (): Promise<StoreHarness> => startS3TestStore(s3) },
];
