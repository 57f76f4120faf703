import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type Pdfjs = typeof PdfjsModule;
/** An opened pdf.js document. */
export type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;
/** One page of an opened pdf.js document. */
export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

const require = createRequire(import.meta.url);
let loaded: Promise<Pdfjs> | undefined;

/** The pdfjs-dist package directory (its standard fonts, CMaps and wasm decoders ship with it). */
export function pdfjsDirectory(): string {
  return dirname(require.resolve('pdfjs-dist/package.json'));
}

/**
 * Loads pdf.js's legacy build (the one meant for Node) once, in the calling thread, with its own
 * worker code in the same thread (the "fake worker"). Only pdf.js worker threads call this: the
 * main thread never loads pdf.js.
 *
 * The legacy build bundles core-js. On V8 before 12.2 (Node 20) core-js replaced
 * `Array.prototype.push` of the whole thread with a JavaScript function, which made every push
 * several times slower; on Node 24 V8 passes core-js's check and the native push stays, so nothing
 * needs restoring (pdfjs-loader.test.ts holds that).
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loaded ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const holder = globalThis as { pdfjsWorker?: unknown };
    holder.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return pdfjs;
  })();
  return loaded;
}

/** Local asset directories pdf.js needs: nothing is ever fetched over the network. */
export function pdfjsAssets(): { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string } {
  const root = pdfjsDirectory();
  return {
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
    cMapUrl: join(root, 'cmaps') + '/',
    wasmUrl: join(root, 'wasm') + '/',
  };
}
