import type { BlockContent } from 'mdast';
import { descendants, elements, firstElement, textOf } from '../internal/parse-xml.js';
import type { XmlElement } from '../internal/parse-xml.js';
import { oneLine } from './slide-section.js';
import { paragraphBlocks } from './text-blocks.js';
import type { SlideParagraph } from './text-blocks.js';

/** The data-model relationship id of a SmartArt graphic frame (`dgm:relIds r:dm`). */
export function diagramReference(frame: XmlElement): string | undefined {
  const graphicData = descendants(frame, 'a:graphicData')[0];
  const ids = graphicData === undefined ? undefined : firstElement(graphicData, 'dgm:relIds');
  return ids?.attributes['r:dm'];
}

/** Point types that are layout bookkeeping, not text the author typed. */
const STRUCTURAL_POINTS = new Set(['doc', 'parTrans', 'sibTrans', 'pres']);

/**
 * A SmartArt data model (`dgm:dataModel`) as a nested list: its text points under the document
 * point, nested by their parent-of connections (`dgm:cxn` without a type) in `srcOrd` order.
 */
export function diagramBlocks(dataModel: XmlElement): BlockContent[] {
  const pointList = firstElement(dataModel, 'dgm:ptLst');
  const connectionList = firstElement(dataModel, 'dgm:cxnLst');
  if (pointList === undefined) return [];
  const texts = new Map<string, string>();
  let root: string | undefined;
  for (const point of elements(pointList, 'dgm:pt')) {
    const id = point.attributes.modelId ?? '';
    const type = point.attributes.type ?? 'node';
    if (type === 'doc') root ??= id;
    if (STRUCTURAL_POINTS.has(type)) continue;
    const body = firstElement(point, 'dgm:t');
    const text = body === undefined ? '' : oneLine(descendants(body, 'a:p').map(textOf).join(' '));
    texts.set(id, text);
  }
  const children = new Map<string, { id: string; order: number }[]>();
  for (const connection of connectionList === undefined ? [] : elements(connectionList, 'dgm:cxn')) {
    if ((connection.attributes.type ?? 'parOf') !== 'parOf') continue;
    const parent = connection.attributes.srcId ?? '';
    const list = children.get(parent) ?? [];
    list.push({
      id: connection.attributes.destId ?? '',
      order: Number(connection.attributes.srcOrd ?? '0') || 0,
    });
    children.set(parent, list);
  }
  const paragraphs: SlideParagraph[] = [];
  const seen = new Set<string>();
  const walk = (id: string, level: number): void => {
    const ordered = [...(children.get(id) ?? [])].sort((a, b) => a.order - b.order);
    for (const child of ordered) {
      if (seen.has(child.id) || !texts.has(child.id)) continue;
      seen.add(child.id);
      paragraphs.push({
        content: [{ type: 'text', value: texts.get(child.id) ?? '' }],
        level,
        ordered: false,
      });
      walk(child.id, level + 1);
    }
  };
  if (root !== undefined) walk(root, 0);
  // Points no connection reaches still hold text the author typed: kept, at the top level.
  for (const [id, text] of texts) {
    if (!seen.has(id))
      paragraphs.push({ content: [{ type: 'text', value: text }], level: 0, ordered: false });
  }
  return paragraphBlocks(paragraphs);
}
