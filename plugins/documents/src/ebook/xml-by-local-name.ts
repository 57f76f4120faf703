import { localName, type XmlElement } from '../internal/parse-xml.js';

/**
 * Every descendant element with this local name, whatever its prefix (package documents bind
 * their namespaces to prefixes of the writer's choosing: `opf:item`, `dc:title`, `enc:…`).
 */
export function descendantsNamed(parent: XmlElement, local: string): XmlElement[] {
  const found: XmlElement[] = [];
  collectNamed(parent, local, found);
  return found;
}

// A module-level walk, not a closure: a closure made per call was a tenth of reading a package document.
function collectNamed(element: XmlElement, local: string, found: XmlElement[]): void {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (localName(child.name) === local) found.push(child);
    collectNamed(child, local, found);
  }
}

/** An attribute by local name (`opf:role` or `role`). */
export function attributeNamed(element: XmlElement, local: string): string | undefined {
  for (const [name, value] of Object.entries(element.attributes)) if (localName(name) === local) return value;
  return undefined;
}
