import type { OfficePackage } from '../internal/open-package.js';
import { createStrictParser, localName } from '../internal/parse-xml.js';

/** What a streamed part reports: elements by local name (`row`, `table-cell`) and their text. */
export interface XmlStreamHandlers {
  open(name: string, attributes: Readonly<Record<string, string>>, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

function decoderFor(first: Buffer): { decoder: TextDecoder; skip: number } {
  if (first[0] === 0xff && first[1] === 0xfe) return { decoder: new TextDecoder('utf-16le'), skip: 2 };
  if (first[0] === 0xfe && first[1] === 0xff) return { decoder: new TextDecoder('utf-16be'), skip: 2 };
  return { decoder: new TextDecoder('utf-8'), skip: 0 };
}

/**
 * Streams one XML part through saxes chunk by chunk, never building a tree, so a worksheet of
 * hundreds of MB is read in bounded memory. Same rules as `parseXml`: a DTD is refused as
 * `archive_unsafe`, malformed XML is `corrupt_file`.
 */
export async function streamXml(
  pkg: OfficePackage,
  partName: string,
  handlers: XmlStreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  const { parser, failed } = createStrictParser(partName);
  parser.on('opentag', (tag) => {
    handlers.open(localName(tag.name), tag.attributes, tag.isSelfClosing);
    if (tag.isSelfClosing) handlers.close(localName(tag.name));
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) handlers.close(localName(tag.name));
  });
  parser.on('text', (text) => handlers.text(text));
  parser.on('cdata', (text) => handlers.text(text));
  const stream = await pkg.openStream(partName);
  let decoding: { decoder: TextDecoder; skip: number } | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      signal.throwIfAborted();
      decoding ??= decoderFor(chunk);
      const bytes = decoding.skip > 0 ? chunk.subarray(decoding.skip) : chunk;
      decoding.skip = 0;
      parser.write(decoding.decoder.decode(bytes, { stream: true }));
      if (failed.error !== undefined) throw failed.error;
    }
    parser.write(decoding?.decoder.decode() ?? '').close();
  } finally {
    stream.destroy();
  }
  if (failed.error !== undefined) throw failed.error;
}
