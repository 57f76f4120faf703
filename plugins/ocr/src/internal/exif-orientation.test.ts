import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../../test/helpers.js';
import { readJpegOrientation } from './exif-orientation.js';

describe('readJpegOrientation', () => {
  it('reads the orientation a phone writes, and 1 where there is none', () => {
    expect(readJpegOrientation(readFileSync(join(fixtures, 'exif-rotated.jpg')))).toBe(6);
    expect(readJpegOrientation(readFileSync(join(fixtures, 'image.jpg')))).toBe(1);
    expect(readJpegOrientation(readFileSync(join(fixtures, 'image.png')))).toBe(1);
  });

  it('gives 1 for a cut or broken Exif segment instead of throwing', () => {
    const photo = readFileSync(join(fixtures, 'exif-rotated.jpg'));
    for (let length = 0; length <= 64; length += 1) {
      const cut = readJpegOrientation(photo.subarray(0, length));
      expect(length < 20 ? [1] : [1, 6]).toContain(cut);
    }
    const broken = Buffer.from(photo);
    broken[12] = 0x00; // byte order mark no longer II or MM
    expect(readJpegOrientation(broken)).toBe(1);
  });
});
