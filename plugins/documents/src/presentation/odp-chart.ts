import type { CellValue } from '@transmute/plugin-sdk';
import type { BlockContent } from 'mdast';
import { descendants, elements, firstElement } from '../internal/parse-xml.js';
import type { XmlElement } from '../internal/parse-xml.js';
import { odfInline } from './odp-text.js';
import { oneLine } from './slide-section.js';
import { phrasingText } from './text-blocks.js';
import { chartTable } from './chart-table.js';

/** `./Object 1` → `Object 1/content.xml`: the embedded object's content part. */
export function chartContentPart(frame: XmlElement): string | undefined {
  const object = firstElement(frame, 'draw:object');
  const href = object?.attributes['xlink:href'];
  if (href === undefined || /^[a-z]+:/i.test(href)) return undefined;
  return `${href.replace(/^\.\//, '').replace(/\/$/, '')}/content.xml`;
}

function cellValue(cell: XmlElement): CellValue {
  const text = oneLine(
    elements(cell, 'text:p')
      .map((p) => phrasingText(odfInline(p)))
      .join(' '),
  );
  const type = cell.attributes['office:value-type'];
  if (type === 'float' || type === 'percentage' || type === 'currency') {
    const number = Number(cell.attributes['office:value'] ?? text);
    return Number.isFinite(number) ? number : text;
  }
  return text === '' ? null : text;
}

/**
 * An ODF chart object (`office:chart`) as "Chart: title" and its local data table: the header row
 * names the series, each further row is a category and its values.
 */
export function odfChartBlocks(content: XmlElement): BlockContent[] {
  const chart = descendants(content, 'chart:chart')[0];
  if (chart === undefined) return [];
  const titleElement = firstElement(chart, 'chart:title');
  const title =
    titleElement === undefined
      ? ''
      : oneLine(phrasingText(elements(titleElement, 'text:p').flatMap(odfInline)));
  const blocks: BlockContent[] = [
    { type: 'paragraph', children: [{ type: 'text', value: title === '' ? 'Chart' : `Chart: ${title}` }] },
  ];
  const table = descendants(chart, 'table:table')[0];
  const rows =
    table === undefined
      ? []
      : descendants(table, 'table:table-row').map((row) => elements(row, 'table:table-cell').map(cellValue));
  const [header, ...body] = rows;
  if (header === undefined || body.length === 0) return blocks;
  const columns = header.map((cell, index) =>
    cell === null || cell === '' ? (index === 0 ? 'Category' : '') : String(cell),
  );
  blocks.push(chartTable(columns, body));
  return blocks;
}
