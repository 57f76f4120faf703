import { describe, expect, it } from 'vitest';
import { readVcard } from '../src/contacts/read-vcard.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

const read = (vcf: string | Buffer) => readBytes(readVcard, vcf, 'contacts.vcf', 'text/vcard');

// An address book as phones and mail programs export one: Apple's vCard 3.0 (groups, a photo,
// a two-line street), an old phone's vCard 2.1 (quoted-printable in its charset, nameless
// parameters) and a vCard 4.0 (tel: URIs, a birthday without a year, no FN).
const ADDRESS_BOOK = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//macOS 14.5//EN',
  'N:Lima;Ana;Maria;Dr.;',
  'FN:Dr. Ana Maria Lima',
  'ORG:Valley Beekeepers;Research',
  'TITLE:Head of research',
  'item1.EMAIL;type=INTERNET;type=WORK;type=pref:ana@example.com',
  'TEL;type=CELL;type=VOICE;type=pref:+351 912 000 000',
  'ADR;type=WORK:;;Valley Road 3\\nBuilding B;Sintra;;2710-001;Portugal',
  'BDAY:1985-04-12',
  "NOTE:Keeps the club's queen register.\\n\\nAsk her about Buckfast lines.",
  'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRof',
  ' Hh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:M=FCller;J=FCrgen',
  'TEL;WORK;FAX:+49 30 000000',
  'NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Imker seit 1990=0D=0Aim Gr=C3=BC=',
  'nen.',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'N:;;;;',
  'ORG:Hive Supplies Ltd',
  'TEL;VALUE=uri;TYPE="work,voice":tel:+44-20-0000-0000',
  'URL:https://hives.example.co.uk',
  'BDAY:--0704',
  'CATEGORIES:suppliers,wax',
  'END:VCARD',
  '',
].join('\r\n');

describe('readVcard', () => {
  it('reads each contact as a section: name, facts with their kinds, note; 2.1 quoted-printable decoded', async () => {
    const { document, warnings } = await read(ADDRESS_BOOK);
    expect(markdownOf(document.root)).toBe(
      [
        '# Dr. Ana Maria Lima',
        '',
        'Organization: Valley Beekeepers, Research\\',
        'Title: Head of research\\',
        'Email: ana\\@example.com (work)\\',
        'Phone: +351 912 000 000 (cell)\\',
        'Address: Valley Road 3, Building B, Sintra, 2710-001, Portugal (work)\\',
        'Birthday: 1985-04-12',
        '',
        "Keeps the club's queen register.",
        '',
        'Ask her about Buckfast lines.',
        '',
        '# Jürgen Müller',
        '',
        'Phone: +49 30 000000 (work, fax)',
        '',
        'Imker seit 1990\\',
        'im Grünen.',
        '',
        '# Hive Supplies Ltd',
        '',
        'Organization: Hive Supplies Ltd\\',
        'Phone: +44-20-0000-0000 (work)\\',
        'Website: <https://hives.example.co.uk>\\',
        'Birthday: 07-04\\',
        'Groups: suppliers, wax',
        '',
      ].join('\n'),
    );
    expect(warnings).toEqual([
      'media_omitted: contacts.vcf: 1 photo, logo, sound or key value(s) are binary data and were not converted.',
    ]);
    expect(document.metadata).toMatchObject({ facts: { format: 'vcard', contacts: 3 } });
    expect(document.metadata?.title).toBeUndefined();
    expect(document.root.children.map((block) => block.data?.provenance?.path)).toEqual([
      'contacts/1',
      'contacts/1',
      'contacts/1/note',
      'contacts/1/note',
      'contacts/2',
      'contacts/2',
      'contacts/2/note',
      'contacts/3',
      'contacts/3',
    ]);
  });

  it('titles a single contact by its name', async () => {
    const { document } = await read(
      'BEGIN:VCARD\nVERSION:3.0\nFN:Bo Berg\nEMAIL:bo@example.com\nEND:VCARD\n',
    );
    expect(document.metadata?.title).toBe('Bo Berg');
  });

  it('refuses a file that holds no contact', async () => {
    await expect(read('FN:Bo Berg\n')).rejects.toMatchObject({ code: 'corrupt_file' });
  });
});
