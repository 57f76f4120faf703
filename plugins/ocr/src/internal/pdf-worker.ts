/**
 * Worker thread that owns pdf.js: opens one document at a time, lays out page text and renders
 * pages for OCR, so that parsing never blocks the main thread and a hung or bloated worker can be
 * terminated and replaced.
 */
import { readFile } from 'node:fs/promises';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { toPageLayout } from './layout-page.js';
import { loadPdfjs, pdfjsAssets, type PdfDocument, type PdfPage } from './pdfjs-loader.js';
import type { PageResult, PdfInfo, PdfReply, PdfRequest, RenderedPage } from './pdf-protocol.js';
import { toFailure, toRuns } from './pdf-text.js';

let document: PdfDocument | undefined;

async function open(path: string): Promise<PdfInfo> {
  await closeDocument();
  const pdfjs = await loadPdfjs();
  const data = new Uint8Array(await readFile(path));
  const assets = pdfjsAssets();
  const task = pdfjs.getDocument({
    data,
    ...assets,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  document = await task.promise;
  const metadata = await document.getMetadata().catch(() => undefined);
  const info = (metadata?.info ?? {}) as Record<string, unknown>;
  const result: PdfInfo = { pageCount: document.numPages };
  const title = cleanString(info['Title']);
  const author = cleanString(info['Author']);
  const language = cleanString(info['Language']);
  if (title !== undefined) result.title = title;
  if (author !== undefined) result.author = author;
  if (language !== undefined) result.language = language;
  return result;
}

function cleanString(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex -- PDF info strings carry stray control characters
  const clean = value.replace(/[\u0000-\u001f]+/g, ' ').trim();
  return clean === '' ? undefined : clean;
}

async function closeDocument(): Promise<void> {
  const current = document;
  document = undefined;
  if (current !== undefined) await current.destroy().catch(() => undefined);
}

async function render(page: PdfPage, dpi: number, maxPixels: number): Promise<RenderedPage> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(dpi / 72, Math.sqrt(maxPixels / Math.max(1, base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  // pdf.js types its canvas parameters as DOM canvases; @napi-rs/canvas is the Node equivalent.
  const renderParameters = { canvas: null, canvasContext: context, viewport } as unknown as Parameters<
    PdfPage['render']
  >[0];
  await page.render(renderParameters).promise;
  const rgba = context.getImageData(0, 0, width, height).data;
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header, 0);
  let dark = 0;
  for (let source = 0, target = header.length; source < rgba.length; source += 4, target += 1) {
    const gray =
      ((rgba[source] ?? 255) * 77 + (rgba[source + 1] ?? 255) * 150 + (rgba[source + 2] ?? 255) * 29) >> 8;
    pgm[target] = gray;
    if (gray < 200) dark += 1;
  }
  return { pgm, width, height, dpi: scale * 72, blank: dark < 50 };
}

type HandleResult = { ok: true; info?: PdfInfo; page?: PageResult };

async function handle(request: PdfRequest): Promise<HandleResult> {
  switch (request.type) {
    case 'open':
      return { ok: true, info: await open(request.path) };
    case 'close':
      await closeDocument();
      return { ok: true };
    case 'page': {
      if (document === undefined) throw new Error('no document is open');
      const page = await document.getPage(request.page);
      try {
        const result: { layout?: ReturnType<typeof toPageLayout>; image?: RenderedPage } = {};
        if (request.text) {
          const viewport = page.getViewport({ scale: 1 });
          const content = await page.getTextContent();
          const pdfjs = await loadPdfjs();
          const { runs, unmapped } = toRuns(
            content,
            viewport.transform,
            (a, b) => pdfjs.Util.transform(a, b) as number[],
          );
          result.layout = toPageLayout(request.page, runs, unmapped);
        }
        if (request.renderDpi !== undefined) {
          result.image = await render(page, request.renderDpi, request.maxPixels ?? 40_000_000);
        }
        return { ok: true, page: result };
      } finally {
        page.cleanup();
      }
    }
  }
}

// pdf.js can leave a stray rejected promise behind on a broken file (a font or image that failed
// to load after its page was done): it must not take the worker down with the next page.
process.on('unhandledRejection', () => undefined);

parentPort?.on('message', (request: PdfRequest) => {
  void (async () => {
    let reply: PdfReply;
    try {
      reply = { ...(await handle(request)), id: request.id, heapBytes: 0 };
    } catch (error) {
      const failure = toFailure(error);
      reply = { id: request.id, ok: false, code: failure.code, message: failure.message, heapBytes: 0 };
    }
    reply.heapBytes = getHeapStatistics().used_heap_size;
    const transfer =
      reply.ok && reply.page?.image !== undefined ? [reply.page.image.pgm.buffer as ArrayBuffer] : [];
    parentPort?.postMessage(reply, transfer);
  })();
});
