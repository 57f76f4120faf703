import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadPdfjs, pdfjsAssets, pdfjsWorker } from './pdfjs-loader.js';
import { MAX_SYNC_INFLATED_BYTES, SyncDecompressionStream } from './sync-inflate.js';

const CORPORA = join(import.meta.dirname, '../../../../../shared/corpora');

type Stream = {
  readable: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }> } };
  writable: { getWriter(): { write(chunk: Uint8Array): Promise<void>; close(): Promise<void> } };
};

/** What pdf.js 6 does with a `DecompressionStream` (`asyncGetBytesFromDecompressionStream`). */
async function inflateAsPdfjs(stream: Stream, bytes: Uint8Array): Promise<string> {
  try {
    const writer = stream.writable.getWriter();
    writer.write(bytes).catch(() => undefined);
    writer.close().catch(() => undefined);
    const chunks: Uint8Array[] = [];
    const reader = stream.readable.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (value !== undefined) chunks.push(value);
    }
    return Buffer.concat(chunks).toString('latin1');
  } catch {
    return 'failed'; // pdf.js then inflates with its own decoder
  }
}

describe('the synchronous DecompressionStream of pdf.js workers', () => {
  const valid = deflateSync(Buffer.from('BT /F1 12 Tf (Hello) Tj ET\n'.repeat(50)));
  const cases: Record<string, Uint8Array> = {
    valid,
    truncated: valid.subarray(0, valid.length - 9),
    'without its checksum': valid.subarray(0, valid.length - 4),
    'with junk after its end': Buffer.concat([valid, Buffer.from('endstream')]),
    corrupt: Buffer.from([0x78, 0x9c, 1, 2, 3, 4, 5, 6]),
    empty: new Uint8Array(0),
  };

  it.each(Object.entries(cases))('gives what Node’s gives on a stream %s', async (_name, bytes) => {
    const ours = await inflateAsPdfjs(new SyncDecompressionStream('deflate') as unknown as Stream, bytes);
    const node = await inflateAsPdfjs(new DecompressionStream('deflate') as unknown as Stream, bytes);
    expect(ours).toBe(node);
  });

  it('fails on a stream that inflates past its bound (a bomb), so pdf.js uses its own decoder', async () => {
    const bomb = deflateSync(Buffer.alloc(MAX_SYNC_INFLATED_BYTES + 1));
    expect(bomb.length).toBeLessThan(MAX_SYNC_INFLATED_BYTES / 100);
    const ours = await inflateAsPdfjs(new SyncDecompressionStream('deflate') as unknown as Stream, bomb);
    expect(ours).toBe('failed');
  });

  it('refuses formats other than deflate, so pdf.js uses its own decoder', () => {
    expect(() => new SyncDecompressionStream('brotli')).toThrow(TypeError);
  });

  it('is what pdf.js inflates a real page’s content stream and font programs with', async () => {
    const pdfjs = await loadPdfjs(); // installs it
    let inflated = 0;
    const scope = globalThis as { DecompressionStream?: unknown };
    const installed = scope.DecompressionStream;
    expect(installed).toBe(SyncDecompressionStream);
    // Counts the streams pdf.js got bytes for from it (none when pdf.js cannot read it and falls back).
    scope.DecompressionStream = class Counting {
      readonly writable: SyncDecompressionStream['writable'];
      readonly readable: SyncDecompressionStream['readable'];

      constructor(format: string) {
        const stream = new SyncDecompressionStream(format);
        const reader = stream.readable.getReader();
        this.writable = stream.writable;
        this.readable = {
          getReader: () => ({
            read: async () => {
              const result = await reader.read();
              if (!result.done) inflated += 1;
              return result;
            },
          }),
        };
      }
    };
    try {
      const data = new Uint8Array(readFileSync(join(CORPORA, 'pdf/tracemonkey.pdf')));
      const document = await pdfjs.getDocument({ data, worker: await pdfjsWorker(), ...pdfjsAssets() })
        .promise;
      const page = await document.getPage(1);
      const text = await page.getTextContent();
      await document.loadingTask.destroy();
      expect(text.items.length).toBeGreaterThan(20);
      expect(inflated).toBeGreaterThan(1); // the page's content and its embedded Type1 fonts
    } finally {
      scope.DecompressionStream = installed;
    }
  });
});
