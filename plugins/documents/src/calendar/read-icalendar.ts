import type { RootContent } from 'mdast';
import { TransmuteError } from '@transmute/plugin-sdk';
import {
  parseContentComponents,
  propertiesOf,
  propertyOf,
  textOf,
  textValue,
  textValues,
  type ContentComponent,
  type ContentProperty,
} from '../internal/content-lines.js';
import { readContentText } from '../internal/decode-content-text.js';
import { factLines } from '../internal/fact-lines.js';
import { firstItems } from '../internal/first-items.js';
import type { FormatReader, ReadContext } from '../internal/format-reader.js';
import { htmlToMdast } from '../internal/html-to-mdast.js';
import { stampProvenance } from '../internal/stamp-provenance.js';
import { textBlocks } from '../internal/text-blocks.js';
import {
  calendarTimeOf,
  endOf,
  formatCalendarTime,
  formatTimeSpan,
  type CalendarTime,
} from './calendar-time.js';
import { describeRecurrence } from './recurrence-rule.js';

/** More entries than this in one calendar are left out with a warning (each is a section). */
export const MAXIMUM_CALENDAR_ENTRIES = 10_000;

/** The entries a reader reads, by component, and what their path in provenance is called. */
const ENTRIES: Record<string, string> = { VEVENT: 'events', VTODO: 'tasks', VJOURNAL: 'journal' };

/** Blocks that hold no text a reader reads: time zone rules, reminders, free/busy grids. */
const STRUCTURAL = new Set(['VTIMEZONE', 'VALARM', 'STANDARD', 'DAYLIGHT', 'VFREEBUSY', 'VAVAILABILITY']);

/** Markup a description written as HTML has (Google Calendar writes `<br>`, `<b>`, `<a>`, lists). */
const HTML_MARKUP = /<(?:br|p|a|b|i|u|strong|em|ul|ol|li|div|span|h[1-6]|table)\b[^>]*>/i;

/** `mailto:ana@example.com` with `CN=Ana Lima` → `Ana Lima <ana@example.com>`, plus its reply. */
function personOf(property: ContentProperty): string {
  const address = property.value.trim().replace(/^mailto:/i, '');
  const name = property.params['CN']?.[0]?.trim();
  const person = name === undefined || name === '' || name === address ? address : `${name} <${address}>`;
  const reply = property.params['PARTSTAT']?.[0]?.toLowerCase();
  const optional = property.params['ROLE']?.[0]?.toUpperCase() === 'OPT-PARTICIPANT';
  const notes = [
    ...(reply === 'accepted' || reply === 'declined' || reply === 'tentative' ? [reply] : []),
    ...(optional ? ['optional'] : []),
  ];
  return notes.length === 0 ? person : `${person} (${notes.join(', ')})`;
}

const joined = (values: readonly string[]): string | undefined =>
  values.length === 0 ? undefined : values.join(', ');

/** STATUS as a word, left out when it says only what an entry is by default. */
function statusOf(entry: ContentComponent): string | undefined {
  const status = textOf(entry, 'STATUS')?.toLowerCase().replaceAll('-', ' ');
  return status === 'confirmed' || status === 'needs action' ? undefined : status;
}

/** The links of an entry: URL, RFC 7986 CONFERENCE, and ATTACH given as an address. */
function linksOf(entry: ContentComponent): string[] {
  return [
    ...propertiesOf(entry, 'URL'),
    ...propertiesOf(entry, 'CONFERENCE'),
    ...propertiesOf(entry, 'ATTACH').filter((attach) => attach.params['ENCODING'] === undefined),
  ].map((property) => property.value.trim());
}

function whenOf(entry: ContentComponent, start: CalendarTime | undefined): string | undefined {
  if (start === undefined) return undefined;
  const end = endOf(start, propertyOf(entry, 'DTEND'), propertyOf(entry, 'DURATION'));
  return formatTimeSpan(start, end);
}

function timeText(entry: ContentComponent, name: string): string | undefined {
  const time = calendarTimeOf(propertyOf(entry, name));
  return time === undefined ? undefined : formatCalendarTime(time);
}

/** The facts of an event, a task or a journal entry, in the order a calendar shows them. */
function entryFacts(entry: ContentComponent): readonly (readonly [string, string | undefined])[] {
  const start = calendarTimeOf(propertyOf(entry, 'DTSTART'));
  const rule = propertyOf(entry, 'RRULE');
  const percent = textOf(entry, 'PERCENT-COMPLETE');
  const priority = Number(textOf(entry, 'PRIORITY') ?? '0');
  return [
    [entry.name === 'VEVENT' ? 'When' : entry.name === 'VTODO' ? 'Starts' : 'Date', whenOf(entry, start)],
    ['Due', timeText(entry, 'DUE')],
    ['Repeats', rule === undefined ? undefined : describeRecurrence(rule.value.trim())],
    ['Where', textOf(entry, 'LOCATION')],
    ['Organizer', propertiesOf(entry, 'ORGANIZER').map(personOf)[0]],
    ['Attendees', joined(propertiesOf(entry, 'ATTENDEE').map(personOf))],
    ['Status', statusOf(entry)],
    ['Priority', priority >= 1 && priority <= 9 ? String(priority) : undefined],
    ['Completed', timeText(entry, 'COMPLETED')],
    ['Progress', percent === undefined ? undefined : `${percent} %`],
    [
      'Categories',
      joined(
        propertiesOf(entry, 'CATEGORIES')
          .flatMap((property) => textValues(property.value, ','))
          .map((category) => category.trim())
          .filter((category) => category !== ''),
      ),
    ],
    ['Link', joined(linksOf(entry))],
  ];
}

