import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeTextBytes } from './decode-text-bytes.js';

/** One entry of fixtures/text/encodings/cases.json: a file, its encoding and its exact text. */
interface EncodingCase {
  file: string;
  encoding: string;
  guessed: boolean;
  text: string;
}

const directory = new URL('../../../../fixtures/text/encodings/', import.meta.url);
const cases = JSON.parse(readFileSync(new URL('cases.json', directory), 'utf8')) as EncodingCase[];
const bytesOf = (file: string): Buffer => readFileSync(new URL(file, directory));

describe('decodeTextBytes', () => {
  it.each(cases)('decodes $file as $encoding, exactly', ({ file, encoding, guessed, text }) => {
    const decoded = decodeTextBytes(bytesOf(file));
    expect(decoded.text).toBe(text);
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.warnings).toEqual(
      guessed
        ? [
            expect.stringMatching(
              new RegExp(`^encoding_guessed: decoded as ${encoding} \\(confidence \\d+%\\)`),
            ),
          ]
        : [],
    );
  });

  it('takes a declared charset (Microsoft names too) without a warning', () => {
    const [shiftJis] = cases;
    for (const charset of ['Shift_JIS', 'cp932', 'windows-31j']) {
      expect(decodeTextBytes(bytesOf('shift-jis.csv'), charset)).toEqual({
        text: shiftJis?.text,
        encoding: 'shift_jis',
        warnings: [],
      });
    }
  });

  it('ignores a declared charset the bytes do not fit, or an unknown one, and says so', () => {
    const wrong = decodeTextBytes(bytesOf('shift-jis.csv'), 'utf-8');
    expect(wrong.encoding).toBe('shift_jis');
    expect(wrong.warnings).toEqual([
      expect.stringMatching(/^encoding_declaration_ignored: The text is not utf-8 as declared/),
      expect.stringMatching(/^encoding_guessed: decoded as shift_jis/),
    ]);
    const unknown = decodeTextBytes(bytesOf('euc-kr.txt'), 'x-unheard-of');
    expect(unknown.encoding).toBe('euc-kr');
    expect(unknown.warnings[0]).toMatch(/^encoding_declaration_ignored: The declared charset "x-unheard-of"/);
  });

  it('a byte-order mark wins over a declared charset', () => {
    expect(decodeTextBytes(bytesOf('utf-16le-bom.tsv'), 'iso-8859-1').encoding).toBe('utf-16le');
  });

  it('keeps a few undecodable bytes as U+FFFD with a count', () => {
    const bytes = Buffer.from(bytesOf('shift-jis.csv'));
    bytes.set([0x81, 0x0a], 40); // a lead byte cut off by a line break
    const decoded = decodeTextBytes(bytes);
    expect(decoded.encoding).toBe('shift_jis');
    expect(decoded.text.split('\ufffd')).toHaveLength(2);
    expect(decoded.warnings[1]).toBe(
      'encoding_replaced_characters: 1 byte sequence(s) are not valid shift_jis and were replaced with U+FFFD.',
    );
  });

  it('reads UTF-8 with a stray Latin-1 byte as UTF-8, not as mojibake', () => {
    const bytes = Buffer.concat([
      Buffer.from('Grüße aus Köln, déjà vu, ça va. Überall schön. '.repeat(3)),
      Buffer.from([0xe9]),
      Buffer.from(' fin\n'),
    ]);
    const decoded = decodeTextBytes(bytes);
    expect(decoded.encoding).toBe('utf-8');
    expect(decoded.text.endsWith('schön. \ufffd fin\n')).toBe(true);
  });

  it('fails rather than emit a flood of U+FFFD', () => {
    // UTF-16LE by its NULs, but every fourth code unit a lone surrogate (0xD841).
    const bytes = Buffer.from('41004200430041d8'.repeat(40), 'hex');
    expect(() => decodeTextBytes(bytes)).toThrow(
      expect.objectContaining({ code: 'extraction_failed', message: expect.stringMatching(/utf-16le/) }),
    );
    const brokenBom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('e9e8e0'.repeat(50), 'hex'),
    ]);
    expect(() => decodeTextBytes(brokenBom)).toThrow(expect.objectContaining({ code: 'extraction_failed' }));
  });
});
