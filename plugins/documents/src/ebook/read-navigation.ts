import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { dropExternalDoctype } from '../internal/drop-external-doctype.js';
import { parseXhtml } from '../internal/html-to-mdast.js';
import type { OfficePackage } from '../internal/open-package.js';
import { elements, parseXml, textOf, type XmlElement } from '../internal/parse-xml.js';
import type { PackageDocument } from './read-opf.js';
import { resolveHref } from './resolve-href.js';
import { descendantsNamed } from './xml-by-local-name.js';

/** One entry of the book's table of contents. */
export interface NavEntry {
  label: string;
  part: string;
  fragment: string | undefined;
  /** 1 for the top level. */
  level: number;
}

const isElement = (node: ElementContent | HastRoot): node is Element => node.type === 'element';

function hastText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(hastText).join('');
}

function findElements(node: HastRoot | Element, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) found.push(child);
    found.push(...findElements(child, test));
  }
  return found;
}

/** EPUB 3's `<nav epub:type="toc">`: nested `ol > li > a` (or `span` for an unlinked heading). */
function navEntries(root: HastRoot, navPart: string): NavEntry[] {
  const navs = findElements(root, (element) => element.tagName === 'nav');
  const toc =
    navs.find((nav) =>
      /\btoc\b/.test(String(nav.properties['epub:type'] ?? nav.properties.epubType ?? '')),
    ) ?? navs[0];
  if (toc === undefined) return [];
  const entries: NavEntry[] = [];
  const walkList = (list: Element, level: number): void => {
    for (const item of list.children) {
      if (!isElement(item) || item.tagName !== 'li') continue;
      const anchor = item.children.find(
        (child): child is Element => isElement(child) && (child.tagName === 'a' || child.tagName === 'span'),
      );
      const href = anchor?.properties.href;
      const label = anchor === undefined ? '' : hastText(anchor).replace(/\s+/g, ' ').trim();
      if (typeof href === 'string' && label !== '')
        entries.push({ label, ...resolveHref(navPart, href), level });
      for (const child of item.children) {
        if (isElement(child) && child.tagName === 'ol') walkList(child, level + 1);
      }
    }
  };
  for (const list of findElements(toc, (element) => element.tagName === 'ol').slice(0, 1)) walkList(list, 1);
  return entries;
}

/** EPUB 2's NCX: nested `navPoint`s with a `navLabel` and a `content src`. */
function ncxEntries(root: XmlElement, ncxPart: string): NavEntry[] {
  const entries: NavEntry[] = [];
  const walk = (parent: XmlElement, level: number): void => {
    for (const point of elements(parent).filter((element) => element.name.endsWith('navPoint'))) {
      const label = descendantsNamed(point, 'text')[0];
      const content = elements(point).find((element) => element.name.endsWith('content'));
      const src = content?.attributes.src;
      const text = label === undefined ? '' : textOf(label).replace(/\s+/g, ' ').trim();
      if (src !== undefined && text !== '')
        entries.push({ label: text, ...resolveHref(ncxPart, src), level });
      walk(point, level + 1);
    }
  };
  const navMap = descendantsNamed(root, 'navMap')[0];
  if (navMap !== undefined) walk(navMap, 1);
  return entries;
}

/** The book's table of contents: the EPUB 3 navigation document, else the EPUB 2 NCX, else none. */
export async function readNavigation(pkg: OfficePackage, opf: PackageDocument): Promise<NavEntry[]> {
  if (opf.nav !== undefined && pkg.has(opf.nav.part)) {
    const entries = navEntries(parseXhtml(await pkg.readText(opf.nav.part)), opf.nav.part);
    if (entries.length > 0) return entries;
  }
  if (opf.ncx !== undefined && pkg.has(opf.ncx.part)) {
    const ncx = parseXml(dropExternalDoctype(await pkg.readText(opf.ncx.part)), opf.ncx.part);
    return ncxEntries(ncx, opf.ncx.part);
  }
  return [];
}
