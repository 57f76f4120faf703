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
import type { FormatReader } from '../internal/format-reader.js';
import { stampProvenance } from '../internal/stamp-provenance.js';
import { textBlocks } from '../internal/text-blocks.js';

/** More contacts than this in one file are left out with a warning (each is a section). */
export const MAXIMUM_CONTACTS = 10_000;

/** Pictures, logos, sounds and keys: binary data (or links to it), not text. */
const MEDIA = ['PHOTO', 'LOGO', 'SOUND', 'KEY'];

/** TYPE values that say nothing a reader needs (a preference, the protocol, vCard 2.1's encodings). */
const SILENT_TYPES = new Set([
  'pref',
  'voice',
  'internet',
  'x400',
  'quoted-printable',
  'base64',
  'b',
  '8bit',
  'encoding',
]);

/** A property's kinds for people: `TYPE=WORK,CELL` → `work, cell`, the silent ones and `x-` names left out. */
function kindsOf(property: ContentProperty): string[] {
  return (property.params['TYPE'] ?? [])
    .flatMap((type) => type.split(','))
    .map((type) => type.trim().toLowerCase())
    .filter((type) => type !== '' && !SILENT_TYPES.has(type) && !type.startsWith('x-'));
}

/** `value (work, cell)`, or the value alone when it has no kind worth saying. */
function withKinds(value: string, property: ContentProperty): string {
  const kinds = kindsOf(property);
  return kinds.length === 0 ? value : `${value} (${kinds.join(', ')})`;
}

