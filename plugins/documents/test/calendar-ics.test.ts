import { describe, expect, it } from 'vitest';
import { readIcalendar } from '../src/calendar/read-icalendar.js';
import { describeRecurrence } from '../src/calendar/recurrence-rule.js';
import { unfoldContentLines, parseContentLine } from '../src/internal/content-lines.js';
import { writeIcsCalendar } from './cases/write-calendar-contacts.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

const read = (ics: string | Buffer, name = 'calendar.ics') =>
  readBytes(readIcalendar, ics, name, 'text/calendar');

describe('content lines', () => {
  it('unfolds a line continued with a space or a tab, and a quoted-printable soft break', () => {
    expect(unfoldContentLines('A:one\r\n  two\r\n\t three\r\nB:x')).toEqual(['A:one two three', 'B:x']);
    expect(unfoldContentLines('NOTE;ENCODING=QUOTED-PRINTABLE:a=\r\nb\r\nFN:x')).toEqual([
      'NOTE;ENCODING=QUOTED-PRINTABLE:ab',
      'FN:x',
    ]);
  });

  it('reads quoted parameters with colons and commas, and vCard 2.1 parameters without a name', () => {
    expect(parseContentLine('ATTENDEE;CN="Lima, Ana: chair";ROLE=CHAIR:mailto:ana@example.com')).toEqual({
      name: 'ATTENDEE',
      params: { CN: ['Lima, Ana: chair'], ROLE: ['CHAIR'] },
      value: 'mailto:ana@example.com',
    });
    expect(parseContentLine('item1.TEL;WORK;VOICE:+351 21 000 0000')?.params).toEqual({
      TYPE: ['WORK', 'VOICE'],
    });
  });
});

describe('describeRecurrence', () => {
  it('phrases the common rules and keeps the parts it does not phrase', () => {
    expect(describeRecurrence('FREQ=DAILY')).toBe('daily');
    expect(describeRecurrence('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=6')).toBe(
      'every 2 weeks on Monday, Wednesday, 6 times',
    );
    expect(describeRecurrence('FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270101')).toBe(
      'monthly on the last Friday, until 2027-01-01',
    );
    expect(describeRecurrence('FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15')).toBe('yearly on day 15, (BYMONTH=3)');
    expect(describeRecurrence('X-NAME=1')).toBe('X-NAME=1');
  });
});

