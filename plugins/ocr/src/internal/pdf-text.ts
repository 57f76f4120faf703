import type { FailureCode } from '@transmute/contract';
import type { TextRun } from './layout-types.js';

/** The parts of a pdf.js text item this module reads. */
interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  fontName?: string;
}

type Matrix = number[];

/** Control characters and replacement marks: glyphs of fonts that map to no Unicode text. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is being counted
const UNMAPPED = /[\u0000-\u0008\u000b-\u001f\u007f\ufffd\ue000-\uf8ff]/g;

/**
 * Converts pdf.js text items (and counts the unmapped glyphs among them) to runs in viewport space (y downward, page rotation applied);
 * ligatures and compatibility forms are folded with NFKC, control characters dropped.
 */
export function toRuns(
  content: { items: unknown[] },
  viewportTransform: Matrix,
  multiply: (a: Matrix, b: Matrix) => Matrix,
): { runs: TextRun[]; unmapped: number } {
  const runs: TextRun[] = [];
  let unmapped = 0;
  for (const raw of content.items) {
    const item = raw as TextItemLike;
    if (typeof item.str !== 'string' || item.transform === undefined) continue;
    const normalized = item.str.normalize('NFKC');
    const str = normalized.replace(UNMAPPED, '');
    unmapped += normalized.length - str.length;
    if (str === '') continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = multiply(viewportTransform, item.transform);
    const size = Math.hypot(c, d) || Math.hypot(a, b) || (item.height ?? 10);
    const horizontal = Math.abs(b) < 1e-3 && Math.abs(c) < 1e-3;
    const scale = Math.hypot(viewportTransform[0] ?? 1, viewportTransform[1] ?? 0) || 1;
    runs.push({
      str,
      x: e,
      y: f,
      width: horizontal ? (item.width ?? 0) * scale : 0,
      size,
      font: item.fontName ?? '',
    });
  }
  return { runs, unmapped };
}

/** Maps an error thrown by pdf.js to a failure code and a sentence. */
export function toFailure(error: unknown): { code: FailureCode; message: string } {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  switch (name) {
    case 'PasswordException':
      return { code: 'encrypted_document', message: 'The PDF is protected by a password.' };
    case 'InvalidPDFException':
      return { code: 'corrupt_file', message: `The PDF is invalid: ${message}` };
    case 'MissingPDFException':
      return { code: 'corrupt_file', message: 'The PDF file is missing.' };
    case 'FormatError':
    case 'UnknownErrorException':
    case 'UnexpectedResponseException':
      return { code: 'corrupt_file', message: `The PDF could not be parsed: ${message}` };
    default:
      return { code: 'extraction_failed', message: `The PDF could not be read: ${message}` };
  }
}
