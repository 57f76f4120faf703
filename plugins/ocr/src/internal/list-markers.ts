import type { Segment } from './layout-types.js';

/**
 * A segment that is nothing but a list marker (a bullet glyph, an enumerator "1.", "(a)", "iv)") or
 * a section number ("1.2", "2.3.5"). A capital letter ("H)") more often labels a form's field.
 */
const MARKER_ONLY = /^(?:[•◦▪▫●○■□‣⁃∙·*–]|\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]|\d{1,2}(?:\.\d{1,2}){1,4}\.?)$/;
/** Farthest (in ems) the item's text may start right of its marker. */
const MARKER_GAP_EM = 4;

/**
 * Joins each segment that is only a list marker or a section number to the text that follows it on
 * its line. A marker set apart by a hanging indent, or in a smaller or raised font (a bullet glyph
 * of a symbol font), is a segment of its own; joined, its line reads "• text", "1. text" or
 * "1.2 Heading" as a list item's first line or a numbered heading should, and is laid out as one line.
 */
export function joinListMarkers(segments: Segment[]): Segment[] {
  const markers = segments.filter((segment) => MARKER_ONLY.test(segment.text));
  if (markers.length === 0) return segments;
  const joined = new Map<Segment, Segment>();
  const used = new Set<Segment>();
  for (const marker of markers) {
    const size = Math.max(marker.size, 1);
    let best: Segment | undefined;
    for (const segment of segments) {
      if (segment === marker || used.has(segment) || MARKER_ONLY.test(segment.text)) continue;
      const gap = segment.x0 - marker.x1;
      const near = Math.abs(segment.y - marker.y) <= 0.6 * Math.max(size, segment.size);
      if (
        near &&
        gap >= -0.1 * size &&
        gap <= MARKER_GAP_EM * segment.size &&
        (best === undefined || segment.x0 < best.x0)
      )
        best = segment;
    }
    if (best === undefined) continue;
    used.add(best);
    joined.set(marker, { ...best, text: `${marker.text} ${best.text}`, x0: marker.x0 });
    joined.set(best, best);
  }
  return segments.flatMap((segment) => {
    if (!joined.has(segment)) return [segment];
    // The marker stands for the joined line; the text it was joined to goes.
    const replacement = joined.get(segment);
    return replacement === segment || replacement === undefined ? [] : [replacement];
  });
}
