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

/** Loads pdf.js's legacy build (the one meant for Node) once. */
export function loadPdfjs(): Promise<Pdfjs> {
  loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs');
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
