import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeTextBytes } from './decode-text-bytes.js';

// Short CJK texts in their legacy encodings (fixtures/documents-encodings/generate.py, written by
// Python's codecs): too short for the statistical detector, whose first guess is an 8-bit code page.
const DIRECTORY = new URL('../../../../fixtures/documents-encodings/', import.meta.url);
const cases = JSON.parse(readFileSync(new URL('cases.json', DIRECTORY), 'utf8')) as Record<
  string,
  { encoding: string; text: string }
>;

describe('legacy CJK text the detector is unsure of', () => {
  it.each(Object.entries(cases))('decodes %s as its text, with the guess warned', (name, { text }) => {
    const decoded = decodeTextBytes(readFileSync(new URL(name, DIRECTORY)));
    expect(decoded.text).toBe(text);
    expect(decoded.warnings).toEqual([expect.stringMatching(/^encoding_guessed: decoded as /)]);
  });

  it('leaves 8-bit European and Cyrillic text to the code page it is in', () => {
    const texts = {
      'windows-1252': 'Name;Größe;Preis\r\nCafé;25°C;12,50 €\r\nÉCOLE;ÀÉÎ;±2\r\n',
      'windows-1251': 'Город;Заметка\r\nМосква;Столица\r\n',
    };
    for (const [encoding, text] of Object.entries(texts)) {
      const bytes = Buffer.from([...text].map((character) => legacyByte(character, encoding)));
      expect(decodeTextBytes(bytes).text, encoding).toBe(text);
    }
  });
});

/** The byte of one character in an 8-bit code page, found by decoding all 256 bytes. */
function legacyByte(character: string, encoding: string): number {
  const table = new TextDecoder(encoding).decode(Uint8Array.from({ length: 256 }, (_, index) => index));
  const index = table.indexOf(character);
  if (index === -1) throw new Error(`${character} is not in ${encoding}`);
  return index;
}
