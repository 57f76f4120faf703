import { startsAsRtf } from './rtf-tokens.js';

/** Bytes looked at to tell RTF body text from other text. */
export const RTF_BODY_SAMPLE_BYTES = 4096;

/** Control words only RTF text is full of (paragraphs, runs, fonts, cells, Unicode escapes). */
const BODY_WORDS =
  /\\(?:pard?|plain|line|tab|[biu]0?|ul(?:none)?|f\d+|fs\d+|cf\d+|li-?\d+|fi-?\d+|q[lcrj]|cell|row|trowd|intbl|sect|page|u-?\d+|'[0-9a-f]{2})(?![a-z])/gi;

/** How an RTF file starts: as RTF must, with `{\rtf` after white space, or as RTF body text without the header. */
export type RtfStart = 'header' | 'late_header' | 'body';

/**
 * How the first bytes of a file declared RTF start: `{\rtf` (a well-formed file), `{\rtf` after
 * white space, or body text whose control words (`\pard`, `\b`, `\par`…) say it is RTF with its
 * `{\rtf1 …}` header lost; undefined for anything else (plain text, binary).
 */
export function rtfStartOf(head: Uint8Array): RtfStart | undefined {
  if (startsAsRtf(head)) return 'header';
  const sample = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, RTF_BODY_SAMPLE_BYTES));
  if (sample.includes(0)) return undefined;
  const text = sample.toString('latin1');
  if (startsAsRtf(Buffer.from(text.trimStart(), 'latin1'))) return 'late_header';
  return (text.match(BODY_WORDS)?.length ?? 0) >= 2 ? 'body' : undefined;
}

/**
 * The bytes to tokenize as an RTF document, with the warning to give when they had to be
 * mended: white space before `{\rtf` dropped, or body text wrapped in `{\rtf1\ansi … }`. Undefined
 * when the file is no RTF at all.
 */
export function toRtfDocument(bytes: Buffer, name: string): { bytes: Buffer; warning?: string } | undefined {
  switch (rtfStartOf(bytes)) {
    case 'header':
      return { bytes };
    case 'late_header':
      return {
        bytes: bytes.subarray(bytes.indexOf('{')),
        warning: `${name} has white space before its {\\rtf header; read from the header on.`,
      };
    case 'body':
      return {
        bytes: Buffer.concat([Buffer.from('{\\rtf1\\ansi '), bytes, Buffer.from('}')]),
        warning: `${name} has no {\\rtf header but its text is RTF (control words such as \\par); read as the body of an RTF document in Windows-1252.`,
      };
    case undefined:
      return undefined;
  }
}
