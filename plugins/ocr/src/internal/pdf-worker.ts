/**
 * Worker thread that owns pdf.js: opens one document at a time, lays out page text and renders
 * pages for OCR, so that parsing never blocks the main thread and a hung or bloated worker can be
 * terminated and replaced.
 */
import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { toGrayPixels, toPgm } from './gray-image.js';
import { hasUsableText, toPageLayout } from './layout-page.js';
import { loadPdfjs, pdfjsAssets, pdfjsWorker, type PdfDocument, type PdfPage } from './pdfjs-loader.js';
import type { PageLayout } from './layout-types.js';
import type { PageResult, PdfInfo, PdfReply, PdfRequest, RenderedPage } from './pdf-protocol.js';
import { toFailure, toFieldItems, toRuns } from './pdf-text.js';
import { toRulings } from './page-rulings.js';
import { mayHoldTable } from './page-table-hint.js';
import { textOnlyFontOptions } from './text-only-fonts.js';
import { mayUseType3Fonts } from './type3-scan.js';
import { joinVerticalColumns, verticalFontsOf } from './vertical-text.js';
import { isZapfDingbatsName } from './zapf-dingbats.js';

let document: PdfDocument | undefined;
/**
 * The open document's path, and whether it was opened to render. Text layout never needs image
 * pixels, yet pdf.js decodes (and clones across its fake-worker port) every image of a page whose
 * operator list is read for rulings: about a quarter of pdf.js's time on the tables corpus. Nor
 * does it need glyph outlines or font programs (`textOnlyFontOptions`). A document is opened for
 * text (without its images unless it may use Type3 fonts, whose glyphs can be images that pdf.js
 * measures them by), and reopened at the first page to render for OCR.
 */
let opened: { path: string; toRender: boolean } | undefined;
/** Documents with form fields: only their pages' annotations are read (for filled-in values). */
const withFormFields = new WeakSet<PdfDocument>();
/**
 * The text layout of the page after the last one asked for, started as soon as that reply is sent:
 * pages are read in order, so the worker lays out the next page while the reply crosses to the main
 * thread and the next request crosses back (a per-page round trip otherwise left the worker idle).
 */
let prefetched: { document: PdfDocument; page: number; layout: Promise<PageLayout> } | undefined;

async function open(path: string, toRender = false): Promise<PdfInfo> {
  await closeDocument();
  const pdfjs = await loadPdfjs();
  // Synchronous on purpose: this thread does nothing else meanwhile, and a thread-pool hop per file costs more.
  const data = new Uint8Array(readFileSync(path));
  const withImages = toRender || mayUseType3Fonts(data);
  const assets = pdfjsAssets();
  const task = pdfjs.getDocument({
    data,
    worker: await pdfjsWorker(),
    ...assets,
    cMapPacked: true,
    // Rendering needs font programs and glyph outlines; text alone does not (Type3 glyphs neither: they have no program).
    ...(toRender ? { disableFontFace: true } : textOnlyFontOptions()),
    // Keeps a font's name on the loaded font, so a ZapfDingbats font can be told (findDingbatFonts).
    fontExtraProperties: true,
    useSystemFonts: false,
    verbosity: 0,
    // 0 drops every image from operator lists (pdf.js: "Image exceeded maximum allowed size").
    ...(withImages ? {} : { maxImageSize: 0 }),
  });
  document = await task.promise;
  opened = { path, toRender };
  // Both asked at once: each is a round trip to pdf.js's worker side.
  const [fields, metadata] = await Promise.all([
    document.getFieldObjects().catch(() => null),
    document.getMetadata().catch(() => undefined),
  ]);
  // Cheap when there is no AcroForm; reading every page's annotations is not.
  if (fields !== null) withFormFields.add(document);
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
  opened = undefined;
  await settlePrefetch();
  if (current !== undefined) await current.loadingTask.destroy().catch(() => undefined);
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
  const gray = { width, height, pixels: toGrayPixels(context.getImageData(0, 0, width, height).data) };
  let dark = 0;
  for (const value of gray.pixels) if (value < 200) dark += 1;
  const pgm = toPgm(gray);
  return { pgm, width, height, dpi: scale * 72, blank: dark < 50 };
}

