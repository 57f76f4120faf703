import { TransmuteError } from '@transmute/plugin-sdk';
import { SaxesParser } from 'saxes';
import { parsePlainXml } from './parse-plain-xml.js';
import { NO_ATTRIBUTES, type XmlElement } from './xml-element.js';

export type { XmlElement, XmlNode } from './xml-element.js';

/**
 * The deepest nesting a part may have. Real documents stay far below it; a part nested deeper is
 * built to exhaust the stack of the recursive walks over the tree (`descendants`, `textOf`).
 */
export const MAXIMUM_XML_DEPTH = 1000;

/**
 * A saxes parser with the package's XML rules: a part that declares a DTD (`<!DOCTYPE`, the carrier
 * of entity-expansion bombs and external entities) is `archive_unsafe`, malformed XML is
 * `corrupt_file`. saxes reports through events, so the first problem lands in `failed` for the
 * caller to throw once it has written its input.
 */
export function createStrictParser(partName: string): {
  parser: SaxesParser;
  failed: { error?: TransmuteError };
} {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const failed: { error?: TransmuteError } = {};
  parser.on('doctype', () => {
    failed.error ??= new TransmuteError(
      'archive_unsafe',
      `The part ${partName} declares a DTD, which is never read.`,
    );
  });
  parser.on('error', (error) => {
    failed.error ??= new TransmuteError(
      'corrupt_file',
      `The part ${partName} is not well-formed XML: ${error.message}`,
    );
  });
  return { parser, failed };
}

/** A tree being built from a part written to it piece by piece (see {@link createTreeBuilder}). */
export interface TreeBuilder {
  /** Parses the next piece of the part's text; throws the part's first problem at once. */
  write(text: string): void;
  /** Ends the part and returns its root element. */
  finish(): XmlElement;
}

/**
 * A strict parser ({@link createStrictParser}) that builds the part's tree as text is written to
 * it, so a part read from a stream is never held whole as bytes or as a string. The tree is kept
 * compact, because a parsing worker's memory bounds how much XML it can hold: element names are
 * shared, elements without attributes share one empty object, and each element's children array is
 * cut to its length when it closes (an array grows to 17 slots at its first child). Measured on
 * WordprocessingML, about 6 bytes of heap per byte of XML (9 for one-word paragraphs), against 15
 * (36) for one object per element, attribute set and name.
 */
export function createTreeBuilder(partName: string): TreeBuilder {
  const { parser, failed } = createStrictParser(partName);
  const root: XmlElement = { name: '#document', attributes: {}, children: [] };
  const stack: XmlElement[] = [root];
  const names = new Map<string, string>();
  const throwIfFailed = (): void => {
    if (failed.error !== undefined) throw failed.error;
  };
  parser.on('opentag', (tag) => {
    if (stack.length > MAXIMUM_XML_DEPTH) {
      failed.error ??= new TransmuteError(
        'archive_unsafe',
        `The part ${partName} nests elements deeper than ${String(MAXIMUM_XML_DEPTH)} levels.`,
      );
      return;
    }
    let name = names.get(tag.name);
    if (name === undefined) names.set(tag.name, (name = tag.name));
    const element: XmlElement = {
      name,
      attributes: Object.keys(tag.attributes).length === 0 ? NO_ATTRIBUTES : tag.attributes,
      children: [],
    };
    stack.at(-1)?.children.push(element);
    if (!tag.isSelfClosing) stack.push(element);
  });
  parser.on('closetag', (tag) => {
    if (tag.isSelfClosing) return;
    const closed = stack.pop();
    if (closed !== undefined && closed.children.length < 17) closed.children = closed.children.slice();
  });
  parser.on('text', (text) => {
    stack.at(-1)?.children.push(text);
  });
  parser.on('cdata', (text) => {
    stack.at(-1)?.children.push(text);
  });
  return {
    write: (text) => {
      parser.write(text);
      throwIfFailed();
    },
    finish: () => {
      parser.close();
      throwIfFailed();
      const top = root.children.find((child): child is XmlElement => typeof child !== 'string');
      if (top === undefined)
        throw new TransmuteError('corrupt_file', `The part ${partName} has no root element.`);
      return top;
    },
  };
}

/**
 * Parses one XML part of a document package into a tree. Strict XML (saxes): no DTD is ever read
 * or resolved; a part that declares one (`<!DOCTYPE`, the carrier of entity-expansion bombs and
 * external entities) is refused as `archive_unsafe`, and an undeclared entity is a parse error.
 * Only the five predefined entities and character references are expanded. The markup package
 * parts are written in is read by `parsePlainXml` in one pass; saxes reads everything else.
 */
export function parseXml(xml: string, partName: string): XmlElement {
  const plain = parsePlainXml(xml, MAXIMUM_XML_DEPTH);
  if (plain !== undefined) return plain;
  const builder = createTreeBuilder(partName);
  builder.write(xml);
  return builder.finish();
}

/** The name without its prefix (`w:p` → `p`). */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Child elements, optionally only those with this qualified name. */
export function elements(parent: XmlElement, name?: string): XmlElement[] {
  return parent.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && (name === undefined || child.name === name),
  );
}

/** The first child element with this qualified name. */
export function firstElement(parent: XmlElement, name: string): XmlElement | undefined {
  return parent.children.find(
    (child): child is XmlElement => typeof child !== 'string' && child.name === name,
  );
}

/** Every descendant element with this qualified name, in document order. */
export function descendants(parent: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (element: XmlElement): void => {
    for (const child of element.children) {
      if (typeof child === 'string') continue;
      if (child.name === name) found.push(child);
      walk(child);
    }
  };
  walk(parent);
  return found;
}

/** The concatenated text of an element and its descendants. */
export function textOf(element: XmlElement): string {
  let text = '';
  for (const child of element.children) text += typeof child === 'string' ? child : textOf(child);
  return text;
}
