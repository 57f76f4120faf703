/**
 * The PDF benchmark's baseline, in a thread of its own like our pdf.js workers: a raw pdfjs-dist
 * `getTextContent` loop over every page of each file it is sent, replying with the page count.
 * pdf.js loads as users load it (on Node 24 its legacy build keeps the native `Array.prototype.push`;
 * plugins/ocr's pdfjs-loader test asserts that).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';

/** A request to the raw worker and its reply. */
export interface RawRequest {
  id: number;
  path: string;
}
export type RawReply = { id: number; pages: number } | { id: number; error: string };

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
await import('pdfjs-dist/legacy/build/pdf.worker.mjs');

async function readAllPages(path: string): Promise<number> {
  const task = pdfjs.getDocument({
    data: new Uint8Array(readFileSync(path)),
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts/'),
    cMapUrl: join(pdfjsRoot, 'cmaps/'),
    cMapPacked: true,
    disableFontFace: true,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      await page.getTextContent();
      page.cleanup();
    }
    return doc.numPages;
  } finally {
    await doc.loadingTask.destroy();
  }
}

process.on('unhandledRejection', () => undefined);

parentPort?.on('message', (request: RawRequest) => {
  readAllPages(request.path).then(
    (pages) => parentPort?.postMessage({ id: request.id, pages } satisfies RawReply),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: String(error) } satisfies RawReply),
  );
});
