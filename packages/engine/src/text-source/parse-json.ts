import type { RootContent } from 'mdast';
import type { CellValue, ExtractedDocument, TableData } from '@transmute/plugin-sdk';
import { TransmuteError } from '@transmute/contract';
import { toTableNode } from './to-table-node.js';
import { toJsonCell } from './to-typed-cell.js';
import type { TextSourceContext } from './text-source-context.js';
import { checkAborted } from '../internal/abort.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Table of records with the union of their keys as columns (first-seen order). */
export function toRecordTable(items: readonly unknown[], origin: string): TableData {
  const columns: string[] = [];
  const index = new Map<string, number>();
  for (const item of items) {
    const keys = isRecord(item) ? Object.keys(item) : ['value'];
    for (const key of keys) {
      if (!index.has(key)) {
        index.set(key, columns.length);
        columns.push(key);
      }
    }
  }
  const rows = items.map((item) => {
    const row: CellValue[] = columns.map(() => null);
    if (isRecord(item)) {
      for (const [key, value] of Object.entries(item)) row[index.get(key) ?? 0] = toJsonCell(value);
    } else row[index.get('value') ?? 0] = toJsonCell(item);
    return row;
  });
  return { columns, rows, origin };
}

function objectBlocks(object: Record<string, unknown>, length: number): RootContent[] {
  const blocks: RootContent[] = [];
  const scalars: CellValue[][] = [];
  for (const [key, value] of Object.entries(object)) {
    if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
      blocks.push({ type: 'heading', depth: 2, children: [{ type: 'text', value: key }] });
      blocks.push(toTableNode(toRecordTable(value, 'json')));
    } else scalars.push([key, toJsonCell(value)]);
  }
  if (scalars.length > 0)
    blocks.unshift(toTableNode({ columns: ['key', 'value'], rows: scalars, origin: 'json' }));
  for (const block of blocks) {
    block.data = { ...block.data, provenance: { startOffset: 0, endOffset: length } };
  }
  return blocks;
}

/** Reads a JSON document: an array becomes a records table, an object key/value records (+ tables of record arrays). */
export function parseJson(content: string): ExtractedDocument {
  let value: unknown;
  try {
    value = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new TransmuteError(
      'extraction_failed',
      `The JSON could not be parsed: ${(error as Error).message}`,
      { cause: error },
    );
  }
  let children: RootContent[];
  if (Array.isArray(value)) {
    children =
      value.length === 0
        ? []
        : [toTableNode(toRecordTable(value, 'json'), { startOffset: 0, endOffset: content.length })];
  } else if (isRecord(value)) {
    children = objectBlocks(value, content.length);
  } else {
    const text = toJsonCell(value);
    children =
      text === null || text === ''
        ? []
        : [{ type: 'paragraph', children: [{ type: 'text', value: String(text) }] }];
  }
  const facts = Array.isArray(value) ? { records: value.length } : undefined;
  return { root: { type: 'root', children }, metadata: facts ? { facts } : {} };
}

/** Reads NDJSON: one record per line; lines that are not JSON are skipped with a warning. */
export function parseNdjson(content: string, ctx: TextSourceContext): ExtractedDocument {
  const items: unknown[] = [];
  const bad: number[] = [];
  let lineNumber = 0;
  let start = 0;
  while (start <= content.length) {
    let end = content.indexOf('\n', start);
    if (end === -1) end = content.length;
    lineNumber++;
    const line = content.slice(start, end).trim();
    if (line !== '') {
      try {
        items.push(JSON.parse(line));
      } catch {
        bad.push(lineNumber);
      }
    }
    if (lineNumber % 10_000 === 0) checkAborted(ctx.signal);
    start = end + 1;
  }
  if (bad.length > 0) {
    const shown = bad.slice(0, 5).join(', ') + (bad.length > 5 ? '…' : '');
    ctx.warn(
      'invalid_record',
      `${bad.length} NDJSON line(s) were not valid JSON and were skipped (line ${shown}).`,
    );
  }
  const children =
    items.length === 0
      ? []
      : [toTableNode(toRecordTable(items, 'ndjson'), { startOffset: 0, endOffset: content.length })];
  return { root: { type: 'root', children }, metadata: { facts: { records: items.length } } };
}
