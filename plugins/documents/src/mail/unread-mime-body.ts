/** A multipart boundary line (`--boundary`, `--boundary--`): RFC 2046 allows up to 70 characters. */
const BOUNDARY_LINE = /^--[\x21-\x7e]{1,70}$/;
/** A part's own header field, which the parse would have taken as the part's headers. */
const PART_HEADER = /^content-[a-z-]+:/i;

/**
 * The text of a message's body as it is written, for a message whose MIME structure the parser
 * could not read into any part (a boundary declared one way and written another, part headers run
 * into their body with no blank line between): everything after the message's header block, less
 * the lines that are only structure (boundary lines and `Content-*` fields). `undefined` when
 * nothing is left to read.
 */
export function unreadMimeBody(message: Buffer): string | undefined {
  const text = message.toString('utf8').replace(/\r\n?/g, '\n');
  const blank = text.indexOf('\n\n');
  if (blank < 0) return undefined;
  const lines = text
    .slice(blank + 2)
    .split('\n')
    .filter((line) => !BOUNDARY_LINE.test(line.trim()) && !PART_HEADER.test(line));
  const body = lines.join('\n').trim();
  return body === '' ? undefined : body;
}
