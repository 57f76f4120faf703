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

  constructor(
    private readonly pool: PdfPool,
    private readonly path: string,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Opens the document; failures carry `encrypted_document`, `corrupt_file`… With `readAhead`
   * the worker starts on the first page's text at once (pages are about to be read in order).
   */
  async open(readAhead = false): Promise<PdfInfo> {
    this.worker ??= await this.pool.acquire();
    const reply = expectOk(
      await this.worker.request({ type: 'open', path: this.path, readAhead }, this.timeoutMs),
    );
    this.opened = true;
    if (reply.info === undefined)
      throw new TransmuteError('internal_error', 'The PDF worker sent no document facts.');
    return reply.info;
  }

  /** Reads one page (text layout and/or a rendering). */
  async page(request: {
    page: number;
    text: boolean;
    renderDpi?: number;
    maxPixels?: number;
    readAhead?: number;
  }): Promise<PageResult> {
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
   * Closes the document and gives the worker back to the pool at once: the worker answers requests
   * in the order they came, so the next document's open waits behind this close there, and this
   * caller need not wait for the reply (a round trip per document).
   */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker === undefined) return;
    if (!worker.dead) void worker.request({ type: 'close' }, this.timeoutMs).catch(() => undefined);
    this.pool.release(worker);
    return Promise.resolve();
  }
}

function expectOk(reply: PdfReply): Extract<PdfReply, { ok: true }> {
  if (!reply.ok) throw new TransmuteError(reply.code, reply.message);
  return reply;
}