describe('readIcalendar', () => {
  it('reads an export as its name and its entries in time order, each with its facts and description', async () => {
    const { document, warnings } = await read(await writeIcsCalendar());
    expect(warnings).toEqual([]);
    expect(document.metadata).toMatchObject({
      title: 'Valley beekeepers',
      facts: { format: 'icalendar', events: 2 },
    });
    expect(markdownOf(document.root)).toBe(
      [
        '# Valley beekeepers',
        '',
        'Meetings and harvest days of the club',
        '',
        '## Club meeting',
        '',
        'When: 2026-01-05 18:30–20:00 (Europe/Lisbon)\\',
        'Repeats: every 2 weeks on Monday, until 2026-06-30 23:59:59 UTC\\',
        'Organizer: Ana Lima \\<ana\\@example.com>\\',
        'Attendees: Bo Berg \\<bo\\@example.com> (accepted), Carla Reis \\<carla\\@example.com> (tentative, optional)',
        '',
        '**Agenda**',
        '',
        '- Varroa checks',
        '- Spring splits',
        '',
        'Minutes: https\\://example.com/club/minutes',
        '',
        '## Harvest weekend',
        '',
        'When: 2026-06-12 – 2026-06-13\\',
        'Where: North apiary, Valley Road 3',
        '',
        'Bring veils and jars.\\',
        'Lunch is shared.',
        '',
      ].join('\n'),
    );
    const paths = document.root.children.map((block) => block.data?.provenance?.path);
    expect(paths).toEqual([
      'calendar',
      'calendar',
      'events/2',
      'events/2',
      'events/2/description',
      'events/2/description',
      'events/2/description',
      'events/1',
      'events/1',
      'events/1/description',
    ]);
  });

  it('reads an Outlook invitation: the summary titles it, the HTML body stands in for a missing description', async () => {
    const invite = [
      'BEGIN:VCALENDAR',
      'METHOD:REQUEST',
      'PRODID:Microsoft Exchange Server 2010',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'ORGANIZER;CN=Dana Ruiz:mailto:dana@example.org',
      'SUMMARY;LANGUAGE=en-US:Quarterly review',
      'DTSTART:20261203T140000Z',
      'DURATION:PT1H30M',
      'STATUS:TENTATIVE',
      'X-ALT-DESC;FMTTYPE=text/html:<html><body><p>Please read the <a href="https://example.org/q3">Q3 report</a> first.</p></body></html>',
      'LOCATION:Room 4.01',
      'URL:https://meet.example.org/q3-review',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const { document } = await read(invite, 'invite.ics');
    expect(document.metadata?.title).toBe('Quarterly review');
    expect(markdownOf(document.root)).toBe(
      [
        '# Quarterly review',
        '',
        'When: 2026-12-03 14:00–15:30 UTC\\',
        'Where: Room 4.01\\',
        'Organizer: Dana Ruiz \\<dana\\@example.org>\\',
        'Status: tentative\\',
        'Link: <https://meet.example.org/q3-review>',
        '',
        'Please read the [Q3 report](https://example.org/q3) first.',
        '',
      ].join('\n'),
    );
  });

  it('reads tasks with their due date, priority and progress; a floating time has no zone', async () => {
    const tasks = [
      'BEGIN:VCALENDAR',
      'BEGIN:VTODO',
      'SUMMARY:Order frames',
      'DUE:20260301T170000',
      'PRIORITY:1',
      'PERCENT-COMPLETE:40',
      'STATUS:IN-PROCESS',
      'CATEGORIES:Shopping,Hives',
      'ATTACH;ENCODING=BASE64;VALUE=BINARY;FMTTYPE=image/png:iVBORw0KGgo=',
      'END:VTODO',
      'BEGIN:VFREEBUSY',
      'FREEBUSY:20260301T090000Z/PT1H',
      'END:VFREEBUSY',
      'BEGIN:X-UNKNOWN',
      'END:X-UNKNOWN',
      'END:VCALENDAR',
    ].join('\n');
    const { document, warnings } = await read(tasks);
    expect(markdownOf(document.root)).toBe(
      [
        '# Order frames',
        '',
        'Due: 2026-03-01 17:00\\',
        'Status: in process\\',
        'Priority: 1\\',
        'Progress: 40 %\\',
        'Categories: Shopping, Hives',
        '',
      ].join('\n'),
    );
    expect(document.root.children[0]?.data?.provenance?.path).toBe('tasks/1');
    expect(warnings).toEqual([
      'components_skipped: calendar.ics holds X-UNKNOWN blocks, which are not read.',
      'media_omitted: calendar.ics: 1 embedded attachment(s) are binary data and were not converted.',
    ]);
  });

  it('decodes UTF-16 and legacy code pages with a warning; a file cut off before its END still reads', async () => {
    const text = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Réunion à Genève\r\nDTSTART:20260101\r\n';
    const utf16 = await read(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(markdownOf(utf16.document.root)).toContain('# Réunion à Genève');
    const latin = await read(Buffer.from(text, 'latin1'));
    expect(markdownOf(latin.document.root)).toContain('# Réunion à Genève');
    expect(latin.warnings.join('\n')).toMatch(/^encoding_guessed: calendar\.ics is not UTF-8/);
  });

  it('refuses a file with no calendar, a calendar with no entry, and nesting past any real calendar', async () => {
    await expect(read('SUMMARY:nothing here')).rejects.toMatchObject({ code: 'corrupt_file' });
    await expect(read('BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR')).rejects.toMatchObject({
      code: 'empty_content',
    });
    const deep = `${'BEGIN:VCALENDAR\n'.repeat(40)}${'END:VCALENDAR\n'.repeat(40)}`;
    await expect(read(deep)).rejects.toMatchObject({ code: 'corrupt_file' });
  });
});
