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

/**
 * Guesses the media type of inline text (a `text` source): a JSON object or array, NDJSON when
 * every non-blank line is a JSON object, markdown when markdown syntax appears, else plain text.
 */
export function guessTextMediaType(content: string): string {
  const trimmed = content.trim();
  const head = trimmed.charAt(0);
  if (head === '{' || head === '[') {
    if (isJsonLine(trimmed)) return 'application/json';
    const lines = trimmed.split('\n', 1000).filter((line) => line.trim() !== '');
    if (lines.length > 1 && lines.every((line) => isJsonLine(line.trim()))) return 'application/x-ndjson';
  }
  return MARKDOWN_CUES.test(content.slice(0, 100_000)) ? 'text/markdown' : 'text/plain';
}
