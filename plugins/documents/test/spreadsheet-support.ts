import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExtractedDocument } from '@transmute/plugin-sdk';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { afterAll } from 'vitest';
import type { ReadContext } from '../src/internal/format-reader.js';
import { SPREADSHEET_FORMATS } from '../src/spreadsheet/index.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ODS = 'application/vnd.oasis.opendocument.spreadsheet';

/** The markdown the engine writes (CommonMark + GFM), to assert exact tables. */
const processor = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', fences: true, rule: '-' })
  .freeze();

const folder = await mkdtemp(join(tmpdir(), 'sheets-'));
afterAll(() => rm(folder, { recursive: true, force: true }));
let counter = 0;

export interface ReadResult {
  document: ExtractedDocument;
  markdown: string;
  warnings: string[];
}

/** Writes the bytes to a file and reads it with the family's reader for that media type. */
export async function readSheet(
  bytes: Buffer | Uint8Array,
  mediaType: string,
  limits: Record<string, number> = {},
): Promise<ReadResult> {
  counter += 1;
  const path = join(folder, `book-${String(counter)}`);
  await writeFile(path, bytes);
  const warnings: string[] = [];
  const ctx: ReadContext = {
    signal: new AbortController().signal,
    limits,
    warn: (code, detail) => warnings.push(`${code}: ${detail}`),
  };
  const reader = SPREADSHEET_FORMATS[mediaType];
  if (reader === undefined) throw new Error(`no reader for ${mediaType}`);
  const document = await reader({ path, name: 'book', mediaType, sizeBytes: bytes.length }, ctx);
  const markdown = processor.stringify(document.root);
  return { document, markdown, warnings };
}
