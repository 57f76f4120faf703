/** Declared types that say only "XML": a feed among them is told by its root element. */
export const GENERIC_XML_TYPES: ReadonlySet<string> = new Set(['application/xml', 'text/xml']);

const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';

/** The XML declaration, comments, processing instructions, a doctype and white space before the root. */
const PROLOGUE = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/;
const ROOT = /^<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/;

function decodeHead(head: Uint8Array): string {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  // Latin-1 keeps every ASCII byte where it is, whatever the declared 8-bit or UTF-8 encoding.
  return bytes.toString('latin1').replace(/^\u00ef\u00bb\u00bf/, '');
}

/**
 * The feed media type a file's first bytes show by their root element, whatever the file was
 * declared as: `<rss>` and RSS 1.0's `<rdf:RDF>` are `application/rss+xml`, `<feed>` in the Atom
 * namespace `application/atom+xml`; undefined for any other XML (or for a root past the head).
 */
export function feedMediaTypeOf(head: Uint8Array): string | undefined {
  const text = decodeHead(head);
  const start = PROLOGUE.exec(text)?.[0].length ?? 0;
  const root = ROOT.exec(text.slice(start));
  if (root === null) return undefined;
  const [, name = '', attributes = ''] = root;
  const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
  if (name === 'rss') return 'application/rss+xml';
  if (local === 'RDF' && attributes.includes('http://purl.org/rss/1.0/')) return 'application/rss+xml';
  if (local === 'feed' && attributes.includes(ATOM_NAMESPACE)) return 'application/atom+xml';
  return undefined;
}