/** The non-empty parts of a structured value (`N`, `ADR`, `ORG`), each line of a part kept apart. */
function partsOf(value: string): string[] {
  return textValues(value, ';')
    .flatMap((part) => part.split('\n'))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** N (family; given; additional; prefixes; suffixes) in reading order: `Dr. Ana Maria Lima Jr.`. */
function structuredName(value: string): string {
  const [family = '', given = '', additional = '', prefixes = '', suffixes = ''] = textValues(value, ';').map(
    (part) => part.replaceAll(',', ' ').trim(),
  );
  return [prefixes, given, additional, family, suffixes].filter((part) => part !== '').join(' ');
}

/** ADR (post box; extended; street; locality; region; postal code; country) as one line. */
function addressOf(property: ContentProperty): string | undefined {
  const [box = '', extended = '', street = '', locality = '', region = '', code = '', country = ''] =
    textValues(property.value, ';').map((part) =>
      part
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .join(', '),
    );
  const place = [locality, [region, code].filter((part) => part !== '').join(' ')]
    .filter((part) => part !== '')
    .join(', ');
  const line = [box === '' ? '' : `PO Box ${box}`, street, extended, place, country]
    .filter((part) => part !== '')
    .join(', ');
  return line === '' ? undefined : withKinds(line, property);
}

/** `19850412`, `1985-04-12`, `--0412` (no year) → `1985-04-12`, `04-12`; any other text as written. */
function dateOf(property: ContentProperty | undefined): string | undefined {
  const value = property === undefined ? '' : textValue(property.value);
  const full = /^(\d{4})-?(\d{2})-?(\d{2})(?:T.*)?$/.exec(value);
  if (full !== null) return `${full[1] ?? ''}-${full[2] ?? ''}-${full[3] ?? ''}`;
  const noYear = /^--(\d{2})-?(\d{2})$/.exec(value);
  if (noYear !== null) return `${noYear[1] ?? ''}-${noYear[2] ?? ''}`;
  return value === '' ? undefined : value;
}

const valueText = (property: ContentProperty): string =>
  textValue(property.value).replace(/^(?:tel|mailto):/i, '');

/** The name a contact is shown by: FN, else N, else its organization, else its first e-mail. */
function displayName(card: ContentComponent): string | undefined {
  const formatted = textOf(card, 'FN');
  if (formatted !== undefined && formatted !== '') return formatted;
  const name = propertyOf(card, 'N');
  const structured = name === undefined ? '' : structuredName(name.value);
  if (structured !== '') return structured;
  const organization = propertyOf(card, 'ORG');
  const email = propertyOf(card, 'EMAIL');
  return organization !== undefined
    ? partsOf(organization.value).join(', ')
    : email === undefined
      ? undefined
      : valueText(email);
}

/** A contact's facts, one `Label: value` line each, repeated labels for several phones or e-mails. */
function contactFacts(card: ContentComponent): (readonly [string, string | undefined])[] {
  const each = (name: string, label: string, read: (property: ContentProperty) => string | undefined) =>
    propertiesOf(card, name).map((property) => [label, read(property)] as const);
  const plain = (property: ContentProperty): string => textValue(property.value);
  return [
    ...each('NICKNAME', 'Nickname', plain),
    ...each('ORG', 'Organization', (property) => partsOf(property.value).join(', ')),
    ...each('TITLE', 'Title', plain),
    ...each('ROLE', 'Role', plain),
    ...each('EMAIL', 'Email', (property) => withKinds(valueText(property), property)),
    ...each('TEL', 'Phone', (property) => withKinds(valueText(property), property)),
    ...each('ADR', 'Address', addressOf),
    ...each('URL', 'Website', (property) => property.value.trim()),
    ...each('IMPP', 'Messaging', (property) => withKinds(property.value.trim(), property)),
    ...each('X-SOCIALPROFILE', 'Profile', (property) => withKinds(property.value.trim(), property)),
    ['Birthday', dateOf(propertyOf(card, 'BDAY'))],
    ['Anniversary', dateOf(propertyOf(card, 'ANNIVERSARY') ?? propertyOf(card, 'X-ANNIVERSARY'))],
    ...each('CATEGORIES', 'Groups', (property) =>
      textValues(property.value, ',')
        .map((group) => group.trim())
        .filter((group) => group !== '')
        .join(', '),
    ),
  ];
}

/** One contact's section: the name as a heading, the facts, the note; `path` its provenance. */
function contactBlocks(card: ContentComponent, path: string): RootContent[] {
  const head: RootContent[] = [
    { type: 'heading', depth: 1, children: [{ type: 'text', value: displayName(card) ?? '(no name)' }] },
  ];
  const facts = factLines(contactFacts(card));
  if (facts !== undefined) head.push(facts);
  const note = propertiesOf(card, 'NOTE')
    .map((property) => textValue(property.value))
    .filter((value) => value !== '');
  return [
    ...stampProvenance(head, { path }),
    ...stampProvenance(textBlocks(note.join('\n\n')), { path: `${path}/note` }),
  ];
}

/**
 * A vCard file (`.vcf`: one contact or an exported address book; vCard 2.1, 3.0 and 4.0) as a
 * document: each contact a section in file order, its name the heading (FN, else N in reading
 * order), then `Label: value` facts (organization, title, each e-mail, phone and address with its
 * kind, websites, birthday, groups) and its note. vCard 2.1's quoted-printable values are decoded
 * with their charset. Photos, logos, sounds and keys are binary, not text: they are left out with one
 * `media_omitted` warning. Provenance `path` is `contacts/<n>`; a single contact titles the document.
 */
export const readVcard: FormatReader = async (file, ctx) => {
  const cards = parseContentComponents(readContentText(file, ctx)).filter(
    (component) => component.name === 'VCARD',
  );
  if (cards.length === 0)
    throw new TransmuteError('corrupt_file', 'The file holds no contact (no BEGIN:VCARD).');
  const read = firstItems(cards, MAXIMUM_CONTACTS, 'contacts', file.name, ctx);
  const media = read.reduce(
    (count, card) => count + MEDIA.reduce((sum, name) => sum + propertiesOf(card, name).length, 0),
    0,
  );
  if (media > 0)
    ctx.warn(
      'media_omitted',
      `${file.name}: ${String(media)} photo, logo, sound or key value(s) are binary data and were not converted.`,
    );
  const children: RootContent[] = [];
  for (const [index, card] of read.entries()) {
    ctx.signal.throwIfAborted();
    children.push(...contactBlocks(card, `contacts/${String(index + 1)}`));
  }
  const only = read.length === 1 ? read[0] : undefined;
  const title = only === undefined ? undefined : displayName(only);
  return {
    root: { type: 'root', children },
    metadata: {
      ...(title !== undefined ? { title } : {}),
      facts: { format: 'vcard', contacts: read.length },
    },
  };
};
