import type { ConvertHtmlResult } from '../convert-html.js';
import type { DomImplementation } from './load-dom.js';

/** One page for a worker. */
export interface ExtractPageTask {
  /** Names the page in the worker's "started" message. */
  key: string;
  path: string;
  url: string | undefined;
  charset: string | undefined;
  fileId: string | undefined;
  dom: DomImplementation;
  jsdomFallback: boolean;
  /** Heap use (bytes) past which the worker recycles itself after the page. */
  recycleHeapBytes: number;
}

/** A worker's answer. */
export type ExtractPageResult =
  ({ ok: true } & ConvertHtmlResult) | { ok: false; code: 'extraction_failed'; detail: string };
