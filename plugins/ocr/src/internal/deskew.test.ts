import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../../test/helpers.js';
import { estimateSkew, rotateBy } from './deskew.js';
import { decodeGray, type GrayImage } from './gray-image.js';

async function page(): Promise<GrayImage> {
  const gray = await decodeGray(readFileSync(join(fixtures, 'image.png')));
  if (gray === undefined) throw new Error('fixture did not decode');
  return gray;
}

describe('estimateSkew', () => {
  it('finds the tilt of text lines either way, within a few tenths of a degree', async () => {
    const upright = await page();
    expect(Math.abs(estimateSkew(upright))).toBeLessThanOrEqual(0.2);
    for (const tilt of [-12, -3.5, 2, 8]) {
      // rotateBy turns counter-clockwise, so turning by -tilt tilts the lines clockwise by tilt.
      expect(
        Math.abs(estimateSkew(rotateBy(upright, -tilt)) - tilt),
        `tilt ${String(tilt)}`,
      ).toBeLessThanOrEqual(0.3);
    }
  });

  it('gives 0 for a blank image', () => {
    expect(estimateSkew({ width: 100, height: 50, pixels: new Uint8Array(5000).fill(255) })).toBe(0);
  });
});

describe('rotateBy', () => {
  it('grows the canvas to hold the turned image and fills the corners white', () => {
    const black: GrayImage = { width: 40, height: 20, pixels: new Uint8Array(800) };
    const turned = rotateBy(black, 90);
    expect([turned.width, turned.height]).toEqual([20, 40]);
    const tilted = rotateBy(black, 30);
    expect(tilted.width).toBeGreaterThan(40);
    expect(tilted.pixels[0]).toBe(255);
    expect(tilted.pixels[Math.floor(tilted.height / 2) * tilted.width + Math.floor(tilted.width / 2)]).toBe(
      0,
    );
  });
});
