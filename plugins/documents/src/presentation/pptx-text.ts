import type { PhrasingContent } from 'mdast';
import { descendants, elements, firstElement, localName, textOf } from '../internal/parse-xml.js';
import type { XmlElement } from '../internal/parse-xml.js';
import type { Relationship } from './package-parts.js';
import type { SlideParagraph } from './text-blocks.js';

/** A run's text with its bold/italic marks and its hyperlink. */
function runContent(run: XmlElement, rels: Map<string, Relationship>): PhrasingContent[] {
  const text = textOf(firstElement(run, 'a:t') ?? { name: '', attributes: {}, children: [] });
  if (text === '') return [];
  const props = firstElement(run, 'a:rPr');
  const on = (name: string): boolean => {
    const value = props?.attributes[name];
    return value === '1' || value === 'true';
  };
  const linkId = props === undefined ? undefined : firstElement(props, 'a:hlinkClick')?.attributes['r:id'];
  const link = linkId === undefined ? undefined : rels.get(linkId);
  const linked = link?.external === true;
  if (text.trim() === '' || !(on('b') || on('i') || linked)) return [{ type: 'text', value: text }];
  // Marks wrap the words but not the spaces around them (`**word **` is not emphasis in markdown).
  const [, before = '', words = '', after = ''] = /^(\s*)(.*?)(\s*)$/s.exec(text) ?? [];
  let node: PhrasingContent = { type: 'text', value: words };
  if (on('i')) node = { type: 'emphasis', children: [node] };
  if (on('b')) node = { type: 'strong', children: [node] };
  if (linked) node = { type: 'link', url: link.target, children: [node] };
  const content: PhrasingContent[] = [node];
  if (before !== '') content.unshift({ type: 'text', value: before });
  if (after !== '') content.push({ type: 'text', value: after });
  return content;
}

/**
 * A DrawingML paragraph's plain text: its runs' and fields' text, a line break (`a:br`) as `\n`
 * (runs on either side of a break are not one word).
 */
export function paragraphText(paragraph: XmlElement): string {
  return elements(paragraph)
    .map((child) => {
      const name = localName(child.name);
      if (name === 'br') return '\n';
      if (name !== 'r' && name !== 'fld') return '';
      return descendants(child, 'a:t').map(textOf).join('');
    })
    .join('');
}

/**
 * The largest font size (hundredths of a point) a text body's runs are set in: a run's own `sz`,
 * else its level's default in the body's list style (`a:lstStyle`); `undefined` when neither says
 * (the size then comes from the layout or master).
 */
export function largestFontSize(body: XmlElement): number | undefined {
  const listStyle = firstElement(body, 'a:lstStyle');
  let largest: number | undefined;
  for (const paragraph of elements(body, 'a:p')) {
    const level = Number(firstElement(paragraph, 'a:pPr')?.attributes.lvl ?? '0') || 0;
    const levelStyle =
      listStyle === undefined ? undefined : firstElement(listStyle, `a:lvl${String(level + 1)}pPr`);
    const levelSize =
      levelStyle === undefined ? undefined : firstElement(levelStyle, 'a:defRPr')?.attributes.sz;
    for (const run of elements(paragraph)) {
      const name = localName(run.name);
      if ((name !== 'r' && name !== 'fld') || descendants(run, 'a:t').every((t) => textOf(t).trim() === ''))
        continue;
      const size = Number(firstElement(run, 'a:rPr')?.attributes.sz ?? levelSize ?? Number.NaN);
      if (size > 0 && (largest === undefined || size > largest)) largest = size;
    }
  }
  return largest;
}

/** Merges adjacent text nodes (runs split by spell-check or formatting edits). */
function mergeTexts(content: PhrasingContent[]): PhrasingContent[] {
  const merged: PhrasingContent[] = [];
  for (const node of content) {
    const last = merged.at(-1);
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else merged.push(node);
  }
  return merged;
}

/**
 * The paragraphs of a DrawingML text body. A paragraph is a list item when it has a bullet of
 * its own (`a:buChar`, `a:buAutoNum`), or when its shape bullets its level by default
 * (`bulletedByDefault`) and it has no `a:buNone`; `lvl` is its nesting level.
 */
export function textBodyParagraphs(
  body: XmlElement,
  rels: Map<string, Relationship>,
  bulletedByDefault: (level: number) => boolean,
): SlideParagraph[] {
  return elements(body, 'a:p').map((paragraph) => {
    const props = firstElement(paragraph, 'a:pPr');
    const content: PhrasingContent[] = [];
    for (const child of elements(paragraph)) {
      const name = localName(child.name);
      if (name === 'r' || name === 'fld') content.push(...runContent(child, rels));
      else if (name === 'br') content.push({ type: 'break' });
    }
    const level = Number(props?.attributes.lvl ?? '0') || 0;
    const numbered = props !== undefined && firstElement(props, 'a:buAutoNum') !== undefined;
    const bulleted = props !== undefined && firstElement(props, 'a:buChar') !== undefined;
    const none = props !== undefined && firstElement(props, 'a:buNone') !== undefined;
    const isItem = numbered || bulleted || (!none && bulletedByDefault(level));
    const trimmed = mergeTexts(content);
    return isItem ? { content: trimmed, level, ordered: numbered } : { content: trimmed };
  });
}
