import type { Element } from 'hast';

/** Where a lazy-loading script finds an image's real address, in the order tried. */
const LAZY_SOURCES = ['dataSrc', 'dataOriginal', 'dataLazySrc'] as const;
/** Candidate lists a lazy image may carry (`url 300w, url 600w`); the first address is taken. */
const SOURCE_SETS = ['dataSrcset', 'dataLazySrcset', 'srcSet'] as const;

/**
 * An image drawn in place of the real one until a script or the browser swaps it: an inline
 * `data:` address (a blur preview, a transparent SVG or GIF of the image's size) or none.
 */
function isPlaceholder(source: unknown): boolean {
  return typeof source !== 'string' || source.trim() === '' || /^\s*data:/i.test(source);
}

/**
 * Gives an `<img>` whose `src` is a placeholder the address its lazy-loading attributes or its
 * `srcset` hold. Returns false when it has none and no alt text: a placeholder is no picture to
 * show, and its `data:` address (kilobytes of base64) was written into the markdown as the image's
 * link. A placeholder with an alt text stays: its text is the page's.
 */
export function withRealSource(image: Element): boolean {
  const { properties } = image;
  if (!isPlaceholder(properties['src'])) return true;
  for (const name of LAZY_SOURCES) {
    const value = properties[name];
    if (!isPlaceholder(value)) {
      properties['src'] = String(value).trim();
      return true;
    }
  }
  for (const name of SOURCE_SETS) {
    const value = properties[name];
    const first = typeof value === 'string' ? value.trim().split(/\s+/)[0]?.replace(/,$/, '') : undefined;
    if (first !== undefined && !isPlaceholder(first)) {
      properties['src'] = first;
      return true;
    }
  }
  const alt = properties['alt'];
  return typeof alt === 'string' && alt.trim() !== '';
}
