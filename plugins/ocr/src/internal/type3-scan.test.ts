import { describe, expect, it } from 'vitest';
import { mayUseType3Fonts } from './type3-scan.js';

const pdf = (body: string) => new TextEncoder().encode(`%PDF-1.4\n${body}\n%%EOF`);

describe('mayUseType3Fonts', () => {
  it('is false for a file whose fonts are all in the clear and none is Type3', () => {
    expect(
      mayUseType3Fonts(pdf('1 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj')),
    ).toBe(false);
  });

  it('is true for a Type3 font written in the clear or with its 3 escaped', () => {
    expect(mayUseType3Fonts(pdf('1 0 obj << /Type /Font /Subtype /Type3 >> endobj'))).toBe(true);
    expect(mayUseType3Fonts(pdf('1 0 obj << /Type /Font /Subtype /Type#33 >> endobj'))).toBe(true);
  });

  it('is true when objects are packed into object streams (a scan cannot see inside)', () => {
    expect(
      mayUseType3Fonts(pdf('5 0 obj << /Type /ObjStm /N 3 /First 20 >> stream\n…\nendstream endobj')),
    ).toBe(true);
  });

  it('reads a view into a larger buffer only within its bounds', () => {
    const bytes = pdf('/Subtype /Type1 /Subtype /Type3');
    expect(mayUseType3Fonts(bytes.subarray(0, bytes.indexOf(0x33, 30)))).toBe(false);
  });
});
