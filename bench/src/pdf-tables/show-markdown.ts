/**
 * Prints the raw markdown the OCR source makes of PDFs (a development aid for the table labels).
 *
 *   node --conditions=development --import tsx bench/src/pdf-tables/show-markdown.ts <file.pdf>…
 */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

const source = createOcrSource({ ocr: false });
try {
  for (const path of process.argv.slice(2)) {
    const ctx = createTestContext({ limits: { ...source.manifest.limits } });
    const file = { name: basename(path), mediaType: 'application/pdf', sizeBytes: statSync(path).size, path };
    const document = await source.extract(file, ctx);
    process.stdout.write(`${unified().use(remarkGfm).use(remarkStringify).stringify(document.root)}\n`);
  }
} finally {
  await source.close?.();
}
