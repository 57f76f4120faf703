import type { TextRun } from './layout-types.js';

/** How close (in ems) a glyph must sit to the same glyph already placed to be an overprint of it. */
const SAME_PLACE_EM = 0.2;
/** Height (page units) of the bands kept glyph runs are filed under, for finding those near a run. */
const BAND = 8;

interface PlacedGlyph {
  x: number;
  y: number;
}

/** The glyphs of a run kept so far (its characters from `start` to `end`), placed in proportion. */
interface KeptGlyphs {
  characters: string[];
  start: number;
  end: number;
  x: number;
  advance: number;
  y: number;
  tolerance: number;
}

/** Glyphs by character and baseline band, for the overprint lookup. */
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

  /** Files a kept run's glyphs (blanks left out). */
  addRun(glyphs: KeptGlyphs): void {
    for (let position = glyphs.start; position < glyphs.end; position += 1) {
      const character = glyphs.characters[position] ?? '';
      if (character.trim() !== '')
        this.add(character, glyphs.x + glyphs.advance * position, glyphs.y, glyphs.tolerance);
    }
  }
}

/**
 * The runs kept so far, filed by baseline band. A glyph can only repeat one of a kept run that
 * stands within its tolerance, and overprints are rare, so a run's glyphs are looked up one by one
 * only against the few kept runs near it, when there are any.
 */
class KeptRuns {
  private readonly bands = new Map<number, KeptGlyphs[]>();

  add(glyphs: KeptGlyphs): void {
    const band = Math.floor(glyphs.y / BAND);
    const filed = this.bands.get(band);
    if (filed === undefined) this.bands.set(band, [glyphs]);
    else filed.push(glyphs);
  }

  /** The kept runs with glyphs within `tolerance` of the span [x0, x1] on baseline y. */
  near(x0: number, x1: number, y: number, tolerance: number): KeptGlyphs[] {
    const found: KeptGlyphs[] = [];
    const last = Math.floor((y + tolerance) / BAND);
    for (let band = Math.floor((y - tolerance) / BAND); band <= last; band += 1) {
      for (const kept of this.bands.get(band) ?? []) {
        const from = kept.x + kept.advance * kept.start;
        const to = kept.x + kept.advance * (kept.end - 1);
        if (Math.abs(kept.y - y) <= tolerance && from <= x1 + tolerance && to >= x0 - tolerance)
          found.push(kept);
      }
    }
    return found;
  }
}

/** For each character of a run, whether the same glyph was kept at its place already. */
function repeatedGlyphs(glyphs: KeptGlyphs, kept: KeptRuns): boolean[] {
  const { characters, x, advance, y, tolerance } = glyphs;
  const near = kept.near(x, x + advance * (characters.length - 1), y, tolerance);
  if (near.length === 0) return characters.map(() => false);
  const index = new GlyphIndex();
  for (const other of near) index.addRun(other);
  return characters.map(
    (character, position) =>
      character.trim() !== '' && index.has(character, x + advance * position, y, tolerance),
  );
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
  const keptRuns = new KeptRuns();
  const kept: TextRun[] = [];
  for (const run of runs) {
    const characters = [...run.str];
    if (run.width <= 0 || characters.length === 0) {
      kept.push(run);
      continue;
    }
    const tolerance = Math.max(run.size, 1) * SAME_PLACE_EM;
    const advance = run.width / characters.length;
    const glyphs = { characters, start: 0, end: characters.length, x: run.x, advance, y: run.y, tolerance };
    const repeated = repeatedGlyphs(glyphs, keptRuns);
    let start = 0;
    let end = characters.length;
    while (start < end && (repeated[start] === true || characters[start]?.trim() === '')) start += 1;
    while (end > start && (repeated[end - 1] === true || characters[end - 1]?.trim() === '')) end -= 1;
    if (start === end) {
      if (!repeated.some(Boolean)) kept.push(run);
      continue;
    }
    keptRuns.add({ ...glyphs, start, end });
    if (start === 0 && end === characters.length) {
      kept.push(run);
      continue;
    }
    const x = run.x + advance * start;
    kept.push({ ...run, str: characters.slice(start, end).join(''), x, width: run.x + advance * end - x });
  }
  return kept;
}
