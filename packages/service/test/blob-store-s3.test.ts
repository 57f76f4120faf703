import { describeBlobStoreConformance } from '../src/testing.js';
import { startS3Server } from './support/s3-server.js';

describeBlobStoreConformance('S3 (s3rver on loopback)', async () => {
  const server = await startS3Server();
  return { blobs: await server.openBlobStore(), close: () => server.close() };
});
