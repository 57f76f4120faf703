import type { Html, Nodes, Parent, PhrasingContent, RootContent } from 'mdast';
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { toString } from 'mdast-util-to-string';
import { hasHtml } from './has-html.js';

/** Containers whose children are blocks: an HTML block among them is read as blocks. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);
/** Containers whose children are phrasing: inline tags among them are paired into marks. */
const PHRASING_PARENTS = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
]);
const COMMENT = /^\s*<!--[\s\S]*-->\s*$/;
const OPEN_TAG = /^<([a-z][a-z0-9-]*)(\s[^>]*)?>$/i;
const CLOSE_TAG = /^<\/([a-z][a-z0-9-]*)\s*>$/i;
/** Inline elements that mean what a markdown mark means. */
const MARKS: Record<string, 'strong' | 'emphasis' | 'delete'> = {
  b: 'strong',
  strong: 'strong',
  i: 'emphasis',
  em: 'emphasis',
  cite: 'emphasis',
  s: 'delete',
  del: 'delete',
  strike: 'delete',
};
const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt']);
/** Inline elements open at once, at most: deeper ones are read as their text (tag soup). */
const MAXIMUM_OPEN_ELEMENTS = 32;
/** What an element standing alone may give as phrasing. */
const PHRASING_NODES = new Set(['image', 'text', 'link', 'strong', 'emphasis', 'inlineCode', 'break']);

/** An HTML fragment as markdown's blocks (hast-util-to-mdast: headings, paragraphs, images, tables). */
function htmlBlocks(html: string): RootContent[] {
  const tree = toMdast(fromHtml(html, { fragment: true }));
  return tree.type === 'root' ? tree.children : [];
}

/** An inline HTML element that stands alone (`<br>`, `<img …>`) as markdown phrasing. */
function voidPhrasing(html: string): PhrasingContent[] {
  if (/^<br\b/i.test(html)) return [{ type: 'break' }];
  const nodes = htmlBlocks(html);
  const only = nodes[0];
  if (nodes.length === 1 && only?.type === 'paragraph') return only.children;
  return nodes.filter((node): node is PhrasingContent & RootContent => PHRASING_NODES.has(node.type));
}

/**
 * Texts a dropped tag had parted joined again (`a <x> b` is `a b`, one space), and the line ending
 * after a `<br>` in the source is no text of the line that follows.
 */
function tidy(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.type === 'text' && last?.type === 'text') {
      last.value = `${last.value.trimEnd()}${/^\s/.test(node.value) || /\s$/.test(last.value) ? ' ' : ''}${node.value.trimStart()}`;
    } else if (node.type === 'text' && last?.type === 'break') {
      out.push({ ...node, value: node.value.trimStart() });
    } else out.push(node);
  }
  return out.filter((node) => node.type !== 'text' || node.value !== '');
}

/** What an element with its children becomes: a mark, inline code, a link, or its children alone. */
function wrap(tag: string, attributes: string, children: PhrasingContent[]): PhrasingContent[] {
  const mark = MARKS[tag];
  if (mark !== undefined) return children.length === 0 ? [] : [{ type: mark, children }];
  if (CODE_TAGS.has(tag)) return [{ type: 'inlineCode', value: toString({ type: 'paragraph', children }) }];
  if (tag === 'a') {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const url = href?.[1] ?? href?.[2] ?? href?.[3];
    if (url !== undefined && url !== '') return [{ type: 'link', url, children }];
  }
  return children;
}

/**
 * A phrasing container's raw inline HTML paired into marks: `<b>x</b>` is strong, `<code>` inline
 * code, `<a href>` a link, `<br>` a break, `<img>` an image; other elements (`<sup>`, `<span>`,
 * `<u>`) give their children; a tag with no partner and a comment are dropped. One flat list with
 * each open element's start in it: a close replaces its run in place, an element left open leaves
 * its children where they are, so no tag soup costs more than a pass.
 */
function readInlineHtml(children: PhrasingContent[]): PhrasingContent[] {
  const open: { tag: string; attributes: string; start: number }[] = [];
  const out: PhrasingContent[] = [];
  for (const child of children) {
    if (child.type !== 'html') {
      out.push(child);
      continue;
    }
    const value = child.value.trim();
    const close = CLOSE_TAG.exec(value);
    const opening = close === null ? OPEN_TAG.exec(value) : null;
    if (close !== null) {
      const tag = (close[1] ?? '').toLowerCase();
      const at = open.findLastIndex((entry) => entry.tag === tag);
      if (at < 0) continue;
      // Elements left open inside this one give their children: their markers go, the nodes stay.
      const [entry] = open.splice(at);
      // A loop, not a spread: an element may hold more nodes than a call takes arguments.
      if (entry !== undefined)
        for (const node of wrap(tag, entry.attributes, out.splice(entry.start))) out.push(node);
    } else if (opening !== null && !value.endsWith('/>') && !/^<(br|img|wbr|hr|input)\b/i.test(value)) {
      // Past the bound an element is not paired: tag soup nests no deeper than a document would.
      if (open.length < MAXIMUM_OPEN_ELEMENTS)
        open.push({ tag: (opening[1] ?? '').toLowerCase(), attributes: opening[2] ?? '', start: out.length });
    } else if (!COMMENT.test(value)) {
      out.push(...voidPhrasing(value));
    }
  }
  return tidy(out);
}

/**
 * Raw HTML in markdown read as the markdown it stands for, as a README's reader sees it rendered:
 * an HTML block (`<h1 align="center">Bees</h1>`, `<p><img …></p>`, a `<table>`) becomes markdown's
 * blocks, each with the block's provenance; inline tags in a paragraph become marks, links, breaks
 * and images ({@link readInlineHtml}). Comments stay (the normalization drops them); a block of
 * tags alone (`</details>`, `<div align="center">`) is dropped; one that reads as nothing but holds
 * text (`<script>`, `<style>`) is kept as written, as all raw HTML was before.
 */
export function readHtmlInMarkdown(parent: Parent): void {
  if (!parent.children.some(hasHtml)) return;
  const flow = FLOW_PARENTS.has(parent.type);
  const children: Nodes[] = [];
  for (const child of parent.children as Nodes[]) {
    if (child.type === 'html' && flow) {
      children.push(...blockOf(child));
      continue;
    }
    if ('children' in child) readHtmlInMarkdown(child);
    children.push(child);
  }
  parent.children = (
    PHRASING_PARENTS.has(parent.type) ? readInlineHtml(children as PhrasingContent[]) : children
  ) as typeof parent.children;
}

/** Only tags, no text between them: `<div align="center">`, `</details>`. */
const ONLY_TAGS = /^(?:\s*<\/?[a-z][^>]*>)*\s*$/i;

function blockOf(node: Html): Nodes[] {
  if (COMMENT.test(node.value)) return [node];
  const blocks = htmlBlocks(node.value);
  // What reads as nothing but holds text (a `<script>`, a `<style>`, an `<iframe>`'s fallback) stays as written.
  if (blocks.length === 0) return ONLY_TAGS.test(node.value) ? [] : [node];
  return blocks.map((block) =>
    node.data === undefined ? block : { ...block, data: { ...block.data, ...node.data } },
  );
}
