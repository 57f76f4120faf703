import { elements, firstElement, type XmlElement } from '../internal/parse-xml.js';
import type { Marks } from './phrasing.js';

/** What an OpenDocument style means for markdown: run formatting, code, list numbering. */
export interface OdtStyle {
  marks: Marks;
  code: boolean;
  parent?: string;
  /** For paragraph styles that are headings (`Heading 2`, an outline level): the heading's level. */
  outlineLevel?: number;
  /** For list styles: whether each level (1-based) is numbered, and its start. */
  levels?: Map<number, { ordered: boolean; start: number }>;
}

const MONOSPACE = /courier|consolas|mono|menlo|source code|liberation mono/i;
const CODE_STYLE = /preformatted|source|code|verbatim/i;
const MAX_INHERITANCE = 16;
/** `Heading_20_2` (the encoded name of `Heading 2`) or a display name `Heading 2`. */
const HEADING_STYLE = /^heading(?:_20_| )(\d+)$/i;

/**
 * The heading level a paragraph style gives its paragraphs: its default outline level, else the
 * level in a `Heading N` name, `Title` being 1. LibreOffice writes a Word document's headings as
 * such paragraphs (`<text:p text:style-name="Heading_20_1">`, not `text:h`) when their Word style
 * has no outline level, as documents written by libraries often have.
 */
function outlineLevelOf(style: XmlElement): number | undefined {
  const declared = Number(style.attributes['style:default-outline-level'] ?? '');
  if (Number.isInteger(declared) && declared > 0) return declared;
  for (const name of [style.attributes['style:name'], style.attributes['style:display-name']]) {
    if (name === undefined) continue;
    if (name === 'Title') return 1;
    const match = HEADING_STYLE.exec(name);
    if (match !== null) return Number(match[1]);
  }
  return undefined;
}

function readStyle(style: XmlElement): OdtStyle {
  const text = firstElement(style, 'style:text-properties');
  const attr = (name: string): string => text?.attributes[name] ?? '';
  const strike = attr('style:text-line-through-style');
  const name = `${style.attributes['style:name'] ?? ''} ${style.attributes['style:display-name'] ?? ''}`;
  const result: OdtStyle = {
    marks: {
      bold: attr('fo:font-weight') === 'bold' || Number(attr('fo:font-weight')) >= 600,
      italic: attr('fo:font-style') === 'italic' || attr('fo:font-style') === 'oblique',
      strike: strike !== '' && strike !== 'none',
      code: MONOSPACE.test(attr('style:font-name')) || MONOSPACE.test(attr('fo:font-family')),
    },
    code: CODE_STYLE.test(name),
  };
  const parent = style.attributes['style:parent-style-name'];
  if (parent !== undefined) result.parent = parent;
  const outlineLevel = outlineLevelOf(style);
  if (outlineLevel !== undefined) result.outlineLevel = outlineLevel;
  return result;
}

function readListStyle(style: XmlElement): OdtStyle {
  const levels = new Map<number, { ordered: boolean; start: number }>();
  for (const level of elements(style)) {
    const index = Number(level.attributes['text:level'] ?? '1');
    const start = Number(level.attributes['text:start-value'] ?? '1');
    levels.set(index, {
      ordered:
        level.name === 'text:list-level-style-number' && (level.attributes['style:num-format'] ?? '1') !== '',
      start: Number.isInteger(start) ? start : 1,
    });
  }
  return { marks: { bold: false, italic: false, strike: false, code: false }, code: false, levels };
}

/** Every named style of `styles.xml` and `content.xml`'s automatic styles, by name. */
export function readOdtStyles(...containers: (XmlElement | undefined)[]): Map<string, OdtStyle> {
  const styles = new Map<string, OdtStyle>();
  for (const container of containers) {
    if (container === undefined) continue;
    for (const group of elements(container)) {
      if (!/^office:(automatic-styles|styles|master-styles)$/.test(group.name)) continue;
      for (const style of elements(group)) {
        const name = style.attributes['style:name'];
        if (name === undefined) continue;
        if (style.name === 'style:style') styles.set(name, readStyle(style));
        else if (style.name === 'text:list-style') styles.set(name, readListStyle(style));
      }
    }
  }
  return styles;
}

/** A style with what it inherits: marks and code from any ancestor. */
export function resolveOdtStyle(
  styles: Map<string, OdtStyle>,
  name: string | undefined,
): OdtStyle | undefined {
  let current = name === undefined ? undefined : styles.get(name);
  if (current === undefined) return undefined;
  const resolved: OdtStyle = { marks: { ...current.marks }, code: current.code };
  if (current.levels !== undefined) resolved.levels = current.levels;
  if (current.outlineLevel !== undefined) resolved.outlineLevel = current.outlineLevel;
  for (let step = 0; current?.parent !== undefined && step < MAX_INHERITANCE; step += 1) {
    current = styles.get(current.parent);
    if (current === undefined) break;
    resolved.code ||= current.code;
    if (resolved.outlineLevel === undefined && current.outlineLevel !== undefined)
      resolved.outlineLevel = current.outlineLevel;
    resolved.marks = {
      bold: resolved.marks.bold || current.marks.bold,
      italic: resolved.marks.italic || current.marks.italic,
      strike: resolved.marks.strike || current.marks.strike,
      code: resolved.marks.code || current.marks.code,
    };
  }
  return resolved;
}
