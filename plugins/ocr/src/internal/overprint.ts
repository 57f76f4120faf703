import type { TextRun } from './layout-types.js';

/** How close (in ems) a glyph must sit to the same glyph already placed to be an overprint of it. */
const SAME_PLACE_EM = 0.2;

interface PlacedGlyph {
  x: number;
  y: number;
}

/** The glyphs placed so far, by character and baseline band, for the overprint lookup. */
class GlyphIndex {
  private readonly bands = new Map<string, PlacedGlyph[]>();

  private static key(character: string, band: number): string {
    return `${band}\u0000${character}`;
  }

  /** Whether the character already sits within `tolerance` of (x, y). */
  has(character: string, x: number, y: number, tolerance: number): boolean {
    const band = Math.round(y / tolerance);
    for (const near of [band - 1, band, band + 1]) {
      const placed = this.bands.get(GlyphIndex.key(character, near));
      if (placed?.some((glyph) => Math.abs(glyph.x - x) <= tolerance && Math.abs(glyph.y - y) <= tolerance))
        return true;
    }
    return false;
  }

  add(character: string, x: number, y: number, tolerance: number): void {
    const key = GlyphIndex.key(character, Math.round(y / tolerance));
    const placed = this.bands.get(key);
    if (placed === undefined) this.bands.set(key, [{ x, y }]);
    else placed.push({ x, y });
  }
}

/**
 * Drops text painted over itself: "fake bold" and shadow effects draw the same glyphs two to four
 * times a fraction of a point apart, often cut into different pieces each time ("T", "Te", "es"),
 * and read as is they interleave ("TTeesestst"). A glyph of a run that repeats a glyph of an earlier
 * run at the same place (within a fifth of an em, same character) is an overprint; such glyphs are
 * trimmed from the ends of a run, and a run made only of them is dropped. Glyph positions inside a
 * run are estimated from its width in proportion; runs without a width (turned text) are kept.
 */
export function dropOverprint(runs: TextRun[]): TextRun[] {
  const index = new GlyphIndex();
  const kept: TextRun[] = [];
  for (const run of runs) {
    const characters = [...run.str];
    if (run.width <= 0 || characters.length === 0) {
      kept.push(run);
      continue;
    }
    const tolerance = Math.max(run.size, 1) * SAME_PLACE_EM;
    const advance = run.width / characters.length;
    const xAt = (position: number) => run.x + advance * position;
    const repeated = characters.map(
      (character, position) =>
        character.trim() !== '' && index.has(character, xAt(position), run.y, tolerance),
    );
    let start = 0;
    let end = characters.length;
    while (start < end && (repeated[start] === true || characters[start]?.trim() === '')) start += 1;
    while (end > start && (repeated[end - 1] === true || characters[end - 1]?.trim() === '')) end -= 1;
    if (start === end) {
      if (!repeated.some(Boolean)) kept.push(run);
      continue;
    }
    for (let position = start; position < end; position += 1) {
      const character = characters[position] ?? '';
      if (character.trim() !== '') index.add(character, xAt(position), run.y, tolerance);
    }
    if (start === 0 && end === characters.length) {
      kept.push(run);
      continue;
    }
    const x = xAt(start);
    kept.push({ ...run, str: characters.slice(start, end).join(''), x, width: xAt(end) - x });
  }
  return kept;
}
