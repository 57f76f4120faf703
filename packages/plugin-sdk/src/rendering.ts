import type { OutputProfile } from '@transmute/contract';

/** A file of a `zip` output (besides the originals added with `include_raw_source`). */
export interface RenderedFile {
  name: string;
  mediaType: string;
  content: string;
}

/**
 * A profile computed once, in every shape its formats need (CONTRACT §13): the markdown
 * document, the JSONL records, and the files of the zip. Renderers only pack it.
 */
export interface ProfileRendering {
  profile: OutputProfile;
  /** The `markdown` format artifact. */
  markdown: string;
  /** The `jsonl` format: one record per line, in order. */
  records: Record<string, unknown>[];
  /** The `zip` format's files, in order (e.g. `content.md`, `blocks.jsonl`). */
  files: RenderedFile[];
  /** Warnings of the profile (`code: sentence`). */
  warnings: string[];
}
