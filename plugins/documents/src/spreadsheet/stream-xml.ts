import type { OfficePackage } from '../internal/open-package.js';
import { createStrictParser, localName } from '../internal/parse-xml.js';
import { writeDecoded } from '../internal/write-decoded.js';

/** What a streamed part reports: elements by local name (`row`, `table-cell`) and their text. */
export interface XmlStreamHandlers {
  open(name: string, attributes: Readonly<Record<string, string>>, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
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
  await writeDecoded(
    await pkg.openStream(partName),
    (text) => {
      parser.write(text);
      if (failed.error !== undefined) throw failed.error;
    },
    signal,
  );
  parser.close();
  if (failed.error !== undefined) throw failed.error;
}
