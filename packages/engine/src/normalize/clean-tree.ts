import type { Nodes, Parent } from 'mdast';

// Control characters (not tab/newline), soft hyphen, zero-width space, word joiner, BOM.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u00AD\u200B\u2060\uFEFF]/g;
const WHITESPACE = /\s+/g;
const PHRASING_BLOCKS = new Set(['paragraph', 'heading', 'tableCell']);
const KEEP_WHEN_CHILDLESS = new Set([
  'tableCell',
  'tableRow',
  'thematicBreak',
  'break',
  'image',
  'imageReference',
  'definition',
  'footnoteReference',
]);

/** NFC + invisible characters removed; whitespace collapsed unless `preserveWhitespace`. */
export function cleanString(value: string, preserveWhitespace: boolean): string {
  const normalized = value.normalize('NFC').replace(INVISIBLE, '');
  return preserveWhitespace ? normalized : normalized.replace(WHITESPACE, ' ');
}

function trimEdges(parent: Parent): void {
  const first = parent.children[0];
  if (first?.type === 'text') first.value = first.value.trimStart();
  const last = parent.children[parent.children.length - 1];
  if (last?.type === 'text') last.value = last.value.trimEnd();
  parent.children = parent.children.filter((child) => child.type !== 'text' || child.value !== '');
}

/**
 * Cleans a node in place: NFC, whitespace collapsed in text (not in code or HTML), invisible
 * characters removed, empty nodes dropped. Returns whether the node is worth keeping.
 */
export function cleanTree(node: Nodes): boolean {
  if (node.type === 'text') {
    node.value = cleanString(node.value, false);
    return node.value !== '';
  }
  if (node.type === 'code' || node.type === 'inlineCode') {
    node.value = cleanString(node.value, true).trimEnd();
    return node.value.trim() !== '';
  }
  if (node.type === 'html') {
    node.value = cleanString(node.value, true).trim();
    return node.value !== '' && !/^<!--[\s\S]*-->$/.test(node.value);
  }
  if (node.type === 'yaml') return true;
  if (!('children' in node)) return true;
  const parent: Parent = node;
  parent.children = parent.children.filter((child) => cleanTree(child));
  if (PHRASING_BLOCKS.has(node.type)) trimEdges(parent);
  if (node.type === 'table') {
    return node.children.some((row) => row.children.some((cell) => cell.children.length > 0));
  }
  return parent.children.length > 0 || KEEP_WHEN_CHILDLESS.has(node.type);
}
