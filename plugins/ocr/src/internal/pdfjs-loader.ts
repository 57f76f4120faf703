import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { SameThreadPort } from './same-thread-port.js';
import { installSyncInflate } from './sync-inflate.js';

type Pdfjs = typeof PdfjsModule;
/** An opened pdf.js document. */
export type PdfDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>;
/** One page of an opened pdf.js document. */
export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;
/** pdf.js's handle on its worker side, passed to `getDocument` to reuse it. */
export type PdfjsWorker = InstanceType<Pdfjs['PDFWorker']>;

/** What this module reads of pdf.js's worker bundle. */
interface WorkerBundle {
  WorkerMessageHandler: { initializeFromPort(port: SameThreadPort): void };
}

const require = createRequire(import.meta.url);
let loaded: Promise<{ pdfjs: Pdfjs; worker: PdfjsWorker }> | undefined;

/** The pdfjs-dist package directory (its standard fonts, CMaps and wasm decoders ship with it). */
export function pdfjsDirectory(): string {
  return dirname(require.resolve('pdfjs-dist/package.json'));
}

function loadOnce(): Promise<{ pdfjs: Pdfjs; worker: PdfjsWorker }> {
  loaded ??= (async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const bundle = (await import('pdfjs-dist/legacy/build/pdf.worker.mjs')) as unknown as WorkerBundle;
    const holder = globalThis as { pdfjsWorker?: unknown };
    holder.pdfjsWorker ??= bundle;
    // pdf.js inflates content streams and font programs through DecompressionStream when it exists.
    installSyncInflate();
    // pdf.js's own fake worker deep-clones every message (structuredClone) and is set up anew for
    // each document; one worker side on a port that hands messages over as they are serves them all.
    const port = new SameThreadPort();
    bundle.WorkerMessageHandler.initializeFromPort(port);
    // pdf.js types a port as a DOM Worker; it uses only postMessage and the listener calls.
    const worker = pdfjs.PDFWorker.create({ port: port as unknown as Worker, verbosity: 0 });
    return { pdfjs, worker };
  })();
  return loaded;
}

/**
 * Loads pdf.js's legacy build (the one meant for Node) once, in the calling thread, with its own
 * worker code in the same thread. Only pdf.js worker threads call this: the main thread never
 * loads pdf.js.
 *
 * The legacy build bundles core-js. On V8 before 12.2 (Node 20) core-js replaced
 * `Array.prototype.push` of the whole thread with a JavaScript function, which made every push
 * several times slower; on Node 24 V8 passes core-js's check and the native push stays, so nothing
 * needs restoring (pdfjs-loader.test.ts holds that).
 */
export async function loadPdfjs(): Promise<Pdfjs> {
  return (await loadOnce()).pdfjs;
}

/**
 * The thread's pdf.js worker side, in this thread, to pass to every `getDocument` (destroying a
 * document leaves it running for the next).
 */
export async function pdfjsWorker(): Promise<PdfjsWorker> {
  return (await loadOnce()).worker;
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
