/**
 * Child process of the documents memory benchmark: extracts `copies` copies of one document at
 * once with the documents plugin (each in its own parsing worker, default limits) and prints
 * `{"ms", "baseRssMb", "maxRssMb", "boundMb", "outcomes"}` as one JSON line: the process's resident
 * set before the first extraction and at its peak, the plugin's `worker_max_heap_mb`, and per copy
 * `ok` or its failure code and sentence.
 * Run alone: `node --conditions=development --import tsx bench/src/internal/extract-documents-child.ts book.xlsx 1`.
 */
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { createDocumentsSource } from '../../../plugins/documents/src/index.js';

const MEDIA_TYPES: Record<string, string> = {
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const [path = '', copies = '1'] = process.argv.slice(2);
const mediaType = MEDIA_TYPES[extname(path)];
if (mediaType === undefined)
  throw new Error('usage: extract-documents-child.ts <file.docx|file.xlsx> [copies]');
const plugin = createDocumentsSource();
const file = { path, name: `hostile${extname(path)}`, mediaType, sizeBytes: (await stat(path)).size };
const baseRssMb = process.memoryUsage.rss() / 1024 / 1024;
const started = performance.now();
const outcomes = await Promise.all(
  Array.from({ length: Number(copies) }, async () => {
    try {
      const document = await plugin.extract(
        file,
        createTestContext({ limits: { ...plugin.manifest.limits } }),
      );
      return `ok: ${String(document.root.children.length)} blocks`;
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      return `${code ?? 'error'}: ${message ?? String(error)}`;
    }
  }),
);
process.stdout.write(
  `${JSON.stringify({
    ms: performance.now() - started,
    baseRssMb,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    boundMb: plugin.manifest.limits['worker_max_heap_mb'],
    outcomes,
  })}\n`,
);
