import { elements, firstElement, type XmlElement } from '../internal/parse-xml.js';
import type { Marks } from './phrasing.js';

/** What an OpenDocument style means for markdown: run formatting, code, list numbering. */
export interface OdtStyle {
  marks: Marks;
  code: boolean;
  parent?: string;
  /** For list styles: whether each level (1-based) is numbered, and its start. */
  levels?: Map<number, { ordered: boolean; start: number }>;
}

const MONOSPACE = /courier|consolas|mono|menlo|source code|liberation mono/i;
const CODE_STYLE = /preformatted|source|code|verbatim/i;
const MAX_INHERITANCE = 16;

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
  for (let step = 0; current?.parent !== undefined && step < MAX_INHERITANCE; step += 1) {
    current = styles.get(current.parent);
    if (current === undefined) break;
    resolved.code ||= current.code;
    resolved.marks = {
      bold: resolved.marks.bold || current.marks.bold,
      italic: resolved.marks.italic || current.marks.italic,
      strike: resolved.marks.strike || current.marks.strike,
      code: resolved.marks.code || current.marks.code,
    };
  }
  return resolved;
}
