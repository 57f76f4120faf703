import type { PhrasingContent } from 'mdast';
import { elements, localName } from '../internal/parse-xml.js';
import type { XmlElement, XmlNode } from '../internal/parse-xml.js';
import type { SlideParagraph } from './text-blocks.js';

/** The inline content of an ODF paragraph (`text:p`, `text:h`): spans, spaces, breaks, links. */
export function odfInline(parent: XmlElement): PhrasingContent[] {
  const content: PhrasingContent[] = [];
  const pushText = (value: string): void => {
    const last = content.at(-1);
    if (last?.type === 'text') last.value += value;
    else content.push({ type: 'text', value });
  };
  const walk = (nodes: XmlNode[]): void => {
    for (const node of nodes) {
      if (typeof node === 'string') {
        pushText(node);
        continue;
      }
      switch (node.name) {
        case 'text:s':
          pushText(' '.repeat(Math.max(1, Number(node.attributes['text:c'] ?? '1') || 1)));
          break;
        case 'text:tab':
          pushText('\t');
          break;
        case 'text:line-break':
          content.push({ type: 'break' });
          break;
        case 'text:a': {
          const href = node.attributes['xlink:href'];
          const inner = odfInline(node);
          if (href === undefined || inner.length === 0) content.push(...inner);
          else content.push({ type: 'link', url: href, children: inner });
          break;
        }
        case 'text:note':
        case 'office:annotation':
          break;
        default:
          walk(node.children);
      }
    }
  };
  walk(parent.children);
  return content;
}

/** The paragraphs of an ODF text box: `text:p`/`text:h`, and `text:list` items with their depth. */
export function odfParagraphs(box: XmlElement): SlideParagraph[] {
  const paragraphs: SlideParagraph[] = [];
  const walk = (parent: XmlElement, level: number | undefined): void => {
    for (const child of elements(parent)) {
      const name = localName(child.name);
      if (child.name === 'text:p' || child.name === 'text:h') {
        paragraphs.push(
          level === undefined
            ? { content: odfInline(child) }
            : { content: odfInline(child), level, ordered: false },
        );
      } else if (child.name === 'text:list') {
        walk(child, level === undefined ? 0 : level + 1);
      } else if (name === 'list-item' || name === 'list-header' || name === 'section') {
        walk(child, level);
      }
    }
  };
  walk(box, undefined);
  return paragraphs;
}