type HandleResult = { ok: true; info?: PdfInfo; page?: PageResult };
type AskedRequest = Extract<PdfRequest, { id: number }>;

async function handle(request: AskedRequest): Promise<HandleResult> {
  switch (request.type) {
    case 'open':
      return { ok: true, info: await open(request.path) };
    case 'page': {
      if (document === undefined) throw new Error('no document is open');
      const result: PageResult = {};
      if (request.text) result.layout = await takeLayout(document, request.page);
      if (request.renderDpi !== undefined) {
        const page = await (await documentToRender()).getPage(request.page);
        try {
          result.image = await render(page, request.renderDpi, request.maxPixels ?? 40_000_000);
        } finally {
          page.cleanup();
        }
      }
      return { ok: true, page: result };
    }
  }
}

/** The open document, reopened to render first if it was opened for text. */
async function documentToRender(): Promise<PdfDocument> {
  if (opened !== undefined && !opened.toRender) await open(opened.path, true);
  if (document === undefined) throw new Error('no document is open');
  return document;
}

/** Per document: whether each font id looked into so far is ZapfDingbats (ids are document-wide). */
const dingbatFontsSeen = new WeakMap<PdfDocument, Map<string, boolean>>();

/**
 * The page's fonts that are ZapfDingbats. Text content does not name its fonts; the operator list
 * loads them with their names, so it is asked for only when a font not looked into before came
 * without metrics and with pdf.js's sans-serif fallback (as the standard symbol fonts without an
 * embedded program do; Times and Courier fall back to serif and monospace), which keeps it off
 * ordinary pages.
 */
async function findDingbatFonts(
  from: PdfDocument,
  page: PdfPage,
  styles: Record<string, { ascent?: number | null; fontFamily?: string }>,
): Promise<Set<string>> {
  const seen = dingbatFontsSeen.get(from) ?? new Map<string, boolean>();
  dingbatFontsSeen.set(from, seen);
  // pdf.js reports the metrics of a font it has no program for as NaN (or null).
  const unmeasured = Object.keys(styles).filter(
    (id) =>
      !seen.has(id) &&
      styles[id]?.fontFamily === 'sans-serif' &&
      !Number.isFinite(styles[id]?.ascent ?? Number.NaN),
  );
  if (unmeasured.length > 0) {
    await page.getOperatorList();
    for (const id of unmeasured) {
      const font = page.commonObjs.has(id) ? (page.commonObjs.get(id) as { name?: unknown }) : {};
      seen.set(id, typeof font.name === 'string' && isZapfDingbatsName(font.name));
    }
  }
  return new Set(Object.keys(styles).filter((id) => seen.get(id) === true));
}

async function readLayout(from: PdfDocument, number: number): Promise<PageLayout> {
  const page = await from.getPage(number);
  try {
    const viewport = page.getViewport({ scale: 1 });
    // Unnormalized: pdf.js expands ligatures before it reverses a right-to-left item, which turns an
    // Arabic ligature's letters around; toRuns applies NFKC itself, after the order is right.
    const content = await page.getTextContent({ disableNormalization: true });
    const annotations = withFormFields.has(from)
      ? ((await page.getAnnotations().catch(() => [])) as unknown[])
      : [];
    const pdfjs = await loadPdfjs();
    const { runs, unmapped, frame, place } = toRuns(
      { items: [...joinVerticalColumns(content.items, content.styles), ...toFieldItems(annotations)] },
      viewport.transform,
      (a, b) => pdfjs.Util.transform(a, b) as number[],
      viewport,
      await findDingbatFonts(from, page, content.styles),
      verticalFontsOf(content.styles),
    );
    const size = { width: viewport.width, height: viewport.height };
    // The operator list is read for ruled tables only where the text looks tabular: it costs about
    // as much as the rest of the page, and prose pages are most pages.
    const rulings = mayHoldTable(runs) ? toRulings(await page.getOperatorList(), pdfjs.OPS, place) : [];
    return toPageLayout(number, runs, unmapped, size, frame, rulings);
  } finally {
    page.cleanup();
  }
}

