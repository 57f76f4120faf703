import { elements, firstElement, type XmlElement } from '../internal/parse-xml.js';

/** What a paragraph or character style means for markdown. */
export interface StyleInfo {
  /** Heading depth 1–6 (outline level + 1, `Heading N`, `Title`). */
  headingDepth?: number;
  /** A code style (`Source Code`, `HTML Preformatted`, `Code`…): code block or inline code. */
  code: boolean;
  /** A list style's numbering (`List Number` styles carry `w:numPr`). */
  numId?: string;
  level?: number;
  /** A caption style: its paragraph names the image or table above it. */
  caption: boolean;
  /** A character style's bold and italic (`Strong`, `Emphasis`), where it or a style it is based on sets them. */
  bold?: boolean;
  italic?: boolean;
}

interface RawStyle {
  name: string;
  basedOn?: string;
  outlineLevel?: number;
  numId?: string;
  level?: number;
  bold?: boolean;
  italic?: boolean;
}

/** Names of code paragraph and character styles (`Source Code`, `HTML Preformatted`, `Code`, …). */
export const CODE_STYLE = /\b(code|preformatted|source|verbatim|listing)\b/i;
const MAX_INHERITANCE = 16;

function val(parent: XmlElement | undefined, name: string): string | undefined {
  if (parent === undefined) return undefined;
  return firstElement(parent, name)?.attributes['w:val'];
}

/** A toggle property (`w:b`, `w:i`): on when present without a false value, undefined when absent. */
export function toggle(parent: XmlElement | undefined, name: string): boolean | undefined {
  const element = parent === undefined ? undefined : firstElement(parent, name);
  if (element === undefined) return undefined;
  const value = element.attributes['w:val'];
  return value === undefined || !['0', 'false', 'off', 'none'].includes(value);
}

/** Heading depth from an outline level (0-based; 9 means body text). */
export function depthOfOutlineLevel(level: string | undefined): number | undefined {
  if (level === undefined) return undefined;
  const value = Number(level);
  if (!Number.isInteger(value) || value < 0 || value > 8) return undefined;
  return Math.min(6, value + 1);
}

/** Heading depth from a style's name: `Heading N` (any case), `Title` as 1. */
export function depthOfStyleName(name: string): number | undefined {
  const heading = /^heading\s*([1-9])$/i.exec(name.trim());
  if (heading?.[1] !== undefined) return Math.min(6, Number(heading[1]));
  if (/^title$/i.test(name.trim())) return 1;
  return undefined;
}

/**
 * Resolves `word/styles.xml`: each style id to its heading depth (its own `w:outlineLvl`, a
 * `Heading N` / `Title` name, else what its `w:basedOn` style says), code and caption styles, and
 * list numbering carried by a style.
 */
export function readStyles(styles: XmlElement | undefined): Map<string, StyleInfo> {
  const raw = new Map<string, RawStyle>();
  for (const style of styles === undefined ? [] : elements(styles, 'w:style')) {
    const id = style.attributes['w:styleId'];
    if (id === undefined) continue;
    const pPr = firstElement(style, 'w:pPr');
    const numPr = pPr === undefined ? undefined : firstElement(pPr, 'w:numPr');
    const entry: RawStyle = { name: val(style, 'w:name') ?? id };
    const basedOn = val(style, 'w:basedOn');
    if (basedOn !== undefined) entry.basedOn = basedOn;
    const outline = depthOfOutlineLevel(val(pPr, 'w:outlineLvl'));
    if (outline !== undefined) entry.outlineLevel = outline;
    const numId = val(numPr, 'w:numId');
    if (numId !== undefined) entry.numId = numId;
    const level = val(numPr, 'w:ilvl');
    if (level !== undefined) entry.level = Number(level);
    const rPr = firstElement(style, 'w:rPr');
    const bold = toggle(rPr, 'w:b');
    const italic = toggle(rPr, 'w:i');
    if (bold !== undefined) entry.bold = bold;
    if (italic !== undefined) entry.italic = italic;
    raw.set(id, entry);
  }
  const result = new Map<string, StyleInfo>();
  for (const id of raw.keys()) result.set(id, resolve(raw, id));
  return result;
}

function resolve(raw: Map<string, RawStyle>, id: string): StyleInfo {
  const info: StyleInfo = { code: false, caption: false };
  let current = raw.get(id);
  for (let step = 0; current !== undefined && step < MAX_INHERITANCE; step += 1) {
    const depth = info.headingDepth ?? current.outlineLevel ?? depthOfStyleName(current.name);
    if (depth !== undefined) info.headingDepth = depth;
    if (CODE_STYLE.test(current.name)) info.code = true;
    if (/^caption$/i.test(current.name.trim())) info.caption = true;
    if (info.numId === undefined && current.numId !== undefined) {
      info.numId = current.numId;
      info.level = current.level ?? 0;
    }
    if (info.bold === undefined && current.bold !== undefined) info.bold = current.bold;
    if (info.italic === undefined && current.italic !== undefined) info.italic = current.italic;
    current = current.basedOn === undefined ? undefined : raw.get(current.basedOn);
  }
  return info;
}
