const CRLF = '\r\n';

/**
 * A calendar as Google Calendar exports one: its name and description, a time zone block, a
 * fortnightly meeting with an organizer, attendees and a folded HTML agenda, a reminder, and a
 * two-day event written before it in the file.
 */
export async function writeIcsCalendar(): Promise<Buffer> {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Valley beekeepers',
    'X-WR-TIMEZONE:Europe/Lisbon',
    'X-WR-CALDESC:Meetings and harvest days of the club',
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Lisbon',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0000',
    'DTSTART:19701025T020000',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'DTSTART;VALUE=DATE:20260612',
    'DTEND;VALUE=DATE:20260614',
    'SUMMARY:Harvest weekend',
    'LOCATION:North apiary\\, Valley Road 3',
    'DESCRIPTION:Bring veils and jars.\\nLunch is shared.',
    'UID:harvest-2026@example.com',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'DTSTART;TZID=Europe/Lisbon:20260105T183000',
    'DTEND;TZID=Europe/Lisbon:20260105T200000',
    'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20260630T235959Z',
    'ORGANIZER;CN=Ana Lima:mailto:ana@example.com',
    'ATTENDEE;CN=Bo Berg;PARTSTAT=ACCEPTED:mailto:bo@example.com',
    'ATTENDEE;CN="Carla Reis";PARTSTAT=TENTATIVE;ROLE=OPT-PARTICIPANT:mailto:carla@exa',
    ' mple.com',
    'SUMMARY:Club meeting',
    'DESCRIPTION:<b>Agenda</b><br><ul><li>Varroa checks</li><li>Spring split',
    ' s</li></ul>Minutes: https://example.com/club/minutes',
    'UID:meeting-2026@example.com',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:This is an event reminder',
    'TRIGGER:-P0DT0H30M0S',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ];
  return Buffer.from(lines.join(CRLF));
}

/**
 * An address book as phones and mail programs export one: Apple's vCard 3.0 (a grouped e-mail, a
 * two-line street, a note, a photo), an old phone's vCard 2.1 (quoted-printable in Latin-1 and
 * UTF-8, parameters without names) and a vCard 4.0 of a company (no FN, `tel:` URIs, quoted kinds, a
 * birthday without its year).
 */
export async function writeVcfContacts(): Promise<Buffer> {
  const apple = [
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
    'URL:https://example.com/ana',
    'BDAY:1985-04-12',
    "NOTE:Keeps the club's queen register.\\n\\nAsk her about Buckfast lines.",
    'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRof',
    ' Hh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/',
    'END:VCARD',
    '',
  ].join(CRLF);
  const phone = [
    'BEGIN:VCARD',
    'VERSION:2.1',
    'N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:M=FCller;J=FCrgen',
    'TEL;WORK;FAX:+49 30 000000',
    'NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Imker seit 1990=0D=0Aim Gr=C3=BC=',
    'nen.',
    'END:VCARD',
    '',
  ].join(CRLF);
  const company = [
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
  ].join(CRLF);
  return Buffer.from(apple + phone + company);
}
