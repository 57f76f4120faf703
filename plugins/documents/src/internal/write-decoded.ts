import type { Readable } from 'node:stream';

function decoderFor(first: Buffer): { decoder: TextDecoder; skip: number } {
  if (first[0] === 0xff && first[1] === 0xfe) return { decoder: new TextDecoder('utf-16le'), skip: 2 };
  if (first[0] === 0xfe && first[1] === 0xff) return { decoder: new TextDecoder('utf-16be'), skip: 2 };
  return { decoder: new TextDecoder('utf-8'), skip: 0 };
}

/** Decodes an XML part: UTF-8 (BOM dropped), or UTF-16 when it starts with a UTF-16 BOM. */
export function decodeXmlBytes(bytes: Buffer): string {
  const { decoder, skip } = decoderFor(bytes);
  return decoder.decode(bytes.subarray(skip));
}

/**
 * Decodes an XML part's bytes as they inflate (UTF-8, BOM dropped, or UTF-16 after its BOM) and
 * hands `write` one piece of text per chunk, so that a part is never held whole, as bytes or as a
 * string. The stream is destroyed when this ends, read through or not.
 */
export async function writeDecoded(
  stream: Readable,
  write: (text: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  let decoding: { decoder: TextDecoder; skip: number } | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      signal?.throwIfAborted();
      decoding ??= decoderFor(chunk);
      const bytes = decoding.skip > 0 ? chunk.subarray(decoding.skip) : chunk;
      decoding.skip = 0;
      write(decoding.decoder.decode(bytes, { stream: true }));
    }
    write(decoding?.decoder.decode() ?? '');
  } finally {
    stream.destroy();
  }
}
