import type * as Conversion from './convert-html.js';
import type { ConvertHtmlOptions, ConvertHtmlResult } from './convert-html.js';

export { createWebpageSource } from './create-webpage-source.js';
export type { WebpageSourceOptions } from './create-webpage-source.js';
export type { ConvertHtmlOptions, ConvertHtmlResult } from './convert-html.js';
export type { DomImplementation } from './internal/load-dom.js';
export type { QualityReport } from './internal/quality.js';

let conversion: Promise<typeof Conversion> | undefined;

/**
 * Converts one HTML page to an mdast document on the calling thread (`convert-html.ts` says how).
 * Its modules (the DOMs, Readability, the mdast conversion) load on the first call: a program that
 * only registers the webpage source, whose pages convert in worker threads, never loads them.
 *
 * @example
 * const { root, metadata } = await convertHtml(html, { url: 'https://example.com/post' });
 */
export async function convertHtml(html: string, options?: ConvertHtmlOptions): Promise<ConvertHtmlResult> {
  conversion ??= import('./convert-html.js');
  return (await conversion).convertHtml(html, options);
}
