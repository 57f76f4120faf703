/** A text box of a slide, as far as choosing the slide's title goes. */
export interface TitleCandidate {
  /** Its text on one line. */
  text: string;
  /** The largest font size its text is set in (any unit, the same for every box of the slide). */
  size: number;
  /** Whether it holds a list item (a bulleted body is content, never a title). */
  hasListItem: boolean;
  /** How many lines it holds (paragraphs and line breaks). */
  lines: number;
}

/** A title is a line or two: longer text is the slide's content. */
const TITLE_MAXIMUM_CHARACTERS = 100;
const TITLE_MAXIMUM_LINES = 2;

/**
 * The title a reader sees on a slide without a title placeholder: the topmost text box set in the
 * slide's largest size (a small label above it does not count), when it is short and not a list.
 * `candidates` are the slide's text boxes in reading order (top to bottom); the index of the title
 * among them, or `undefined` when none could be one (the slide is then `Slide N`).
 */
export function inferredTitleIndex(candidates: readonly TitleCandidate[]): number | undefined {
  const withText = candidates.filter((candidate) => candidate.text !== '');
  if (withText.length === 0) return undefined;
  const largest = Math.max(...withText.map((candidate) => candidate.size));
  const topmost = withText.find((candidate) => candidate.size === largest);
  if (
    topmost === undefined ||
    topmost.hasListItem ||
    topmost.lines > TITLE_MAXIMUM_LINES ||
    topmost.text.length > TITLE_MAXIMUM_CHARACTERS
  )
    return undefined;
  return candidates.indexOf(topmost);
}
