import { describe, expect, it } from 'vitest';
import { DOCUMENT_MEDIA_TYPES } from './media-types.js';
import { mediaTypeFromName } from './media-type-from-name.js';

describe('mediaTypeFromName', () => {
  it('knows media types by extension, in any case and after any directory', () => {
    expect(mediaTypeFromName('a/b/data.CSV')).toBe('text/csv');
    expect(mediaTypeFromName('log.jsonl')).toBe('application/x-ndjson');
    expect(mediaTypeFromName('report.docx')).toBe(DOCUMENT_MEDIA_TYPES.docx);
    expect(mediaTypeFromName('talk.SRT')).toBe('application/x-subrip');
    expect(mediaTypeFromName('talk.vtt')).toBe('text/vtt');
    expect(mediaTypeFromName('Takeout/All mail.mbox')).toBe('application/mbox');
    expect(mediaTypeFromName('invite.ICS')).toBe('text/calendar');
    expect(mediaTypeFromName('contacts.vcf')).toBe('text/vcard');
    expect(mediaTypeFromName('x.unknown')).toBeUndefined();
    expect(mediaTypeFromName('no-extension')).toBeUndefined();
  });
});
