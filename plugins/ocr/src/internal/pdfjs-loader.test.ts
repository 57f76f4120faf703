import { describe, expect, it } from 'vitest';
import { loadPdfjs } from './pdfjs-loader.js';

describe('loadPdfjs', () => {
  it('loads pdf.js and its worker code, and keeps the thread’s native Array.prototype.push', async () => {
    const nativePush = Array.prototype.push;
    const pdfjs = await loadPdfjs();
    expect(typeof pdfjs.getDocument).toBe('function');
    expect((globalThis as { pdfjsWorker?: { WorkerMessageHandler?: unknown } }).pdfjsWorker).toHaveProperty(
      'WorkerMessageHandler',
    );
    // core-js in the legacy bundles replaced push with a JavaScript function on Node 20 (V8 < 12.2).
    expect(Array.prototype.push).toBe(nativePush);
    const values: number[] = [];
    values.push(1, 2);
    expect(values).toEqual([1, 2]);
  });
});
