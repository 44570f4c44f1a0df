import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3BlobStore } from '../modules/blobs/s3-blob-store';

/**
 * An S3 blob store against a real S3-compatible server (s3rver on a free port) with one empty
 * bucket; `close` stops the server and removes its folder.
 */
export const startS3TestStore = async (opts: { bucket: string; prefix: string }) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cpm-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const store = createS3BlobStore({
    kind: 's3',
    bucket: opts.bucket,
    prefix: opts.prefix,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await store.client.send(new CreateBucketCommand({ Bucket: opts.bucket }));
  return {
    store,
    /** The app's environment for this store (`BLOB_URL` and friends). */
    env: {
      BLOB_URL: `s3://${opts.bucket}${opts.prefix ? `/${opts.prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      store.client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
};
