import type { FailureCode } from '@transmute/plugin-sdk';
import type { PageLayout } from './layout-types.js';

/** Requests the main thread sends to a PDF worker. */
export type PdfRequest =
  | {
      id: number;
      type: 'open';
      path: string;
      /**
       * Read the first page's text as soon as the document is open, and send it unasked under this
       * id (a page request's round trip saved per document).
       */
      firstPageId?: number;
      /** With `firstPageId`: as a page request's `readAhead`, for the first page. */
      readAhead?: number;
    }
  | {
      id: number;
      type: 'page';
      page: number;
      text: boolean;
      renderDpi?: number;
      maxPixels?: number;
      /**
       * Read the next page's text ahead when this page's text is usable at this many characters
       * (so that no rendering of this page is asked for next).
       */
      readAhead?: number;
    }
  /** Closes the open document; no reply (the next request waits behind it). */
  | { type: 'close' };

/** Facts about an opened document. */
export interface PdfInfo {
  pageCount: number;
  title?: string;
  author?: string;
  language?: string;
}

/** A page rendered to 8-bit grayscale (PGM bytes), for OCR. */
export interface RenderedPage {
  pgm: Uint8Array;
  width: number;
  height: number;
  /** Resolution actually used (lower than asked for very large pages). */
  dpi: number;
  /** True when no pixel is darker than near-white: nothing to OCR. */
  blank: boolean;
}

/** What one page request yields. */
export interface PageResult {
  layout?: PageLayout;
  image?: RenderedPage;
}

/** Replies of a PDF worker. */
export type PdfReply =
  | { id: number; ok: true; info?: PdfInfo; page?: PageResult; heapBytes: number }
  | { id: number; ok: false; code: FailureCode; message: string; heapBytes: number };
