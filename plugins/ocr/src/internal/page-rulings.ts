import type { Ruling } from './layout-types.js';

type Matrix = number[];

/** The operator codes this module reads (pdf.js's `OPS`, passed in so this module stays pure). */
export interface DrawingOps {
  save: number;
  restore: number;
  transform: number;
  constructPath: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  setFillRGBColor: number;
  setFillColorN: number;
  setFillTransparent: number;
}

/** Path segments past which a page is a vector drawing (a map, a chart), not a page with tables. */
const MAX_SEGMENTS = 20_000;
/** How far (PDF units) a line may lean and still count as horizontal or vertical. */
const STRAIGHT = 0.5;
/** A filled rectangle thinner than this (PDF units) is drawn as a line. */
const THIN = 2.5;

const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUADRATIC = 3;
const CLOSE = 4;

/** A filled box already painted: where, and in which colour (`#rrggbb`; `undefined` for a pattern). */
interface Fill {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  colour: string | undefined;
}

/** How far (PDF units) a box may stand past the fill under it and still lie on it. */
const ON_FILL = 0.5;
/** White, the paper's colour: a white box on white is still read as lines (see {@link isPaintedOn}). */
const WHITE = '#ffffff';

const multiply = (m: Matrix, n: Matrix): Matrix => [
  (m[0] ?? 1) * (n[0] ?? 1) + (m[2] ?? 0) * (n[1] ?? 0),
  (m[1] ?? 0) * (n[0] ?? 1) + (m[3] ?? 1) * (n[1] ?? 0),
  (m[0] ?? 1) * (n[2] ?? 0) + (m[2] ?? 0) * (n[3] ?? 1),
  (m[1] ?? 0) * (n[2] ?? 0) + (m[3] ?? 1) * (n[3] ?? 1),
  (m[0] ?? 1) * (n[4] ?? 0) + (m[2] ?? 0) * (n[5] ?? 0) + (m[4] ?? 0),
  (m[1] ?? 0) * (n[4] ?? 0) + (m[3] ?? 1) * (n[5] ?? 0) + (m[5] ?? 0),
];

/**
 * The ruling lines of a page, from its operator list: stroked straight lines, the edges of stroked
 * and filled rectangles (a thin filled rectangle is one line; a coloured box on a box of its own
 * colour is none, see {@link isPaintedOn}), placed with the current transform
 * (and form XObject matrices) and then `toPage` (PDF space to the frame the text runs are in).
 * Curves are skipped; a page with more than {@link MAX_SEGMENTS} path segments is a drawing and
 * yields none. Linear in the operator list.
 */
export function toRulings(
  list: { fnArray: number[]; argsArray: unknown[] },
  ops: DrawingOps,
  toPage: (x: number, y: number) => [number, number],
): Ruling[] {
  const stack: { ctm: Matrix; colour: string | undefined }[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let colour: string | undefined = '#000000';
  const rulings: Ruling[] = [];
  const painted: Fill[] = [];
  let segments = 0;
  const strokes = new Set([
    ops.stroke,
    ops.closeStroke,
    ops.fillStroke,
    ops.eoFillStroke,
    ops.closeFillStroke,
    ops.closeEOFillStroke,
  ]);
  const fills = new Set([ops.fill, ops.eoFill]);
  for (let index = 0; index < list.fnArray.length; index += 1) {
    const fn = list.fnArray[index];
    const args = list.argsArray[index];
    if (fn === ops.save) stack.push({ ctm, colour });
    else if (fn === ops.restore) ({ ctm, colour } = stack.pop() ?? { ctm, colour });
    else if (fn === ops.setFillRGBColor && Array.isArray(args))
      colour = typeof args[0] === 'string' ? args[0] : undefined;
    else if (fn === ops.setFillColorN || fn === ops.setFillTransparent) colour = undefined;
    else if (fn === ops.transform && Array.isArray(args)) ctm = multiply(ctm, args as Matrix);
    else if (fn === ops.paintFormXObjectBegin && Array.isArray(args)) {
      stack.push({ ctm, colour });
      const matrix: unknown = args[0];
      if (Array.isArray(matrix) || ArrayBuffer.isView(matrix))
        ctm = multiply(ctm, Array.from(matrix as ArrayLike<number>));
    } else if (fn === ops.paintFormXObjectEnd) ({ ctm, colour } = stack.pop() ?? { ctm, colour });
    else if (fn === ops.constructPath && Array.isArray(args)) {
      const [paint, [data] = []] = args as [number, (Float32Array | null)[]];
      if (data === null || data === undefined || !(strokes.has(paint) || fills.has(paint))) continue;
      segments += data.length / 3;
      if (segments > MAX_SEGMENTS) return [];
      const place = (x: number, y: number): [number, number] =>
        toPage(
          (ctm[0] ?? 1) * x + (ctm[2] ?? 0) * y + (ctm[4] ?? 0),
          (ctm[1] ?? 0) * x + (ctm[3] ?? 1) * y + (ctm[5] ?? 0),
        );
      const stroked = strokes.has(paint);
      for (const path of toSubpaths(data)) {
        const points = path.map(([x, y]) => place(x, y));
        if (stroked || !isPaintedOn(points, colour, painted)) addPath(rulings, points, stroked);
      }
    }
  }
  return rulings;
}

/**
 * Whether a filled path is a coloured box on a box of the same colour (the last box painted under
 * all of it): such a box draws no edge, though its path has four. Word processors export a box
 * behind each cell of a shaded header, on the shading itself. White is left alone: white boxes on
 * white are how some exports draw the rows of an unshaded table, and read as no lines those rows
 * ran together (district_health). Other boxes are recorded as the fill under later ones. Linear in
 * the boxes painted so far.
 */
function isPaintedOn(points: [number, number][], colour: string | undefined, painted: Fill[]): boolean {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const box: Fill = {
    x0: Math.min(...xs),
    x1: Math.max(...xs),
    top: Math.min(...ys),
    bottom: Math.max(...ys),
    colour,
  };
  const under = painted.findLast(
    (fill) =>
      fill.x0 <= box.x0 + ON_FILL &&
      fill.x1 >= box.x1 - ON_FILL &&
      fill.top <= box.top + ON_FILL &&
      fill.bottom >= box.bottom - ON_FILL,
  );
  if (colour !== undefined && colour !== WHITE && under?.colour === colour) return true;
  if (isBox(points)) painted.push(box);
  return false;
}

/** Whether a closed path is an upright rectangle (four corners, each side straight). */
function isBox(points: [number, number][]): boolean {
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined || points.length !== 5) return false;
  const closed = Math.abs(first[0] - last[0]) < STRAIGHT && Math.abs(first[1] - last[1]) < STRAIGHT;
  return closed && isUpright(points);
}

