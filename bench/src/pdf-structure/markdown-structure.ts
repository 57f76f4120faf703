import type { Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Grid } from '../pdf-tables/cell-adjacency.js';
import { tablesOfMarkdown } from '../pdf-tables/markdown-tables.js';

/** What the structure row scores of some pages of an output. */
export interface Structure {
  headings: { level: number; text: string }[];
  listItems: string[];
  tables: Grid[];
}

const parser = unified().use(remarkParse).use(remarkGfm);

/** The headings, list items (each item's own text, a nested item apart) and tables of markdown. */
export function toStructure(markdown: string): Structure {
  const structure: Structure = { headings: [], listItems: [], tables: tablesOfMarkdown(markdown) };
  visit(parser.parse(markdown), structure);
  return structure;
}

function visit(node: Nodes | Root, into: Structure): void {
  if (node.type === 'heading') {
    into.headings.push({ level: node.depth, text: toString(node) });
  } else if (node.type === 'listItem') {
    const own = node.children.filter((child) => child.type !== 'list');
    into.listItems.push(own.map((child) => toString(child)).join(' '));
    for (const child of node.children) if (child.type === 'list') visit(child, into);
  } else if (node.type !== 'table' && 'children' in node) {
    for (const child of node.children) visit(child, into);
  }
}

/** Several pages' structures as one (the structure row scores a file's labelled pages together). */
export function mergeStructures(structures: readonly Structure[]): Structure {
  return {
    headings: structures.flatMap((structure) => structure.headings),
    listItems: structures.flatMap((structure) => structure.listItems),
    tables: structures.flatMap((structure) => structure.tables),
  };
}
