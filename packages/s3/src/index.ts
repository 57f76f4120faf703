export { createS3BlobStore, type S3BlobStoreOptions } from './create-s3-blob-store.js';
export { s3BlobUrlOptions } from './s3-blob-url.js';
