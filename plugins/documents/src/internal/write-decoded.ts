import type { Readable } from 'node:stream';

type XmlEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** A part's encoding from its first bytes (a UTF-16 BOM, else UTF-8) and how many bytes of BOM to skip. */
function encodingOf(first: Buffer): { encoding: XmlEncoding; skip: number } {
  if (first[0] === 0xff && first[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (first[0] === 0xfe && first[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  return { encoding: 'utf-8', skip: 0 };
}

function decoderFor(first: Buffer): { decoder: TextDecoder; skip: number } {
  const { encoding, skip } = encodingOf(first);
  return { decoder: new TextDecoder(encoding), skip };
}

/**
 * One decoder per encoding for whole parts: a `decode` without `stream` starts afresh each call,
 * so sharing them reads every part as a new decoder would, without building one per part (2 % of
 * a small e-book's reading went to making decoders).
 */
const WHOLE_DECODERS: Readonly<Record<XmlEncoding, TextDecoder>> = {
  'utf-8': new TextDecoder('utf-8'),
  'utf-16le': new TextDecoder('utf-16le'),
  'utf-16be': new TextDecoder('utf-16be'),
};

/** Decodes an XML part: UTF-8 (BOM dropped), or UTF-16 when it starts with a UTF-16 BOM. */
export function decodeXmlBytes(bytes: Buffer): string {
  const { encoding, skip } = encodingOf(bytes);
  return WHOLE_DECODERS[encoding].decode(skip > 0 ? bytes.subarray(skip) : bytes);
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
