import type { FailureCode } from '@transmute/plugin-sdk';
import type { PageFrame, TextRun } from './layout-types.js';
import { fromZapfDingbats } from './zapf-dingbats.js';

/** The parts of a pdf.js text item this module reads. */
interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  fontName?: string;
}

type Matrix = number[];

/** The parts of a pdf.js annotation this module reads (form fields). */
interface AnnotationLike {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  rect?: number[];
  hidden?: boolean;
  multiLine?: boolean;
  defaultAppearanceData?: { fontSize?: number };
}

/** Average glyph advance in ems, to estimate how wide a field's value is drawn. */
const AVERAGE_ADVANCE_EM = 0.5;

/**
 * The filled-in values of a page's text and choice form fields as text items in PDF space, placed
 * where the field shows them (vertically centred on one line, or top down for multi-line fields),
 * so that the layout puts each value beside its label. A form that was not flattened keeps its
 * values in annotations, outside the page's text layer.
 */
export function toFieldItems(annotations: unknown[]): TextItemLike[] {
  const items: TextItemLike[] = [];
  for (const raw of annotations) {
    if (typeof raw !== 'object' || raw === null) continue;
    const field = raw as AnnotationLike;
    if (field.subtype !== 'Widget' || field.hidden === true) continue;
    if (field.fieldType !== 'Tx' && field.fieldType !== 'Ch') continue;
    const value = Array.isArray(field.fieldValue)
      ? field.fieldValue.filter((entry) => typeof entry === 'string').join(', ')
      : typeof field.fieldValue === 'string'
        ? field.fieldValue
        : '';
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = field.rect ?? [];
    const height = Math.abs(y1 - y0);
    const width = Math.abs(x1 - x0);
    if (value.trim() === '' || height <= 0 || width <= 0) continue;
    const declared = field.defaultAppearanceData?.fontSize ?? 0;
    const size = declared > 0 ? declared : Math.min(12, height * 0.6);
    const lines = field.multiLine === true ? value.split(/\r\n|\r|\n/) : [value.replace(/\s+/g, ' ')];
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      const baseline =
        field.multiLine === true
          ? Math.max(y0, y1) - (index + 1) * size * 1.2
          : Math.min(y0, y1) + (height - size) / 2 + size * 0.2;
      items.push({
        str: line,
        transform: [size, 0, 0, size, Math.min(x0, x1) + 2, baseline],
        width: Math.min(width - 2, line.length * size * AVERAGE_ADVANCE_EM),
        height: size,
        fontName: 'form-field',
      });
    });
  }
  return items;
}

/** Control characters and replacement marks: glyphs of fonts that map to no Unicode text. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is being counted
const UNMAPPED = /[\u0000-\u0008\u000b-\u001f\u007f\ufffd\ue000-\uf8ff]/g;

/** A text item placed in viewport space (y downward, page rotation applied). */
interface PlacedItem {
  str: string;
  /** Set in a vertical-writing font: the item is a column read top down. */
  vertical: boolean;
  matrix: Matrix;
  item: TextItemLike;
}

/**
 * The quarter turn (0-3, clockwise on screen) of a text matrix's baseline: 0 reads left to right,
 * 1 top to bottom, 2 upside down, 3 bottom to top.
 */
function quarterTurnOf(matrix: Matrix): number {
  const [a = 0, b = 0] = matrix;
  return ((Math.round(Math.atan2(b, a) / (Math.PI / 2)) % 4) + 4) % 4;
}

/** Turns a vector back by `turns` quarter turns (y downward): (x, y) -> (y, -x) per turn. */
function turnBack(x: number, y: number, turns: number): [number, number] {
  switch (turns) {
    case 1:
      return [y, -x];
    case 2:
      return [-x, -y];
    case 3:
      return [-y, x];
    default:
      return [x, y];
  }
}

/**
 * The quarter turn an item reads in: its baseline's, or one more for a column of vertical writing,
 * whose upright glyphs follow one another down the page.
 */
function readingTurnOf(placed: PlacedItem): number {
  return (quarterTurnOf(placed.matrix) + (placed.vertical ? 1 : 0)) % 4;
}

