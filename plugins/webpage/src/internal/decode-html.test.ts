import { describe, expect, it } from 'vitest';
import { decodeHtml } from './decode-html.js';

const latin1 = (text: string): Uint8Array => Buffer.from(text, 'latin1');

describe('decodeHtml', () => {
  it('reads UTF-8 by default and strips nothing', () => {
    expect(decodeHtml(Buffer.from('<p>Grüße</p>'))).toBe('<p>Grüße</p>');
  });

  it('lets a byte-order mark win over every declaration', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('<meta charset="iso-8859-1"><p>é</p>'),
    ]);
    expect(decodeHtml(bytes, 'windows-1252')).toBe('<meta charset="iso-8859-1"><p>é</p>');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>é</p>', 'utf16le')]);
    expect(decodeHtml(utf16)).toBe('<p>é</p>');
  });

  it('uses the server charset, then the meta charset', () => {
    expect(decodeHtml(latin1('<p>caf\u00e9</p>'), 'iso-8859-1')).toBe('<p>café</p>');
    expect(decodeHtml(latin1('<meta charset="windows-1252"><p>\u0080</p>'))).toBe(
      '<meta charset="windows-1252"><p>€</p>',
    );
    expect(
      decodeHtml(
        latin1('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><p>\u00fc</p>'),
      ),
    ).toContain('ü');
  });

  it('falls back to windows-1252 when undeclared bytes are not UTF-8, and ignores unknown labels', () => {
    expect(decodeHtml(latin1('<p>na\u00efve</p>'))).toBe('<p>naïve</p>');
    expect(decodeHtml(Buffer.from('<p>ok é</p>'), 'x-unknown-charset')).toBe('<p>ok é</p>');
  });
});
