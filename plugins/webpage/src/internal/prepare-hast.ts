import { toCellLines } from '@transmute/plugin-sdk';
import { separateAbuttingItems } from './abutting-items.js';
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast';
import { markCodeLanguage, markWrappedCodeLanguage } from './code-language.js';
import { separateCodeLines } from './code-lines.js';
import { isControlButton } from './control-button.js';
import { isPermalinkMark, withoutPermalinks } from './heading-permalinks.js';
import { isLayoutTable, unwrapLayoutTable } from './layout-table.js';
import { withOrphanRowsInTables } from './orphan-rows.js';
import { withRealSource } from './placeholder-images.js';
import { withSummaryBlocks } from './summary-blocks.js';
import { isCodeTabPanelHast } from './tab-panel.js';
import { hasSpokenCopy, isScreenReaderOnly, isSightedCopyHast } from './screen-reader-text.js';

/** Elements that never carry readable content (dropped with their subtree). */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'embed',
  'head',
  'link',
  'meta',
  'button',
  'input',
  'select',
  'textarea',
  'form',
  'dialog',
]);

/**
 * Elements of an abandoned draft (Shadow DOM v0's `<content>` and `<shadow>`, Custom Elements v0's
 * `<element>`) that hast-util-to-mdast skips with their subtree, while a browser shows them as any
 * unknown element, its text and all: a CMS (OmniUpdate, on many universities' sites) wraps a page's
 * whole body text in `<content>`. Read as the `<div>` a reader sees.
 */
const OBSOLETE_WRAPPERS = new Set(['content', 'shadow', 'element']);

/** URL-bearing attributes (hast property names) resolved against the base URL. */
const URL_PROPERTIES = ['href', 'src', 'poster', 'cite'] as const;

/** Options of {@link prepareHast}. */
export interface PrepareHastOptions {
  /** Absolute URL that relative links and images are resolved against. */
  baseUrl: string | undefined;
  /** Drop forms and similar interactive elements (the whole-body fallback). */
  dropInteractive: boolean;
}

/**
 * Cleans a hast tree in place before it becomes mdast: resolves links and images to absolute URLs,
 * removes `javascript:` links, finds a code block's language wherever the page put it, drops
 * elements that never hold readable content and text for screen readers only (a reader does not
 * see it: {@link isScreenReaderOnly}), turns layout tables into blocks, and writes a data
 * table's cell that holds blocks as lines separated by `<br>`.
 */
export function prepareHast(tree: HastRoot, options: PrepareHastOptions): void {
  tree.children = cleanChildren(tree.children, options);
}

/** Elements whose text is code, written as it is: its touching tokens are no items. */
const CODE_TAGS = new Set(['pre', 'code', 'kbd', 'samp', 'tt']);

function cleanChildren(children: HastContent[], options: PrepareHastOptions, inCode = false): HastContent[] {
  const kept: HastContent[] = [];
  const spoken = hasSpokenCopy(children);
  for (const child of children) {
    if (child.type === 'comment' || child.type === 'doctype') continue;
    if (child.type !== 'element') {
      kept.push(child);
      continue;
    }
    if (isDropped(child, options)) continue;
    if (isHidden(child)) continue;
    if (isPermalinkMark(child)) continue;
    if (OBSOLETE_WRAPPERS.has(child.tagName)) child.tagName = 'div';
    // Text for screen readers only is not on the page a reader sees, unless it is the copy kept.
    if (!spoken && isScreenReaderOnly(child)) continue;
    if (child.tagName === 'img' && !withRealSource(child)) continue;
    resolveUrls(child, options.baseUrl);
    if (child.tagName === 'pre') {
      markCodeLanguage(child);
      separateCodeLines(child);
    } else markWrappedCodeLanguage(child);
    withoutPermalinks(child);
    child.children = cleanChildren(
      withOrphanRowsInTables(child),
      options,
      inCode || CODE_TAGS.has(child.tagName),
    ) as Element['children'];
    withSummaryBlocks(child);
    if (child.tagName === 'table' && isLayoutTable(child)) {
      kept.push(unwrapLayoutTable(child));
      continue;
    }
    if (child.tagName === 'table') {
      kept.push(...captionOf(child));
      forEachCell(child, toCellLines);
    }
    kept.push(child);
  }
  if (!inCode) separateAbuttingItems(kept);
  return kept;
}

function isDropped(element: Element, options: PrepareHastOptions): boolean {
  if (!DROPPED.has(element.tagName)) return false;
  if (options.dropInteractive) return true;
  if (element.tagName === 'form') return isControlPanel(element);
  if (element.tagName === 'button') return isControlButton(element);
  return element.tagName !== 'dialog';
}

/** A class or id word naming a form of filters, sorting or search: `FacetFiltersForm`, `sort-by`. */
const PANEL_NAME = /filter|facet|sort|search|refine/i;

/**
 * A form named as a panel of controls: a listing's filters and sorting (`Brand: Sennheiser (20)`,
 * `Price from … to …`, `Sort by`) or a search box. Other forms stay: a template may wrap the whole
 * page in one (ASP.NET), and a product's form holds its options (colours, sizes).
 */
function isControlPanel(form: Element): boolean {
  const { className, id } = form.properties;
  const names = [...(Array.isArray(className) ? className : []), id ?? ''].map(String);
  return names.some((name) => PANEL_NAME.test(name));
}

function isHidden(element: Element): boolean {
  const { hidden, ariaHidden, style } = element.properties;
  if (isCodeTabPanelHast(element)) return false;
  if (hidden === true || hidden === '') return true;
  if (ariaHidden === 'true' && element.tagName !== 'img' && !isSightedCopyHast(element)) return true;
  return typeof style === 'string' && /display\s*:\s*none/i.test(style);
}

function resolveUrls(element: Element, baseUrl: string | undefined): void {
  for (const name of URL_PROPERTIES) {
    const value = element.properties[name];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (/^\s*(?:javascript|vbscript|data:text\/html)/i.test(trimmed)) {
      // A script link is not a destination: keep the text, drop the link.
      delete element.properties[name];
      continue;
    }
    element.properties[name] = toAbsolute(trimmed, baseUrl);
  }
}

/** Resolves `value` against `baseUrl`; leaves it as it is when either cannot be parsed. */
export function toAbsolute(value: string, baseUrl: string | undefined): string {
  if (baseUrl === undefined) return value;
  try {
    return new URL(value, baseUrl).href;
  } catch {
    return value;
  }
}

/** Calls `visit` on each of a table's own cells (not those of a table nested in one). */
function forEachCell(table: Element, visit: (cell: Element) => void): void {
  for (const child of table.children) {
    if (child.type !== 'element' || child.tagName === 'table') continue;
    if (child.tagName === 'td' || child.tagName === 'th') visit(child);
    else forEachCell(child, visit);
  }
}

/** Takes a table's `<caption>` out as a paragraph before it: GFM tables have no caption. */
function captionOf(table: Element): Element[] {
  const index = table.children.findIndex((child) => child.type === 'element' && child.tagName === 'caption');
  const caption = table.children[index];
  if (caption === undefined || caption.type !== 'element') return [];
  table.children.splice(index, 1);
  return [{ type: 'element', tagName: 'p', properties: {}, children: caption.children }];
}
