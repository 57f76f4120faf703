import { TransmuteError } from '@transmute/plugin-sdk';
import type { OfficePackage } from './open-package.js';
import { isObjectContent } from './odf-object-parts.js';
import { decodeXmlBytes } from './write-decoded.js';

/** How much of each XML part is read: a prolog (declaration, comments, DOCTYPE) is far shorter. */
const HEAD_BYTES = 16 * 1024;
/** The parts a reader parses as XML. */
const XML_PART = /\.(xml|rels|opf|ncx)$/i;

/**
 * What the prolog at the beginning of an XML part declares: no DOCTYPE, one without an internal
 * subset (`external`), one with (`internal`, where entity bombs live), or undefined when the
 * beginning ends inside the prolog (the readers' strict parser still judges the whole part).
 */
export function doctypeOf(head: string): 'none' | 'external' | 'internal' | undefined {
  let at = head.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (at < head.length && /\s/.test(head.charAt(at))) at += 1;
    if (at >= head.length) return undefined;
    if (head.startsWith('<?', at) || head.startsWith('<!--', at)) {
      const close = head.startsWith('<?', at) ? '?>' : '-->';
      const end = head.indexOf(close, at + 2);
      if (end === -1) return undefined;
      at = end + close.length;
      continue;
    }
    if (!head.startsWith('<!DOCTYPE', at)) return 'none';
    // As `dropExternalDoctype` reads it: a `[` before the closing `>` opens an internal subset.
    const match = /[[>]/.exec(head.slice(at));
    if (match === null) return undefined;
    return match[0] === '[' ? 'internal' : 'external';
  }
}

async function headOf(pkg: OfficePackage, name: string): Promise<string> {
  const stream = await pkg.openStream(name);
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      bytes += chunk.length;
      if (bytes >= HEAD_BYTES) break;
    }
  } finally {
    stream.destroy();
  }
  return decodeXmlBytes(Buffer.concat(chunks).subarray(0, HEAD_BYTES));
}

/**
 * Refuses, from the beginning of each XML part, a package whose readers would refuse its DTD
 * (`archive_unsafe`), so that upload validation rejects it rather than a job: any DOCTYPE in an
 * Office Open XML or OpenDocument package (their parts are never written with one, but for the
 * external MathML DOCTYPE LibreOffice gives an embedded formula's `Object N/content.xml`), and in
 * an EPUB one with an internal subset (the EPUB readers drop an external-only DOCTYPE, which EPUB 2
 * files carry).
 */
export async function refuseDtd(pkg: OfficePackage, mediaType: string): Promise<void> {
  const externalAllowed = (name: string): boolean =>
    mediaType === 'application/epub+zip' || (mediaType.includes('opendocument') && isObjectContent(name));
  for (const name of pkg.names) {
    if (!XML_PART.test(name)) continue;
    const refused = externalAllowed(name) ? ['internal'] : ['internal', 'external'];
    const doctype = doctypeOf(await headOf(pkg, name));
    if (doctype !== undefined && refused.includes(doctype))
      throw new TransmuteError('archive_unsafe', `The part ${name} declares a DTD, which is never read.`);
  }
}
