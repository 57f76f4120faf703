import { describe, expect, it } from 'vitest';
import { s3BlobUrlOptions } from '../src/index.js';

describe('s3BlobUrlOptions', () => {
  it('reads bucket, prefix and client settings from the URL', () => {
    expect(
      s3BlobUrlOptions(
        's3://media/transmute/prod/?endpoint=http://127.0.0.1:9000&region=us-east-1&force_path_style=true',
      ),
    ).toEqual({
      bucket: 'media',
      prefix: 'transmute/prod/',
      client: { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true },
    });
  });

  it('keeps the bucket root and the AWS defaults when nothing else is given', () => {
    expect(s3BlobUrlOptions('s3://media')).toEqual({ bucket: 'media', prefix: '', client: {} });
  });

  it('refuses what is not an s3:// URL', () => {
    expect(() => s3BlobUrlOptions('/var/blobs')).toThrow(/not a URL/);
    expect(() => s3BlobUrlOptions('https://bucket/prefix')).toThrow(/s3:\/\/bucket/);
  });
});
