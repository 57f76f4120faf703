import { elements, firstElement, type XmlElement } from '../internal/parse-xml.js';

/** One level of a numbering definition. */
export interface ListLevel {
  ordered: boolean;
  start: number;
}

/** `word/numbering.xml` resolved: a level of a `w:numId`, with its overrides applied. */
export interface Numbering {
  level(numId: string, level: number): ListLevel | undefined;
}

function readLevels(parent: XmlElement): Map<number, ListLevel> {
  const levels = new Map<number, ListLevel>();
  for (const lvl of elements(parent, 'w:lvl')) {
    const index = Number(lvl.attributes['w:ilvl'] ?? '0');
    const format = firstElement(lvl, 'w:numFmt')?.attributes['w:val'] ?? 'decimal';
    const start = Number(firstElement(lvl, 'w:start')?.attributes['w:val'] ?? '1');
    levels.set(index, {
      ordered: format !== 'bullet' && format !== 'none',
      start: Number.isInteger(start) && start >= 0 ? start : 1,
    });
  }
  return levels;
}

/** Reads the numbering definitions (abstract numbering + each `w:num`'s level overrides). */
export function readNumbering(numbering: XmlElement | undefined): Numbering {
  const abstracts = new Map<string, Map<number, ListLevel>>();
  const nums = new Map<string, Map<number, ListLevel>>();
  if (numbering !== undefined) {
    for (const abstract of elements(numbering, 'w:abstractNum')) {
      const id = abstract.attributes['w:abstractNumId'];
      if (id !== undefined) abstracts.set(id, readLevels(abstract));
    }
    for (const num of elements(numbering, 'w:num')) {
      const id = num.attributes['w:numId'];
      const abstractId = firstElement(num, 'w:abstractNumId')?.attributes['w:val'];
      if (id === undefined || abstractId === undefined) continue;
      const levels = new Map(abstracts.get(abstractId) ?? []);
      for (const override of elements(num, 'w:lvlOverride')) {
        const index = Number(override.attributes['w:ilvl'] ?? '0');
        const inner = firstElement(override, 'w:lvl');
        const base = inner === undefined ? levels.get(index) : readLevels({ ...override }).get(index);
        const startOverride = firstElement(override, 'w:startOverride')?.attributes['w:val'];
        if (base === undefined) continue;
        levels.set(index, startOverride === undefined ? base : { ...base, start: Number(startOverride) });
      }
      nums.set(id, levels);
    }
  }
  return { level: (numId, level) => nums.get(numId)?.get(level) };
}
