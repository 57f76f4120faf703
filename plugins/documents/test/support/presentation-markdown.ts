import { stat } from 'node:fs/promises';
import type { ExtractedDocument } from '@transmute/plugin-sdk';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import type { FormatReader } from '../../src/internal/format-reader.js';

const stringifier = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', emphasis: '_', rule: '-' })
  .freeze();

/** The tree as CommonMark + GFM, as the golden files of other plugins hold it. */
export function toMarkdown(root: Root): string {
  return stringifier.stringify(root);
}

/** Reads a file with a reader, collecting its warnings. */
export async function readWith(
  reader: FormatReader,
  path: string,
  mediaType: string,
): Promise<{ document: ExtractedDocument; markdown: string; warnings: string[] }> {
  const warnings: string[] = [];
  const document = await reader(
    { path, name: path.split('/').at(-1) ?? path, mediaType, sizeBytes: (await stat(path)).size },
    {
      signal: new AbortController().signal,
      limits: {},
      warn: (code, detail) => warnings.push(`${code}: ${detail}`),
    },
  );
  return { document, markdown: toMarkdown(document.root), warnings };
}

/** The reader a family's table holds for a media type (fails the test when it holds none). */
export function readerFor(formats: Record<string, FormatReader>, mediaType: string): FormatReader {
  const reader = formats[mediaType];
  if (reader === undefined) throw new Error(`no reader for ${mediaType}`);
  return reader;
}
