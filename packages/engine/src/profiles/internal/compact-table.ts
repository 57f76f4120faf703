import type { Table } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type { Options } from 'mdast-util-to-markdown';

type TableHandler = (...args: Parameters<NonNullable<NonNullable<Options['handlers']>['table']>>) => string;

// GFM's table handler with its columns unpadded (`tablePipeAlign: false`): a padded table repeats
// its longest cell's width on every row (an infobox row of 300 characters pads the whole column),
// spends tokens on spaces, and aligns nothing in a proportional font or with wide (CJK) characters.
const unpadded = gfmToMarkdown({ tablePipeAlign: false }).extensions?.find(
  (extension) => extension.handlers?.table !== undefined,
)?.handlers?.table as TableHandler | undefined;
if (unpadded === undefined) throw new Error('mdast-util-gfm has no table handler');

/** Each cell of an unpadded delimiter row (`-`, `:-`, `-:`, `:-:`) at the customary three dashes. */
const DELIMITER_CELL = /(:?)-+(:?)/g;

/**
 * A GFM table as `| a | b |` rows with a `| --- | --- |` delimiter row: no padding, the same rows
 * the dataset and schema renderers write by hand.
 */
export const compactTable: TableHandler = (node: Table, parent, state, info) => {
  const value = unpadded(node, parent, state, info);
  const lines = value.split('\n');
  const delimiter = lines[1];
  if (delimiter !== undefined) lines[1] = delimiter.replace(DELIMITER_CELL, '$1---$2');
  return lines.join('\n');
};
