import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { ExtractPageTask, ExtractPageResult } from './page-task.js';
import { convertHtml } from '../convert-html.js';
import { decodeHtml } from './decode-html.js';
import { onJsdomLoaded } from './load-dom.js';

/** The page this worker converts (one at a time), whose time limit the pool runs. */
let current: string | undefined;
// jsdom's first loading in this thread is not the page's time: its limit starts again after it.
onJsdomLoaded(() => {
  if (current !== undefined) parentPort?.postMessage({ pageStarted: current });
});

/**
 * Worker-thread entry (piscina calls it by name): reads one page from disk, converts it and
 * returns a structured-clonable result. Failures are returned, not thrown, so their code survives.
 */
export async function extractPage(task: ExtractPageTask): Promise<ExtractPageResult> {
  // The pool starts the page's time limit on this message.
  current = task.key;
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
    current = undefined;
    recycleWhenHeavy(task.recycleHeapBytes);
  }
}

/** Above `limit` heap bytes after a page, the worker ends itself and the pool starts a fresh one. */
function recycleWhenHeavy(limit: number): void {
  if (process.memoryUsage().heapUsed <= limit) return;
  // Let the result reach the pool first; the pool retries a task that lands on an exiting worker.
  setTimeout(() => process.exit(0), 20).unref();
}
