import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfWorker } from '../src/internal/pdf-pool.js';
import type { PdfReply } from '../src/internal/pdf-protocol.js';
import { fixtures } from './helpers.js';

const worker = new PdfWorker(512);
afterAll(async () => {
  await worker.terminate();
});

function expectOk(reply: PdfReply): Extract<PdfReply, { ok: true }> {
  if (!reply.ok) throw new Error(`${reply.code}: ${reply.message}`);
  return reply;
}

async function pageText(page: number, readAhead?: number): Promise<{ page: number; text: string }> {
  const request = readAhead === undefined ? { page, text: true } : { page, text: true, readAhead };
  const reply = expectOk(await worker.request({ type: 'page', ...request }, 30_000));
  const layout = reply.page?.layout;
  if (layout === undefined) throw new Error('no layout');
  return { page: layout.page, text: JSON.stringify(layout.blocks) };
}

describe('the pdf.js worker', () => {
  const twoColumn = join(fixtures, 'two-column.pdf');
  const report = join(fixtures, 'report-table.pdf');

  /** Opens a document with its first page read at once, as a reader from page 1 does. */
  async function openWithFirstPage(path: string): Promise<{ pageCount: number; first: string }> {
    const expected = worker.expect();
    const opened = expectOk(
      await worker.request({ type: 'open', path, firstPageId: expected.id, readAhead: 0 }, 30_000),
    );
    worker.arm(expected.id, 30_000);
    const layout = expectOk(await expected.reply).page?.layout;
    expect(layout?.page).toBe(1);
    return { pageCount: opened.info?.pageCount ?? 0, first: JSON.stringify(layout?.blocks) };
  }

  it('answers every page request with that page, whatever was read ahead', async () => {
    const { pageCount, first } = await openWithFirstPage(twoColumn);
    expect(pageCount).toBeGreaterThanOrEqual(2);
    // Read in order with read-ahead, then out of order (the read-ahead page is not the one asked for).
    const inOrder = [{ page: 1, text: first }, await pageText(2, 0)];
    const outOfOrder = [await pageText(2), await pageText(1)];
    expect(inOrder.map((page) => page.page)).toEqual([1, 2]);
    expect(outOfOrder.map((page) => page.page)).toEqual([2, 1]);
    expect(outOfOrder[0]?.text).toBe(inOrder[1]?.text);
    expect(outOfOrder[1]?.text).toBe(inOrder[0]?.text);
    expect(inOrder[0]?.text).not.toBe(inOrder[1]?.text);
  });

  it('never lends a page read ahead in one document to the next document', async () => {
    await openWithFirstPage(twoColumn); // reads page 2 of the paper ahead
    const first = await pageText(1);
    worker.notify({ type: 'close' });
    const other = await openWithFirstPage(report);
    expect(other.first).not.toBe(first.text);
    expect(other.first).toMatch(/table/i);
    expect((await pageText(1)).text).toBe(other.first);
    worker.notify({ type: 'close' });
  });

  it('fails a page request when no document is open, and stays up', async () => {
    const reply = await worker.request({ type: 'page', page: 1, text: true }, 30_000);
    expect(reply.ok).toBe(false);
    expectOk(await worker.request({ type: 'open', path: report }, 30_000));
    expect((await pageText(1)).page).toBe(1);
  });
});
