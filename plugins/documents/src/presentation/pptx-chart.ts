import type { BlockContent } from 'mdast';
import type { CellValue } from '@transmute/plugin-sdk';
import { descendants, elements, firstElement, textOf } from '../internal/parse-xml.js';
import type { XmlElement } from '../internal/parse-xml.js';
import { oneLine } from './slide-section.js';
import { chartTable } from './chart-table.js';

/** The cached points of a `c:cat` / `c:val` / `c:tx` reference, by index. */
function cachedPoints(holder: XmlElement | undefined): Map<number, string> {
  const points = new Map<number, string>();
  if (holder === undefined) return points;
  for (const point of descendants(holder, 'c:pt')) {
    const value = firstElement(point, 'c:v');
    if (value === undefined) continue;
    const index = Number(point.attributes.idx ?? '0');
    // Multi-level categories: the innermost level comes first; keep it.
    if (!points.has(index)) points.set(index, textOf(value));
  }
  return points;
}

interface Series {
  name: string;
  categories: Map<number, string>;
  values: Map<number, string>;
}

function seriesOf(ser: XmlElement, position: number): Series {
  const tx = firstElement(ser, 'c:tx');
  const name = tx === undefined ? '' : oneLine([...cachedPoints(tx).values()].join(' ') || textOf(tx));
  return {
    name: name === '' ? `Series ${String(position + 1)}` : name,
    categories: cachedPoints(firstElement(ser, 'c:cat') ?? firstElement(ser, 'c:xVal')),
    values: cachedPoints(firstElement(ser, 'c:val') ?? firstElement(ser, 'c:yVal')),
  };
}

const asValue = (text: string | undefined): CellValue => {
  if (text === undefined || text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
};

/**
 * A chart part (`c:chartSpace`) as its title and a data table: one row per category, one column
 * per series, from the values cached in the part (`c:numCache` / `c:strCache`).
 */
export function chartBlocks(chartSpace: XmlElement): BlockContent[] {
  const chart = firstElement(chartSpace, 'c:chart');
  if (chart === undefined) return [];
  const titleElement = firstElement(chart, 'c:title');
  const series = descendants(chart, 'c:ser').map(seriesOf);
  let title =
    titleElement === undefined ? '' : oneLine(descendants(titleElement, 'a:t').map(textOf).join(''));
  if (title === '' && series.length === 1) title = series[0]?.name ?? '';
  const blocks: BlockContent[] = [
    { type: 'paragraph', children: [{ type: 'text', value: title === '' ? 'Chart' : `Chart: ${title}` }] },
  ];
  if (series.length === 0) return blocks;
  const indexes = new Set<number>();
  for (const one of series)
    for (const index of [...one.categories.keys(), ...one.values.keys()]) indexes.add(index);
  const ordered = [...indexes].sort((a, b) => a - b);
  const columns = ['Category', ...series.map((one) => one.name)];
  const rows: CellValue[][] = ordered.map((index) => [
    series.find((one) => one.categories.has(index))?.categories.get(index) ?? String(index + 1),
    ...series.map((one) => asValue(one.values.get(index))),
  ]);
  blocks.push(chartTable(columns, rows));
  return blocks;
}

/** Every chart part a graphic frame refers to (`c:chart r:id`). */
export function chartReference(frame: XmlElement): string | undefined {
  const graphicData = descendants(frame, 'a:graphicData')[0];
  if (graphicData === undefined) return undefined;
  return elements(graphicData, 'c:chart')[0]?.attributes['r:id'];
}
