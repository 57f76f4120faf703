import type { ExtractedDocument } from '@transmute/plugin-sdk';

/** What a format reader is given besides the file: the run's signal, limits and warnings. */
export interface ReadContext {
  signal: AbortSignal;
  /** The plugin's effective limits (manifest limits merged with operator overrides). */
  limits: Readonly<Record<string, number>>;
  /** A non-fatal problem, recorded as `code: detail` in the job's warnings. */
  warn(code: string, detail: string): void;
  /**
   * A directory of the run the reader may write embedded files into (e-mail attachments the
   * engine reads as child documents, see `writeAttachments`); absent, embedded files are only listed.
   */
  outputDir?: string;
}

/** The file a reader reads: always a local path (uploads and downloaded URLs alike). */
export interface DocumentFile {
  path: string;
  name: string;
  mediaType: string;
  sizeBytes: number;
}

/**
 * One document format (docx, xlsx, pptx, odt, epub, eml, …): the file → an mdast tree whose every
 * top-level block carries `data.provenance` (page, slide, sheet + cell range, chapter, e-mail part
 * in `path`), plus metadata. Readers run inside the plugin's parsing worker, never on the main
 * thread, so they read their file synchronously (a blocking read stalls only that thread, and an
 * asynchronous one costs thread-pool round trips that were much of a small file's time), and throw
 * `TransmuteError` with a failure code (`encrypted_document`, `archive_unsafe`, `corrupt_file`,
 * `unsupported_content`, `limit_exceeded`).
 */
export type FormatReader = (file: DocumentFile, ctx: ReadContext) => Promise<ExtractedDocument>;
