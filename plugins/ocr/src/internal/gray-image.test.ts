import { describe, expect, it } from 'vitest';
import { fromExifOrientation, fromPnm, halve, reorient, toPgm, type GrayImage } from './gray-image.js';

// 3 wide, 2 high:  1 2 3
//                  4 5 6
const image: GrayImage = { width: 3, height: 2, pixels: Uint8Array.from([1, 2, 3, 4, 5, 6]) };

function rows(turned: GrayImage): number[][] {
  return Array.from({ length: turned.height }, (_, y) =>
    Array.from(turned.pixels.subarray(y * turned.width, (y + 1) * turned.width)),
  );
}

describe('reorient', () => {
  it('applies every EXIF orientation as a viewer shows it', () => {
    const expected: Record<number, number[][]> = {
      1: [
        [1, 2, 3],
        [4, 5, 6],
      ],
      2: [
        [3, 2, 1],
        [6, 5, 4],
      ],
      3: [
        [6, 5, 4],
        [3, 2, 1],
      ],
      4: [
        [4, 5, 6],
        [1, 2, 3],
      ],
      5: [
        [1, 4],
        [2, 5],
        [3, 6],
      ],
      6: [
        [4, 1],
        [5, 2],
        [6, 3],
      ],
      7: [
        [6, 3],
        [5, 2],
        [4, 1],
      ],
      8: [
        [3, 6],
        [2, 5],
        [1, 4],
      ],
    };
    for (const [orientation, want] of Object.entries(expected)) {
      expect(rows(reorient(image, fromExifOrientation(Number(orientation)))), orientation).toEqual(want);
    }
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
