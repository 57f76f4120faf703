import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_SYNC_INFLATED_BYTES, SyncDecompressionStream } from './sync-inflate.js';

type Stream = { readable: AsyncIterable<Uint8Array>; writable: WritableStream<Uint8Array> };

/** What pdf.js does with a `DecompressionStream` (`asyncGetBytesFromDecompressionStream`). */
async function inflateAsPdfjs(stream: Stream, bytes: Uint8Array): Promise<string> {
  try {
    const writer = stream.writable.getWriter();
    await writer.ready;
    writer
      .write(bytes)
      .then(async () => {
        await writer.ready;
        await writer.close();
      })
      .catch(() => undefined);
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream.readable) chunks.push(chunk);
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
});
