import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { BlobStore } from '@transmute/service';
import { createS3BlobStore } from '../../src/index.js';

/** A real S3-protocol server (s3rver) on loopback, with one bucket. */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** A blob store on the bucket under `prefix`, its local copies in a fresh directory. */
  openBlobStore(prefix?: string): Promise<BlobStore>;
  close(): Promise<void>;
}

/** s3rver's fixed credentials (it checks SigV4 signatures with them). */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Starts s3rver on 127.0.0.1 (a free port) with a fresh directory and creates `bucket`. */
export async function startS3Server(bucket = 'transmute-test'): Promise<S3TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: join(dir, 'store'), silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${String(port)}`;
  const client = { endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS };
  const admin = new S3Client(client);
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  let stores = 0;
  return {
    endpoint,
    bucket,
    openBlobStore: (prefix = 'blobs-test/') => {
      stores += 1;
      return createS3BlobStore({
        bucket,
        prefix,
        client,
        cacheDir: join(dir, `cache-${String(stores)}`),
        partSizeBytes: 5 * 1024 * 1024,
      });
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
