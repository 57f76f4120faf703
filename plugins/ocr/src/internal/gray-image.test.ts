import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtures } from '../../test/helpers.js';
import { decodeGray, enlarge, fromPnm, halve, toPgm, turn, type GrayImage } from './gray-image.js';

// 3 wide, 2 high:  1 2 3
//                  4 5 6
const image: GrayImage = { width: 3, height: 2, pixels: Uint8Array.from([1, 2, 3, 4, 5, 6]) };

function rows(turned: GrayImage): number[][] {
  return Array.from({ length: turned.height }, (_, y) =>
    Array.from(turned.pixels.subarray(y * turned.width, (y + 1) * turned.width)),
  );
}

describe('turn', () => {
  it('turns clockwise by quarter turns', () => {
    expect(rows(turn(image, 0))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(rows(turn(image, 1))).toEqual([
      [4, 1],
      [5, 2],
      [6, 3],
    ]);
    expect(rows(turn(image, 2))).toEqual([
      [6, 5, 4],
      [3, 2, 1],
    ]);
    expect(rows(turn(image, 3))).toEqual([
      [3, 6],
      [2, 5],
      [1, 4],
    ]);
  });
});

describe('enlarge', () => {
  it('keeps flat areas flat and blends between pixels', () => {
    const flat: GrayImage = { width: 2, height: 1, pixels: Uint8Array.from([200, 200]) };
    expect(enlarge(flat, 3)).toEqual({ width: 6, height: 3, pixels: new Uint8Array(18).fill(200) });
    const edge: GrayImage = { width: 2, height: 1, pixels: Uint8Array.from([0, 255]) };
    expect(rows(enlarge(edge, 2))[0]).toEqual([0, 64, 191, 255]);
  });
});

describe('decodeGray', () => {
  it('gives a JPEG’s pixels as its EXIF orientation shows them', async () => {
    const photo = await decodeGray(readFileSync(join(fixtures, 'exif-rotated.jpg'))); // stored 1250x2550
    expect([photo?.width, photo?.height]).toEqual([2550, 1250]);
  });
});

describe('halve', () => {
  it('averages 2x2 blocks (rounded) and drops an odd last row or column', () => {
    expect(rows(halve(image))).toEqual([[3]]);
    const four: GrayImage = {
      width: 4,
      height: 3,
      pixels: Uint8Array.from([0, 255, 10, 20, 255, 0, 30, 40, 7, 7, 9, 9]),
    };
    expect(rows(halve(four))).toEqual([[128, 25]]);
  });
});

describe('PNM images', () => {
  it('reads back the PGM it writes, and reads PBM bits as black and white', () => {
    expect(fromPnm(toPgm(image))).toEqual(image);
    const pbm = Uint8Array.from([
      ...Buffer.from('P4\n# a comment\n10 2\n', 'ascii'),
      0b10100000,
      0b01000000,
      0xff,
      0xc0,
    ]);
    expect(rows(fromPnm(pbm) ?? image)).toEqual([
      [0, 255, 0, 255, 255, 255, 255, 255, 255, 0],
      [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ]);
  });

  it('refuses what is not an 8-bit PGM or a PBM, or is cut short', () => {
    expect(fromPnm(Buffer.from('P6\n1 1\n255\nabc'))).toBeUndefined();
    expect(fromPnm(Buffer.from('P5\n2 2\n65535\n'))).toBeUndefined();
    expect(fromPnm(Buffer.from('P5\n4 4\n255\n12'))).toBeUndefined();
    expect(fromPnm(Buffer.from('\x89PNG'))).toBeUndefined();
  });
});
