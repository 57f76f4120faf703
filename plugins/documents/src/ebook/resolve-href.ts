import { posix } from 'node:path';

/** A package part and the fragment an href points at inside it. */
export interface PartReference {
  part: string;
  fragment: string | undefined;
}

/**
 * An href relative to the part that holds it (`../Text/ch1.xhtml#s2` from `OEBPS/nav/nav.xhtml`),
 * as a part name of the package (percent-decoded, normalized) and its fragment.
 */
export function resolveHref(fromPart: string, href: string): PartReference {
  const hash = href.indexOf('#');
  const path = hash === -1 ? href : href.slice(0, hash);
  const fragment = hash === -1 ? undefined : href.slice(hash + 1);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is kept as written.
  }
  const part = decoded === '' ? fromPart : posix.normalize(posix.join(posix.dirname(fromPart), decoded));
  return { part: part.replace(/^(\.\.\/)+/, '').replace(/^\.\//, ''), fragment };
}
