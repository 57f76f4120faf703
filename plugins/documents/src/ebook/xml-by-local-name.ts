import { localName, type XmlElement } from '../internal/parse-xml.js';

/**
 * Every descendant element with this local name, whatever its prefix (package documents bind
 * their namespaces to prefixes of the writer's choosing: `opf:item`, `dc:title`, `enc:…`).
 */
export function descendantsNamed(parent: XmlElement, local: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (element: XmlElement): void => {
    for (const child of element.children) {
      if (typeof child === 'string') continue;
      if (localName(child.name) === local) found.push(child);
      walk(child);
    }
  };
  walk(parent);
  return found;
}

/** An attribute by local name (`opf:role` or `role`). */
export function attributeNamed(element: XmlElement, local: string): string | undefined {
  for (const [name, value] of Object.entries(element.attributes)) if (localName(name) === local) return value;
  return undefined;
}
