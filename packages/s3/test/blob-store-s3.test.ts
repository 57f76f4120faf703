import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createS3BlobStore } from '../src/index.js';
import { describeBlobStoreConformance } from '@transmute/service/testing';
import { S3_TEST_CREDENTIALS, startS3Server } from './support/s3-server.js';

describeBlobStoreConformance('S3 (s3rver on loopback)', async () => {
  const server = await startS3Server();
  return { blobs: await server.openBlobStore(), close: () => server.close() };
});

describe('createS3BlobStore', () => {
  it('refuses to start on a bucket that does not exist', async () => {
    const server = await startS3Server();
    try {
      await expect(
        createS3BlobStore({
          bucket: 'no-such-bucket',
          client: {
            endpoint: server.endpoint,
            region: 'us-east-1',
            forcePathStyle: true,
            credentials: S3_TEST_CREDENTIALS,
          },
          cacheDir: join(tmpdir(), 'transmute-s3-unused'),
        }),
      ).rejects.toThrow(/no-such-bucket is not reachable/);
    } finally {
      await server.close();
    }
  });
});
