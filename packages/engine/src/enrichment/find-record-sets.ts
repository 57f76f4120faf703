import type { List, Nodes, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { CellValue } from '@transmute/plugin-sdk';
import type { AnalyzedBlock } from './analyze-document.js';
import type { RecordSet } from './infer-schema.js';

const KEY_VALUE = /^([^:\n]{1,60}):\s+(\S.*)$/s;

/**
 * Collects the record-like structures of a document: tables (typed `data.table` when the source
 * was CSV/JSON, parsed GFM cells otherwise) and lists of `Key: value` items. Names are unique
 * snake_case identifiers derived from the nearest heading.
 */
export function findRecordSets(blocks: AnalyzedBlock[], documentTitle: string | undefined): RecordSet[] {
  const sets: RecordSet[] = [];
  const names = new Set<string>();
  for (const block of blocks) {
    for (const node of nodesOf(block.node)) {
      const found = node.type === 'table' ? fromTable(node) : fromList(node);
      if (found === undefined) continue;
      const title =
        block.headingPath.at(-1) ??
        documentTitle ??
        `${found.origin === 'key_value' ? 'facts' : 'table'} ${sets.length + 1}`;
      const name = uniqueName(toIdentifier(title, found.origin === 'key_value' ? 'facts' : 'records'), names);
      sets.push({
        ...found,
        name,
        title,
        headingPath: block.headingPath,
        provenance: node.data?.provenance ?? block.provenance,
      });
    }
  }
  return sets;
}

type Found = Pick<RecordSet, 'origin' | 'columns' | 'rows' | 'typed'>;

function nodesOf(node: Nodes): (Table | List)[] {
  if (node.type === 'table') return [node];
  if (node.type === 'list') return [node, ...node.children.flatMap((child) => nodesOf(child))];
  if (!('children' in node) || node.type === 'paragraph' || node.type === 'heading') return [];
  return (node.children as Nodes[]).flatMap((child) => nodesOf(child));
}

function fromTable(node: Table): Found | undefined {
  const data = node.data?.table;
  if (data !== undefined && data.columns.length > 0) {
    const typed = data.origin === 'json' || data.origin === 'ndjson';
    return { origin: data.origin, columns: uniqueColumns(data.columns), rows: data.rows, typed };
  }
  const [header, ...body] = node.children;
  if (header === undefined) return undefined;
  const columns = uniqueColumns(header.children.map((cell) => toString(cell).trim()));
  const rows: CellValue[][] = body.map((row) =>
    columns.map((_, index) => {
      const cell = row.children[index];
      return cell === undefined ? null : toString(cell).trim();
    }),
  );
  return { origin: 'markdown', columns, rows, typed: false };
}

function fromList(node: List): Found | undefined {
  if (node.children.length < 2) return undefined;
  const pairs: [string, string][] = [];
  for (const item of node.children) {
    const match = KEY_VALUE.exec(toString(item).trim());
    if (match === null) return undefined;
    pairs.push([(match[1] ?? '').trim(), (match[2] ?? '').trim()]);
  }
  return {
    origin: 'key_value',
    columns: uniqueColumns(pairs.map(([key]) => key)),
    rows: [pairs.map(([, value]) => value)],
    typed: false,
  };
}

function uniqueColumns(columns: string[]): string[] {
  const seen = new Set<string>();
  return columns.map((column, index) => {
    let name = column.trim() === '' ? `column_${index + 1}` : column.trim();
    for (let suffix = 2; seen.has(name); suffix += 1) name = `${column.trim() || 'column'}_${suffix}`;
    seen.add(name);
    return name;
  });
}

/** A lower-case snake_case identifier (ASCII letters, digits, underscores). */
export function toIdentifier(text: string, fallback: string): string {
  const ascii = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48)
    .replace(/_+$/, '');
  if (slug === '') return fallback;
  return /^[0-9]/.test(slug) ? `${fallback}_${slug}` : slug;
}

function uniqueName(base: string, names: Set<string>): string {
  let name = base;
  for (let suffix = 2; names.has(name); suffix += 1) name = `${base}_${suffix}`;
  names.add(name);
  return name;
}
