/**
 * A DOCTYPE without an internal subset (RSS 0.91's Netscape DTD, an NCX's DAISY DTD) declares
 * nothing the parser would read (external DTDs are never fetched), so it can be dropped before
 * parseXml; one with an internal subset (`[`, where entity bombs live) is kept for parseXml to
 * refuse.
 */
const EXTERNAL_DOCTYPE = /^(\uFEFF?(?:<\?xml[^>]*\?>)?\s*(?:<!--[\s\S]*?-->\s*)*)<!DOCTYPE[^[>]*>/;

/** The XML with a leading external-only DOCTYPE removed. */
export function dropExternalDoctype(xml: string): string {
  return xml.replace(EXTERNAL_DOCTYPE, '$1');
}
