/**
 * Writes, for every PDF of the two corpora (`pdf` and `tables`), what the OCR source makes of it
 * (text layer, OCR off): the extracted tree with every node's data (bboxes, provenance), the
 * metadata, the warnings, and the `raw_source` markdown page by page, one JSON file per PDF in
 * `OUT`. Run it at two versions and `diff -r` the folders to check a change leaves output alone.
 *
 *   OUT=/tmp/before node --conditions=development --import tsx bench/src/pdf-output-dump.ts
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { normalizeDocument } from '@transmute/engine';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { CORPORA } from './pdf-structure/labels.js';
import { markdownByPage } from './pdf-structure/extractors.js';

const OUT = process.env['OUT'];
if (OUT === undefined) throw new Error('OUT must name the folder to write to');
mkdirSync(OUT, { recursive: true });
const source = createOcrSource({ ocr: false });
try {
  for (const folder of ['pdf', 'tables']) {
    const directory = join(CORPORA, folder);
    for (const name of readdirSync(directory)
      .filter((n) => n.endsWith('.pdf'))
      .sort()) {
      const path = join(directory, name);
      const ctx = createTestContext({ limits: { ...source.manifest.limits } });
      let result: unknown;
      try {
        const file = {
          name: basename(path),
          mediaType: 'application/pdf',
          sizeBytes: statSync(path).size,
          path,
        };
        const extracted = await source.extract(file, ctx);
        const tree = JSON.stringify(extracted);
        const markdown = Object.fromEntries(markdownByPage(normalizeDocument(extracted).root));
        result = { tree: JSON.parse(tree) as unknown, warnings: ctx.warnings, markdown };
      } catch (error) {
        result = { error: String(error), warnings: ctx.warnings };
      }
      writeFileSync(join(OUT, `${folder}--${name}.json`), JSON.stringify(result, null, 1));
    }
  }
} finally {
  await source.close?.();
}
