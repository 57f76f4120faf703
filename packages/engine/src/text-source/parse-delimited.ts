import { parse } from 'csv-parse/sync';
import type { ExtractedDocument } from '@transmute/plugin-sdk';
import { TransmuteError } from '@transmute/contract';
import { sniffDelimiter } from './sniff-delimiter.js';
import { toColumnNames, toTableNode } from './to-table-node.js';
import { toTypedCell } from './to-typed-cell.js';
import type { TextSourceContext } from './text-source-context.js';

/**
 * Reads CSV or TSV: the header row gives the columns, cells are typed, one `table` block. A CSV's
 * delimiter is told from its first rows (`;` where the decimal mark is a comma); a TSV's is a tab.
 */
export function parseDelimited(
  content: string,
  format: 'csv' | 'tsv',
  ctx: TextSourceContext,
): ExtractedDocument {
  const delimiter = format === 'csv' ? sniffDelimiter(content) : '\t';
  let records: string[][];
  try {
    records = parse(content, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    throw new TransmuteError(
      'extraction_failed',
      `The ${format.toUpperCase()} could not be parsed: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const [header, ...body] = records;
  if (!header) return { root: { type: 'root', children: [] }, metadata: {} };
  const columns = toColumnNames(header);
  let ragged = 0;
  const rows = body.map((record) => {
    if (record.length !== columns.length) ragged++;
    return columns.map((_, index) => toTypedCell(record[index] ?? ''));
  });
  if (ragged > 0)
    ctx.warn('ragged_rows', `${ragged} row(s) had a different number of cells than the header.`);
  const node = toTableNode({ columns, rows, origin: format }, { startOffset: 0, endOffset: content.length });
  const facts = { rows: rows.length, columns: columns.length, ...(delimiter === ',' ? {} : { delimiter }) };
  return { root: { type: 'root', children: [node] }, metadata: { facts } };
}
