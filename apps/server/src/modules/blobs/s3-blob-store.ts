import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobStoreConfig } from '../../config';
import { type BlobStore, type ByteRange, blobKey } from './blob-store';

type S3Config = Extract<BlobStoreConfig, { kind: 's3' }>;

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** Bytes in an S3-compatible bucket under `prefix/sha256/ab/cd/<hash>`; multipart upload for large files. */
export const createS3BlobStore = (config: S3Config): BlobStore & { client: S3Client } => {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
  const Bucket = config.bucket;
  const keyOf = (sha256: string) => (config.prefix ? `${config.prefix}/${blobKey(sha256)}` : blobKey(sha256));

  return {
    kind: 's3',
    client,
    async put(sha256, tempFile) {
      try {
        await new Upload({
          client,
          params: { Bucket, Key: keyOf(sha256), Body: createReadStream(tempFile) },
          queueSize: 2,
          partSize: 8 * 1024 * 1024,
        }).done();
      } finally {
        await rm(tempFile, { force: true });
      }
    },
    async has(sha256) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(sha256) }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async open(sha256: string, range?: ByteRange) {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: keyOf(sha256),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable;
    },
    async remove(sha256) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(sha256) }));
    },
    async *list() {
      const Prefix = config.prefix ? `${config.prefix}/sha256/` : 'sha256/';
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          const name = item.Key?.split('/').pop() ?? '';
          if (/^[0-9a-f]{64}$/.test(name)) yield name;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
};