/** The entry's description: DESCRIPTION (read as HTML when it is written as HTML), else Outlook's HTML body. */
function descriptionBlocks(entry: ContentComponent): RootContent[] {
  const description = propertiesOf(entry, 'DESCRIPTION')
    .map((property) => textValue(property.value))
    .filter((value) => value !== '')
    .join('\n\n');
  if (description !== '')
    return HTML_MARKUP.test(description) ? htmlToMdast(description) : textBlocks(description);
  const html = propertiesOf(entry, 'X-ALT-DESC').find(
    (property) => property.params['FMTTYPE']?.[0]?.toLowerCase() === 'text/html',
  );
  return html === undefined ? [] : htmlToMdast(textValue(html.value));
}

/** One entry's section: its summary as a heading, its facts, its description; `path` its provenance. */
function entryBlocks(entry: ContentComponent, depth: 1 | 2, path: string): RootContent[] {
  const summary = textOf(entry, 'SUMMARY');
  const head: RootContent[] = [
    {
      type: 'heading',
      depth,
      children: [{ type: 'text', value: summary === undefined || summary === '' ? '(no title)' : summary }],
    },
  ];
  const facts = factLines(entryFacts(entry));
  if (facts !== undefined) head.push(facts);
  return [
    ...stampProvenance(head, { path }),
    ...stampProvenance(descriptionBlocks(entry), { path: `${path}/description` }),
  ];
}

/** Sort key: an entry's start (or due) time as written, entries without one last in file order. */
function sortKey(entry: ContentComponent): number {
  const time = calendarTimeOf(propertyOf(entry, 'DTSTART')) ?? calendarTimeOf(propertyOf(entry, 'DUE'));
  return time === undefined
    ? Number.POSITIVE_INFINITY
    : Date.UTC(time.year, time.month - 1, time.day) / 1000 + (time.seconds ?? 0);
}

function warnSkipped(calendars: readonly ContentComponent[], name: string, ctx: ReadContext): void {
  const skipped = new Set(
    calendars
      .flatMap((calendar) => calendar.components.map((component) => component.name))
      .filter((kind) => ENTRIES[kind] === undefined && !STRUCTURAL.has(kind)),
  );
  if (skipped.size > 0)
    ctx.warn('components_skipped', `${name} holds ${[...skipped].join(', ')} blocks, which are not read.`);
}

/**
 * An iCalendar file (`.ics`, RFC 5545: a calendar export, a meeting invitation) as a document: each
 * event, task and journal entry a section in time order, its summary the heading, then `Label:
 * value` facts (when, with its zone; repeats, in words; where; organizer and attendees with their
 * replies; status, due, links) and its description (HTML descriptions converted). A calendar with a
 * name (`X-WR-CALNAME`, RFC 7986 `NAME`) has it as the document's heading, its entries one level
 * below. Time zone rules and reminders are structure, not text; other blocks are skipped with a
 * warning. Provenance `path` is `events/<n>` (`tasks/`, `journal/`), n the entry's place in the file.
 */
export const readIcalendar: FormatReader = async (file, ctx) => {
  const calendars = parseContentComponents(readContentText(file, ctx)).filter(
    (component) => component.name === 'VCALENDAR',
  );
  if (calendars.length === 0)
    throw new TransmuteError('corrupt_file', 'The file holds no calendar (no BEGIN:VCALENDAR).');
  warnSkipped(calendars, file.name, ctx);
  const embedded = calendars
    .flatMap((calendar) => calendar.components)
    .flatMap((component) => propertiesOf(component, 'ATTACH'))
    .filter((attach) => attach.params['ENCODING'] !== undefined).length;
  if (embedded > 0)
    ctx.warn(
      'media_omitted',
      `${file.name}: ${String(embedded)} embedded attachment(s) are binary data and were not converted.`,
    );
  const counts: Record<string, number> = {};
  const entries = calendars.flatMap((calendar) =>
    calendar.components
      .filter((component) => ENTRIES[component.name] !== undefined)
      .map((component) => {
        const kind = ENTRIES[component.name] ?? 'events';
        counts[kind] = (counts[kind] ?? 0) + 1;
        return { component, path: `${kind}/${String(counts[kind])}` };
      }),
  );
  if (entries.length === 0)
    throw new TransmuteError('empty_content', 'The calendar holds no event, task or journal entry.');
  const [first] = calendars;
  const name = first === undefined ? undefined : (textOf(first, 'X-WR-CALNAME') ?? textOf(first, 'NAME'));
  const about =
    first === undefined ? undefined : (textOf(first, 'X-WR-CALDESC') ?? textOf(first, 'DESCRIPTION'));
  const titled = name !== undefined && name !== '';
  const children: RootContent[] = [];
  if (titled) {
    children.push({ type: 'heading', depth: 1, children: [{ type: 'text', value: name }] });
    if (about !== undefined) children.push(...textBlocks(about));
    stampProvenance(children, { path: 'calendar' });
  }
  const read = firstItems(entries, MAXIMUM_CALENDAR_ENTRIES, 'entries', file.name, ctx).sort(
    (a, b) => sortKey(a.component) - sortKey(b.component),
  );
  for (const entry of read) {
    ctx.signal.throwIfAborted();
    children.push(...entryBlocks(entry.component, titled ? 2 : 1, entry.path));
  }
  const only = read.length === 1 ? read[0] : undefined;
  const title = titled ? name : only === undefined ? undefined : textOf(only.component, 'SUMMARY');
  return {
    root: { type: 'root', children },
    metadata: {
      ...(title !== undefined && title !== '' ? { title } : {}),
      facts: { format: 'icalendar', ...counts },
    },
  };
};
