export { createWebpageSource } from './create-webpage-source.js';
export type { WebpageSourceOptions } from './create-webpage-source.js';
export { convertHtml } from './convert-html.js';
export type { ConvertHtmlOptions, ConvertHtmlResult } from './convert-html.js';
export type { DomImplementation } from './internal/load-dom.js';
export type { QualityReport } from './internal/quality.js';
