import { parseHTML } from 'linkedom';

/** The DOM implementation Readability runs on. */
export type DomImplementation = 'linkedom' | 'jsdom';

/**
 * Parses a page into a DOM document. linkedom is the default (about 8× faster than jsdom with a
 * fifth of the memory); jsdom is loaded on first use only, as the slower, more exact fallback.
 */
export async function loadDom(
  html: string,
  dom: DomImplementation,
  url: string | undefined,
): Promise<Document> {
  switch (dom) {
    case 'linkedom': {
      const { document } = parseHTML(html);
      if (isWholeDocument(document)) return document;
      // linkedom builds a broken tree from a fragment (text or elements before <html>): wrap it.
      return parseHTML(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`).document;
    }
    case 'jsdom': {
      const { JSDOM, VirtualConsole } = await import('jsdom');
      // No scripts, no resource loading, no console noise: the page is only read.
      const options = url === undefined ? {} : { url };
      return new JSDOM(html, { ...options, virtualConsole: new VirtualConsole() }).window.document;
    }
  }
}

function isWholeDocument(document: Document): boolean {
  const root = document.documentElement as Element | null;
  return root?.localName === 'html' && document.body?.parentNode === root;
}
