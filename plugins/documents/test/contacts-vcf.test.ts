import { describe, expect, it } from 'vitest';
import { readVcard } from '../src/contacts/read-vcard.js';
import { writeVcfContacts } from './cases/write-calendar-contacts.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

const read = (vcf: string | Buffer) => readBytes(readVcard, vcf, 'contacts.vcf', 'text/vcard');

describe('readVcard', () => {
  it('reads each contact as a section: name, facts with their kinds, note; 2.1 quoted-printable decoded', async () => {
    const { document, warnings } = await read(await writeVcfContacts());
    expect(markdownOf(document.root)).toBe(
      [
        '# Dr. Ana Maria Lima',
        '',
        'Organization: Valley Beekeepers, Research\\',
        'Title: Head of research\\',
        'Email: ana\\@example.com (work)\\',
        'Phone: +351 912 000 000 (cell)\\',
        'Address: Valley Road 3, Building B, Sintra, 2710-001, Portugal (work)\\',
        'Website: <https://example.com/ana>\\',
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

  it('reads a card whose photo is folded into tens of thousands of lines (unfolding stays linear)', async () => {
    const photo = Buffer.alloc(3_000_000, 7).toString('base64').replace(/.{74}/g, '$&\r\n ');
    const card = `BEGIN:VCARD\r\nFN:Bo Berg\r\nPHOTO;ENCODING=b;TYPE=JPEG:${photo}\r\nNOTE:Keeps bees.\r\nEND:VCARD\r\n`;
    const { document, warnings } = await read(card);
    expect(markdownOf(document.root)).toBe('# Bo Berg\n\nKeeps bees.\n');
    expect(warnings).toHaveLength(1);
  });

  it('refuses a file that holds no contact', async () => {
    await expect(read('FN:Bo Berg\n')).rejects.toMatchObject({ code: 'corrupt_file' });
  });
});
