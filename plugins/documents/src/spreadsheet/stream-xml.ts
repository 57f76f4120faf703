import { PARSE_WHOLE_BYTES, type OfficePackage } from '../internal/open-package.js';
import { createStrictParser, localName, type XmlElement } from '../internal/parse-xml.js';
import { writeDecoded } from '../internal/write-decoded.js';

/** What a streamed part reports: elements by local name (`row`, `table-cell`) and their text. */
export interface XmlStreamHandlers {
  open(name: string, attributes: Readonly<Record<string, string>>, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

/**
 * A tree's elements and text reported in document order, as saxes reports them while it parses (an
 * empty element as self-closing: saxes tells `<a/>` from `<a></a>`, which no handler looks at).
 */
function replay(element: XmlElement, handlers: XmlStreamHandlers): void {
  const name = localName(element.name);
  handlers.open(name, element.attributes, element.children.length === 0);
  for (const child of element.children) {
    if (typeof child === 'string') handlers.text(child);
    else replay(child, handlers);
  }
  handlers.close(name);
}

/**
 * Streams one XML part through saxes chunk by chunk, never building a tree, so a worksheet of
 * hundreds of MB is read in bounded memory. Same rules as `parseXml`: a DTD is refused as
 * `archive_unsafe`, malformed XML is `corrupt_file`. A small part (`PARSE_WHOLE_BYTES`) is
 * parsed whole instead (`readXml`, in one pass for plain markup) and its tree reported: the chunks
 * of a stream cost more than the tree of a small part.
 */
export async function streamXml(
  pkg: OfficePackage,
  partName: string,
  handlers: XmlStreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  if ((pkg.sizeOf(partName) ?? Number.POSITIVE_INFINITY) <= PARSE_WHOLE_BYTES) {
    replay(await pkg.readXml(partName), handlers);
    return;
  }
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