/** Whether every side of a path runs level or plumb, within {@link STRAIGHT}. */
const isUpright = (points: [number, number][]): boolean =>
  points.every(([x, y], i) => {
    const next = points[i + 1];
    return next === undefined || Math.abs(next[0] - x) < STRAIGHT || Math.abs(next[1] - y) < STRAIGHT;
  });

/** The straight subpaths of a path (a subpath with a curve is dropped), closed ones ending at their start. */
function toSubpaths(data: Float32Array): [number, number][][] {
  const paths: [number, number][][] = [];
  let current: [number, number][] = [];
  let curved = false;
  const flush = (): void => {
    if (current.length > 1 && !curved) paths.push(current);
    current = [];
    curved = false;
  };
  for (let k = 0; k < data.length;) {
    const op = data[k++];
    if (op === MOVE) {
      flush();
      current.push([data[k] ?? 0, data[k + 1] ?? 0]);
      k += 2;
    } else if (op === LINE) {
      current.push([data[k] ?? 0, data[k + 1] ?? 0]);
      k += 2;
    } else if (op === CURVE) {
      curved = true;
      k += 6;
    } else if (op === QUADRATIC) {
      curved = true;
      k += 4;
    } else if (op === CLOSE) {
      const first = current[0];
      if (first !== undefined) current.push(first);
      flush();
    } else break;
  }
  flush();
  return paths;
}

function addPath(rulings: Ruling[], points: [number, number][], stroked: boolean): void {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  if (!isUpright(points)) return;
  if (!stroked && (bottom - top < THIN || x1 - x0 < THIN)) {
    // A thin filled rectangle: one line along its length.
    if (bottom - top < THIN && x1 - x0 >= THIN)
      rulings.push({ axis: 'h', at: (top + bottom) / 2, from: x0, to: x1 });
    else if (x1 - x0 < THIN && bottom - top >= THIN)
      rulings.push({ axis: 'v', at: (x0 + x1) / 2, from: top, to: bottom });
    return;
  }
  for (let i = 1; i < points.length; i += 1) {
    const [ax = 0, ay = 0] = points[i - 1] ?? [];
    const [bx = 0, by = 0] = points[i] ?? [];
    if (Math.abs(ay - by) < STRAIGHT && Math.abs(ax - bx) >= STRAIGHT)
      rulings.push({ axis: 'h', at: (ay + by) / 2, from: Math.min(ax, bx), to: Math.max(ax, bx) });
    else if (Math.abs(ax - bx) < STRAIGHT && Math.abs(ay - by) >= STRAIGHT)
      rulings.push({ axis: 'v', at: (ax + bx) / 2, from: Math.min(ay, by), to: Math.max(ay, by) });
  }
}