/** The layout of a page: the prefetched one when it is that page, else read now. */
function takeLayout(from: PdfDocument, number: number): Promise<PageLayout> {
  const ready = prefetched;
  prefetched = undefined;
  if (ready !== undefined && ready.document === from && ready.page === number) return ready.layout;
  void ready?.layout.catch(() => undefined);
  return readLayout(from, number);
}

/** Starts laying out the page after `number`, if there is one (its error, if any, waits for its request). */
function prefetchAfter(number: number): void {
  const from = document;
  if (from === undefined || number >= from.numPages) return;
  const layout = readLayout(from, number + 1);
  layout.catch(() => undefined); // observed here; the request that takes it sees the error
  prefetched = { document: from, page: number + 1, layout };
}

/** Waits for (and drops) a prefetch still running, so a document is never destroyed under it. */
async function settlePrefetch(): Promise<void> {
  const pending = prefetched;
  prefetched = undefined;
  await pending?.layout.catch(() => undefined);
}

// pdf.js can leave a stray rejected promise behind on a broken file (a font or image that failed
// to load after its page was done): it must not take the worker down with the next page.
process.on('unhandledRejection', () => undefined);

/** Requests run one at a time, in the order they came. */
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', (request: PdfRequest) => {
  // A request that could not be answered at all (its time limit then ends the worker) must not stop the queue.
  queue = queue
    .then(() => (request.type === 'close' ? closeDocument() : answer(request)))
    .catch(() => undefined);
});

async function answer(request: AskedRequest): Promise<void> {
  const reply = await replyTo(request.id, () => handle(request));
  if (request.type === 'open' && reply.ok && request.firstPageId !== undefined) {
    // The page request this document's reader would send next, taken as sent.
    const { firstPageId: id, readAhead } = request;
    await answer({ id, type: 'page', page: 1, text: true, ...(readAhead !== undefined && { readAhead }) });
    return;
  }
  const layout = reply.ok ? reply.page?.layout : undefined;
  if (request.type === 'page' && request.readAhead !== undefined && layout !== undefined) {
    // Only when no rendering of this page is coming next: a page to OCR is rendered first.
    if (hasUsableText(layout, request.readAhead)) prefetchAfter(request.page);
  }
}

/** Runs a request's work and posts its reply (its failure as a reply). */
async function replyTo(id: number, work: () => Promise<HandleResult>): Promise<PdfReply> {
  let reply: PdfReply;
  try {
    reply = { ...(await work()), id, heapBytes: 0 };
  } catch (error) {
    const failure = toFailure(error);
    reply = { id, ok: false, code: failure.code, message: failure.message, heapBytes: 0 };
  }
  reply.heapBytes = getHeapStatistics().used_heap_size;
  const transfer =
    reply.ok && reply.page?.image !== undefined ? [reply.page.image.pgm.buffer as ArrayBuffer] : [];
  parentPort?.postMessage(reply, transfer);
  return reply;
}
if (process.env['PDF_PROF']) {
  const inspector = await import('node:inspector');
  const { writeFileSync } = await import('node:fs');
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  const { threadId } = await import('node:worker_threads');
  setTimeout(() => {
    session.post('Profiler.stop', (_e, r) =>
      writeFileSync(`/tmp/pdfw-${threadId}.cpuprofile`, JSON.stringify(r.profile)),
    );
  }, Number(process.env['PDF_PROF'])).unref?.();
}
