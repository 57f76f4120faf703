/** A paragraph style of the stylesheet: its name, outline level and the style it is based on. */
export interface RtfStyle {
  name: string;
  outlineLevel?: number;
  /** `\sbasedonN`: the style whose properties it inherits when it does not set them. */
  basedOn?: number;
}

/** One level of a list table entry: `\levelnfcN` (23 bullet, 255 none, else a number format) and start. */
export interface RtfListLevel {
  format: number;
  start: number;
}

/**
 * What a document's tables define, read before its body: font names and code pages (`\fcharset`, `\cpg`),
 * paragraph styles (`\sN` → name, outline level), lists (`\listid` → levels) and list overrides
 * (`\lsN` → `\listid`).
 */
export interface RtfDefinitions {
  fontCodePages: Map<number, number>;
  fontNames: Map<number, string>;
  styles: Map<number, RtfStyle>;
  lists: Map<number, RtfListLevel[]>;
  overrides: Map<number, number>;
}

/** Empty definitions, filled as the tables are read. */
export function emptyDefinitions(): RtfDefinitions {
  return {
    fontCodePages: new Map(),
    fontNames: new Map(),
    styles: new Map(),
    lists: new Map(),
    overrides: new Map(),
  };
}

/** `\levelnfc` values that are not numbers: 23 bullet, 255 no number. */
const UNNUMBERED_FORMATS = new Set([23, 255]);

/** A list level as found through `\lsN` and `\ilvlN`, if the list table defines it. */
export function listLevelOf(
  definitions: RtfDefinitions,
  override: number,
  level: number,
): { ordered: boolean; start: number } | undefined {
  const listId = definitions.overrides.get(override);
  const levels = listId === undefined ? undefined : definitions.lists.get(listId);
  const found = levels?.[level];
  if (found === undefined) return undefined;
  return { ordered: !UNNUMBERED_FORMATS.has(found.format), start: found.start };
}

/** Whether the text a writer put before a list item (`\listtext`, `\pntext`) is a number, not a bullet. */
export function isNumberMarker(marker: string): boolean {
  return /^\s*\(?(?:[0-9]+[.)]?|[a-zA-Z]{1,4}[.)])\s*$/.test(marker);
}
