/** Deepest container nesting (block quotes, list items) treated as markdown; deeper reads as plain text. */
export const MAX_MARKDOWN_NESTING = 64;

const CONTAINER_MARKERS = new Set(['>', '-', '*', '+']);
const INDENT = new Set([' ', '\t']);

/**
 * Whether some line opens more nested containers than {@link MAX_MARKDOWN_NESTING} (`> > > …`,
 * `- - - …`). micromark's work and the tree's depth grow with nesting: a 2 MB line of `> `
 * would take hours and overflow the stack of every recursive tree walk. One linear scan.
 */
export function isTooDeeplyNested(content: string, limit = MAX_MARKDOWN_NESTING): boolean {
  let markers = 0;
  let atLineStart = true;
  for (let index = 0; index < content.length; index += 1) {
    const char = content.charAt(index);
    if (char === '\n') {
      markers = 0;
      atLineStart = true;
    } else if (!atLineStart) {
      continue;
    } else if (CONTAINER_MARKERS.has(char)) {
      markers += 1;
      if (markers > limit) return true;
    } else if (!INDENT.has(char)) {
      atLineStart = false;
    }
  }
  return false;
}