/** The quarter turn most of the page's characters are set in. */
function dominantTurn(items: PlacedItem[]): number {
  const characters = [0, 0, 0, 0];
  for (const placed of items) {
    const turn = readingTurnOf(placed);
    characters[turn] = (characters[turn] ?? 0) + placed.str.length;
  }
  return characters.indexOf(Math.max(...characters));
}

/**
 * Converts pdf.js text items (and counts the unmapped glyphs among them) to runs in viewport space
 * (y downward, page rotation applied), turned so that the direction most of the page's text reads
 * in runs left to right: a page set sideways (a landscape table on a portrait page, or a /Rotate
 * that does not match its content) is laid out along its text, not across it. Ligatures and
 * compatibility forms are folded with NFKC, control characters dropped. Given the viewport's size,
 * also returns the page's vertical extent in the frame the runs are placed in. Items set in one of
 * `dingbatFonts` (ZapfDingbats, whose codes pdf.js may leave unmapped) are mapped to their dingbats.
 * Items in one of `verticalFonts` are columns of vertical writing (see joinVerticalColumns): on a
 * page mostly set that way the turn makes each column a line and puts the columns right to left,
 * which is how Japanese and Chinese vertical text is read. `place` puts a point of PDF space in
 * the runs' frame (for drawings: ruling lines).
 */
export function toRuns(
  content: { items: unknown[] },
  viewportTransform: Matrix,
  multiply: (a: Matrix, b: Matrix) => Matrix,
  viewport?: { width: number; height: number },
  dingbatFonts: ReadonlySet<string> = new Set(),
  verticalFonts: ReadonlySet<string> = new Set(),
): {
  runs: TextRun[];
  unmapped: number;
  frame?: PageFrame;
  place: (x: number, y: number) => [number, number];
} {
  const placed: PlacedItem[] = [];
  let unmapped = 0;
  for (const raw of content.items) {
    const item = raw as TextItemLike;
    if (typeof item.str !== 'string' || item.transform === undefined) continue;
    const text = dingbatFonts.has(item.fontName ?? '') ? fromZapfDingbats(item.str) : item.str;
    const normalized = text.normalize('NFKC');
    const str = normalized.replace(UNMAPPED, '');
    unmapped += normalized.length - str.length;
    const vertical = verticalFonts.has(item.fontName ?? '');
    if (str !== '') placed.push({ str, vertical, matrix: multiply(viewportTransform, item.transform), item });
  }
  const turns = dominantTurn(placed);
  const scale = Math.hypot(viewportTransform[0] ?? 1, viewportTransform[1] ?? 0) || 1;
  const runs = placed.map((one): TextRun => {
    const { str, matrix, item } = one;
    const [a0 = 0, b0 = 0, c0 = 0, d0 = 0, e0 = 0, f0 = 0] = matrix;
    const [a, b] = turnBack(a0, b0, turns);
    const [c, d] = turnBack(c0, d0, turns);
    const [x, y] = turnBack(e0, f0, turns);
    if (one.vertical && turns !== 0 && readingTurnOf(one) === turns) {
      // A column read along the turned page: as long as the column, as high as a glyph is wide.
      const size = Math.hypot(a0, b0) || (item.width ?? 10);
      return { str, x, y, width: (item.height ?? 0) * scale, size, font: item.fontName ?? '' };
    }
    const size = Math.hypot(c, d) || Math.hypot(a, b) || (item.height ?? 10);
    const horizontal = a > 0 && Math.abs(b) < 1e-3 && Math.abs(c) < 1e-3;
    return { str, x, y, width: horizontal ? (item.width ?? 0) * scale : 0, size, font: item.fontName ?? '' };
  });
  // A point in PDF space placed in the runs' frame (for the page's ruling lines).
  const [va = 1, vb = 0, vc = 0, vd = 1, ve = 0, vf = 0] = viewportTransform;
  const place = (x: number, y: number): [number, number] =>
    turnBack(va * x + vc * y + ve, vb * x + vd * y + vf, turns);
  if (viewport === undefined) return { runs, unmapped, place };
  const corners = [
    [0, 0],
    [viewport.width, 0],
    [0, viewport.height],
    [viewport.width, viewport.height],
  ].map(([x = 0, y = 0]) => turnBack(x, y, turns)[1]);
  return { runs, unmapped, place, frame: { top: Math.min(...corners), bottom: Math.max(...corners) } };
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
