import { describe, expect, it } from 'vitest';
import { DOCUMENT_MEDIA_TYPES, toCanonicalMediaType } from '../media-types.js';
import { checkMediaType } from './check-media-type.js';
import { sniffMediaType } from './sniff-media-type.js';

const RTF = Buffer.from(String.raw`{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Arial;}}\pard Hello\par}`);

describe('RTF sniffing', () => {
  it('sniffs {\\rtf as application/rtf, never as plain text', async () => {
    expect(await sniffMediaType(RTF)).toBe('application/rtf');
    expect(DOCUMENT_MEDIA_TYPES.rtf).toBe('application/rtf');
  });

  it('takes text/rtf and application/x-rtf as application/rtf', async () => {
    expect(toCanonicalMediaType('text/rtf; charset=us-ascii')).toBe('application/rtf');
    expect(toCanonicalMediaType('application/x-rtf')).toBe('application/rtf');
    for (const declared of ['application/rtf', 'text/rtf'])
      expect(await checkMediaType(RTF, declared, true)).toEqual({
        ok: true,
        warnings: [],
        sniffed: 'application/rtf',
      });
  });

  it('refuses an RTF declared as plain text', async () => {
    expect(await checkMediaType(RTF, 'text/plain', true)).toMatchObject({
      ok: false,
      code: 'media_type_mismatch',
    });
  });
});
