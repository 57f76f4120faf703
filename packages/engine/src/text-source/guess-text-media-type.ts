const MARKDOWN_CUES =
  /^(?: {0,3}#{1,6} \S| {0,3}(?:```|~~~)| {0,3}[-*+] \S| {0,3}\d+\. \S| {0,3}> | {0,3}\|.*\|\s*$)|\[[^\]\n]+\]\([^)\s]+\)|\*\*[^*\n]+\*\*/m;

function isJsonLine(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

/** WebVTT's required first line; a SubRip file opens with a cue number and its timing line. */
const WEBVTT = /^\uFEFF?WEBVTT(?:[ \t].*)?(?:\r?\n|$)/;
const SUBRIP = /^\uFEFF?\s*\d+\r?\n\d{1,2}:\d{2}:\d{2},\d{1,3} --> \d{1,2}:\d{2}:\d{2},\d{1,3}/;

/** `text/vtt` or `application/x-subrip` when a text opens as subtitles do, else undefined. */
export function subtitleTypeOf(content: string): string | undefined {
  if (WEBVTT.test(content)) return 'text/vtt';
  return SUBRIP.test(content) ? 'application/x-subrip' : undefined;
}

/**
 * Guesses the media type of inline text (a `text` source): a JSON object or array, NDJSON when
 * every non-blank line is a JSON object, subtitles (WebVTT's header, SubRip's first cue), markdown
 * when markdown syntax appears, else plain text.
 */
export function guessTextMediaType(content: string): string {
  const subtitles = subtitleTypeOf(content);
  if (subtitles !== undefined) return subtitles;
  const trimmed = content.trim();
  const head = trimmed.charAt(0);
  if (head === '{' || head === '[') {
    if (isJsonLine(trimmed)) return 'application/json';
    const lines = trimmed.split('\n', 1000).filter((line) => line.trim() !== '');
    if (lines.length > 1 && lines.every((line) => isJsonLine(line.trim()))) return 'application/x-ndjson';
  }
  return MARKDOWN_CUES.test(content.slice(0, 100_000)) ? 'text/markdown' : 'text/plain';
}
