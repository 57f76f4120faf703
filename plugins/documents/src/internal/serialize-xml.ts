import type { XmlElement, XmlNode } from './parse-xml.js';

const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The markup of these nodes again (for XHTML held inside XML: Atom `type="xhtml"` content). */
export function serializeXml(nodes: readonly XmlNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeText(node);
      return serializeElement(node);
    })
    .join('');
}

function serializeElement(element: XmlElement): string {
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => ` ${name}="${escapeText(value).replace(/"/g, '&quot;')}"`)
    .join('');
  return `<${element.name}${attributes}>${serializeXml(element.children)}</${element.name}>`;
}
