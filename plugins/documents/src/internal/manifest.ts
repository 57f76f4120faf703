import { SDK_VERSION, type PluginManifest } from '@transmute/plugin-sdk';
import { DEFAULT_PACKAGE_LIMITS } from './open-package.js';
import { LEGACY_FORMATS } from '../legacy/index.js';
import { DOCUMENT_MEDIA_TYPES } from './formats.js';
import { DEFAULT_WORKER_MAX_HEAP_MB } from './worker-memory.js';
import { ATTACHMENT_LIMIT_DEFAULTS } from './write-attachments.js';
import { SPREADSHEET_LIMIT_DEFAULTS } from '../spreadsheet/index.js';

/**
 * The `source.documents` plugin entry. Its id is outside the spec's closed enum (CONTRACT §12):
 * registered and used like any other, its media types join `file_media_types`, it is not listed
 * under `plugins`. The legacy .doc/.xls/.ppt types are offered only when LibreOffice is installed
 * (`sofficeInstalled`).
 */
export function createDocumentsManifest(sofficeInstalled: boolean): PluginManifest {
  return {
    id: 'source.documents',
    kind: 'source_adapter',
    canonicalIdentifier: 'office_document.v1',
    useCase:
      'Office documents to structured text: headings, lists, tables, links, footnotes, comments, equations and images as a careful reader would copy them.',
    mediaTypes: DOCUMENT_MEDIA_TYPES.filter(
      (type) => sofficeInstalled || !Object.hasOwn(LEGACY_FORMATS, type),
    ),
    outputFormats: [],
    costUnit: 'extracted_characters',
    limits: {
      maximum_bytes: 104_857_600,
      maximum_package_entries: DEFAULT_PACKAGE_LIMITS.maximumEntries,
      maximum_uncompressed_bytes: DEFAULT_PACKAGE_LIMITS.maximumUncompressedBytes,
      maximum_compression_ratio: DEFAULT_PACKAGE_LIMITS.maximumCompressionRatio,
      maximum_part_bytes: DEFAULT_PACKAGE_LIMITS.maximumPartBytes,
      maximum_rows: SPREADSHEET_LIMIT_DEFAULTS.maximum_rows,
      maximum_cells: SPREADSHEET_LIMIT_DEFAULTS.maximum_cells,
      maximum_attachments: ATTACHMENT_LIMIT_DEFAULTS.maximum_attachments,
      maximum_attachment_bytes: ATTACHMENT_LIMIT_DEFAULTS.maximum_attachment_bytes,
      parse_timeout_seconds: 120,
      convert_timeout_seconds: 120,
      maximum_converted_bytes: 209_715_200,
      worker_max_heap_mb: DEFAULT_WORKER_MAX_HEAP_MB,
    },
    qualityThreshold: 0.5,
    sdkVersion: SDK_VERSION,
  };
}
