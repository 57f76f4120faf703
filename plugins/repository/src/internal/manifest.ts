import { SDK_VERSION, type PluginManifest } from '@transmute/plugin-sdk';

/** Media types of zip, tar and tar.gz archives as browsers and clients declare them. */
export const ARCHIVE_MEDIA_TYPES = [
  'application/zip',
  'application/x-zip-compressed',
  'application/x-tar',
  'application/gzip',
  'application/x-gzip',
  'application/x-compressed-tar',
];

/** The `source.repository_archive` plugin entry (its details are not shown in the spec; CONTRACT-style). */
export function createRepositoryManifest(): PluginManifest {
  return {
    id: 'source.repository_archive',
    kind: 'source_adapter',
    canonicalIdentifier: 'repository_archive.v1',
    useCase:
      'A zip or tar archive of a code repository to a markdown digest: the file tree, the README, then every text file fenced with its language.',
    mediaTypes: ARCHIVE_MEDIA_TYPES,
    outputFormats: [],
    costUnit: 'files',
    limits: {
      maximum_bytes: 104_857_600,
      maximum_entries: 20_000,
      maximum_uncompressed_bytes: 536_870_912,
      maximum_compression_ratio: 100,
      maximum_file_bytes: 1_048_576,
      maximum_document_bytes: 33_554_432,
      maximum_digest_characters: 20_000_000,
    },
    qualityThreshold: 0.8,
    sdkVersion: SDK_VERSION,
  };
}
