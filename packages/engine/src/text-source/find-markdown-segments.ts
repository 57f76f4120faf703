/** Segments of roughly this many characters are parsed at a time. */
const SEGMENT_CHARS = 32 * 1024;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/**
 * Cuts markdown into [start, end) ranges at safe points: before an ATX heading that is outside a
 * fenced code block, once a segment has grown past {@link SEGMENT_CHARS}. Nothing in CommonMark
 * continues across such a heading (it ends paragraphs, lists and block quotes).
 */
export function findMarkdownSegments(content: string): [number, number][] {
  if (content.length <= SEGMENT_CHARS * 2) return [[0, content.length]];
  const segments: [number, number][] = [];
  let segmentStart = 0;
  let fence: string | null = null;
  let lineStart = 0;
  while (lineStart < content.length) {
    let lineEnd = content.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = content.length;
    const line = content.slice(lineStart, Math.min(lineEnd, lineStart + 200));
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      if (fenceMatch?.[1]?.startsWith(fence)) fence = null;
    } else if (fenceMatch?.[1]) {
      fence = fenceMatch[1];
    } else if (lineStart - segmentStart >= SEGMENT_CHARS && HEADING.test(line)) {
      segments.push([segmentStart, lineStart]);
      segmentStart = lineStart;
    }
    lineStart = lineEnd + 1;
  }
  segments.push([segmentStart, content.length]);
  return segments;
}
