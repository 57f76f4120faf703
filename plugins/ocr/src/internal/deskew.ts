import type { GrayImage } from './gray-image.js';

/** Skew searched for, in degrees either way (a photo of a page held by hand; a crooked scan). */
const MAX_SKEW_DEGREES = 20;
/** The skew is estimated on the image scaled to at most this width. */
const ESTIMATE_WIDTH = 800;
/** Dark pixels sampled for the estimate at most. */
const MAX_POINTS = 60_000;
/** Darker than this (0-255) counts as ink. */
const INK_BELOW = 128;

/**
 * The angle in degrees (clockwise on screen) by which the text lines of an image are tilted, found
 * by projection profiles: ink projected along the right angle piles up into sharp rows (one per
 * line), so the angle whose row histogram has the largest sum of squares wins, searched in half
 * degrees, then in tenths around the best. 0 for an image without ink.
 */
export function estimateSkew(image: GrayImage): number {
  const points = inkPoints(image);
  if (points.length < 100) return 0;
  const score = (degrees: number): number => profileScore(points, (degrees * Math.PI) / 180);
  let best = 0;
  let bestScore = score(0);
  for (let degrees = -MAX_SKEW_DEGREES; degrees <= MAX_SKEW_DEGREES; degrees += 0.5) {
    const value = score(degrees);
    if (value > bestScore) [best, bestScore] = [degrees, value];
  }
  const coarse = best;
  for (let degrees = coarse - 0.5; degrees <= coarse + 0.5; degrees += 0.1) {
    const value = score(degrees);
    if (value > bestScore) [best, bestScore] = [degrees, value];
  }
  return Math.round(best * 10) / 10;
}

/** Ink pixel coordinates of the image at estimate size, sampled evenly. */
function inkPoints(image: GrayImage): Float64Array {
  const step = Math.max(1, Math.ceil(image.width / ESTIMATE_WIDTH));
  const coordinates: number[] = [];
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      if ((image.pixels[y * image.width + x] ?? 255) < INK_BELOW) coordinates.push(x / step, y / step);
    }
  }
  const total = coordinates.length / 2;
  const every = Math.max(1, Math.ceil(total / MAX_POINTS));
  const points = new Float64Array(Math.ceil(total / every) * 2);
  for (let index = 0, out = 0; index < total; index += every, out += 2) {
    points[out] = coordinates[index * 2] ?? 0;
    points[out + 1] = coordinates[index * 2 + 1] ?? 0;
  }
  return points;
}

/** Sum of squared row counts of the points projected across lines tilted by `radians`. */
function profileScore(points: Float64Array, radians: number): number {
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const rows = new Map<number, number>();
  for (let index = 0; index < points.length; index += 2) {
    const x = points[index] ?? 0;
    const y = points[index + 1] ?? 0;
    const row = Math.round(y * cos - x * sin);
    rows.set(row, (rows.get(row) ?? 0) + 1);
  }
  let sum = 0;
  for (const count of rows.values()) sum += count * count;
  return sum;
}

/**
 * The image rotated by `degrees` counter-clockwise on screen (undoing a clockwise skew of that
 * many degrees), on a canvas large enough to hold all of it, the corners filled white (bilinear).
 */
export function rotateBy(image: GrayImage, degrees: number): GrayImage {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  // Less a hair, so a quarter turn (cos 6e-17) does not grow the canvas by a pixel.
  const width = Math.ceil(Math.abs(image.width * cos) + Math.abs(image.height * sin) - 1e-6);
  const height = Math.ceil(Math.abs(image.width * sin) + Math.abs(image.height * cos) - 1e-6);
  const pixels = new Uint8Array(width * height);
  const cx = image.width / 2;
  const cy = image.height / 2;
  const ox = width / 2;
  const oy = height / 2;
  const at = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= image.width || y >= image.height
      ? 255
      : (image.pixels[y * image.width + x] ?? 255);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // Where this output pixel comes from: the inverse rotation (clockwise by `degrees`).
      const dx = x + 0.5 - ox;
      const dy = y + 0.5 - oy;
      const sx = dx * cos - dy * sin + cx - 0.5;
      const sy = dx * sin + dy * cos + cy - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
      const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
      pixels[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, pixels };
}
