import { TransmuteError } from '@transmute/plugin-sdk';
import type { PdfInfo, PdfReply, PageResult } from './pdf-protocol.js';
import type { PdfPool, PdfWorker } from './pdf-pool.js';

/**
 * One document opened on a lent pdf.js worker. When the worker dies, times out or grows past the
 * memory bound, a fresh worker takes its place and reopens the document before the next page.
 */
export class PdfSession {
  private worker: PdfWorker | undefined;
  private opened = false;
  /** The first page's text, sent by the worker unasked after the document opened (see {@link open}). */
  private firstPage: { id: number; reply: Promise<PdfReply> } | undefined;

  constructor(
    private readonly pool: PdfPool,
    private readonly path: string,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Opens the document; failures carry `encrypted_document`, `corrupt_file`… With `readAhead`
   * (pages are about to be read in order, from the first) the worker reads the first page's text
   * at once and sends it without being asked, which {@link page} then takes: its time limit runs
   * from the open's reply, as a page request's would. `readAhead` is then that request's.
   */
  async open(readAhead?: number): Promise<PdfInfo> {
    const worker = (this.worker ??= await this.pool.acquire());
    const firstPage = readAhead === undefined ? undefined : worker.expect();
    firstPage?.reply.catch(() => undefined); // observed here; page() or close() takes it
    const ahead =
      firstPage !== undefined && readAhead !== undefined ? { firstPageId: firstPage.id, readAhead } : {};
    let reply: PdfReply;
    try {
      reply = await worker.request({ type: 'open', path: this.path, ...ahead }, this.timeoutMs);
    } catch (error) {
      if (firstPage !== undefined) worker.forget(firstPage.id);
      throw error;
    }
    if (firstPage !== undefined) {
      if (reply.ok) {
        worker.arm(firstPage.id, this.timeoutMs);
        this.firstPage = firstPage;
      } else worker.forget(firstPage.id);
    }
    const info = expectOk(reply).info;
    this.opened = true;
    if (info === undefined)
      throw new TransmuteError('internal_error', 'The PDF worker sent no document facts.');
    return info;
  }

  /** Reads one page (text layout and/or a rendering). */
  async page(request: {
    page: number;
    text: boolean;
    renderDpi?: number;
    maxPixels?: number;
    readAhead?: number;
  }): Promise<PageResult> {
    const firstPage = this.firstPage;
    this.firstPage = undefined;
    if (firstPage !== undefined) {
      if (request.page === 1 && request.text && request.renderDpi === undefined)
        return expectOk(await firstPage.reply).page ?? {};
      this.worker?.forget(firstPage.id);
    }
    let worker = this.worker ?? (await this.pool.acquire());
    if (this.pool.needsRenewal(worker) || !this.opened) {
      if (this.pool.needsRenewal(worker)) worker = this.pool.renew(worker);
      this.worker = worker;
      this.opened = false;
      expectOk(await worker.request({ type: 'open', path: this.path }, this.timeoutMs));
      this.opened = true;
    }
    this.worker = worker;
    return expectOk(await worker.request({ type: 'page', ...request }, this.timeoutMs)).page ?? {};
  }

  /**
   * Closes the document and gives the worker back to the pool at once: the worker takes requests
   * in the order they came, so the next document's open waits behind this close there; the close
   * has no reply (a message each way saved per document).
   */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker === undefined) return;
    if (this.firstPage !== undefined) worker.forget(this.firstPage.id);
    this.firstPage = undefined;
    worker.notify({ type: 'close' });
    this.pool.release(worker);
    return Promise.resolve();
  }
}

function expectOk(reply: PdfReply): Extract<PdfReply, { ok: true }> {
  if (!reply.ok) throw new TransmuteError(reply.code, reply.message);
  return reply;
}
