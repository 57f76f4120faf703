import type { S3BlobStoreOptions } from './create-s3-blob-store.js';

/**
 * Reads `s3://bucket/prefix?endpoint=…&region=…&force_path_style=true` into the options of
 * `createS3BlobStore` (without `cacheDir`). The prefix gets a trailing `/`; credentials are not
 * part of the URL (the standard AWS chain provides them).
 *
 * @example
 * s3BlobUrlOptions('s3://media/transmute?region=eu-west-1');
 * // { bucket: 'media', prefix: 'transmute/', client: { region: 'eu-west-1' } }
 */
export function s3BlobUrlOptions(url: string): Omit<S3BlobStoreOptions, 'cacheDir'> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`TRANSMUTE_BLOB_URL is not a URL: ${url}`);
  }
  if (parsed.protocol !== 's3:' || parsed.hostname === '') {
    throw new Error('TRANSMUTE_BLOB_URL has the form s3://bucket/prefix?endpoint=…&region=….');
  }
  const path = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  const endpoint = parsed.searchParams.get('endpoint');
  const region = parsed.searchParams.get('region');
  const pathStyle = parsed.searchParams.get('force_path_style');
  return {
    bucket: parsed.hostname,
    prefix: path === '' ? '' : `${path}/`,
    client: {
      ...(endpoint === null ? {} : { endpoint }),
      ...(region === null ? {} : { region }),
      ...(pathStyle === null ? {} : { forcePathStyle: pathStyle === 'true' || pathStyle === '1' }),
    },
  };
}
