import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { ExtractPageTask, ExtractPageResult } from './page-task.js';
import { convertHtml } from '../convert-html.js';
import { decodeHtml } from './decode-html.js';

/**
 * Worker-thread entry (piscina calls it by name): reads one page from disk, converts it and
 * returns a structured-clonable result. Failures are returned, not thrown, so their code survives.
 */
export async function extractPage(task: ExtractPageTask): Promise<ExtractPageResult> {
  // The pool starts the page's time limit on this message.
  parentPort?.postMessage({ pageStarted: task.key });
  try {
    const html = decodeHtml(await readFile(task.path), task.charset);
    const result = await convertHtml(html, {
      url: task.url,
      dom: task.dom,
      jsdomFallback: task.jsdomFallback,
      fileId: task.fileId,
    });
    return { ok: true, ...result };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, code: 'extraction_failed', detail: `The page could not be converted: ${detail}` };
  } finally {
    recycleWhenHeavy(task.recycleHeapBytes);
  }
}

/** Above `limit` heap bytes after a page, the worker ends itself and the pool starts a fresh one. */
function recycleWhenHeavy(limit: number): void {
  if (process.memoryUsage().heapUsed <= limit) return;
  // Let the result reach the pool first; the pool retries a task that lands on an exiting worker.
  setTimeout(() => process.exit(0), 20).unref();
}
