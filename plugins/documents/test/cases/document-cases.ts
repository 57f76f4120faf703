import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_MEDIA_TYPES } from '@transmute/engine';
import { writeEpubBook } from './write-epub.js';
import { writeEncryptedDocx, writeXmlBombDocx, writeZipBombDocx } from './write-hostile.js';
import { writeIcsCalendar, writeVcfContacts } from './write-calendar-contacts.js';
import { writeEmlMessage, writeMboxMailbox, writeMsgMessage } from './write-messages.js';
import { writeDocxReport, writePptxDeck, writeXlsxWorkbook } from './write-office.js';
import { writeOdpDeck, writeOdsWorkbook, writeOdtReport } from './write-open-document.js';
import { writeRtfReport } from './write-rtf.js';
import { writeAtomFeed, writeIpynbNotebook, writeRssFeed } from './write-text-formats.js';

/** `fixtures/documents`: one directory per case, its input and its `expected/` goldens. */
export const DOCUMENT_FIXTURES = fileURLToPath(new URL('../../../../fixtures/documents/', import.meta.url));

/** A document fixture: how it is made and what reading it must give. */
export interface DocumentCase {
  /** Its directory under `fixtures/documents` (goldens in `<name>/expected/`). */
  name: string;
  /** The input, relative to `fixtures/documents` (`input.<extension>`, or a fixture reused from elsewhere). */
  input: string;
  /** Writes the input's bytes (run by `fixtures/documents/generate.ts`); absent for a reused fixture. */
  write?: () => Promise<Buffer>;
  /** The media type, when the extension is not a key of the engine's `DOCUMENT_MEDIA_TYPES`. */
  mediaType?: string;
  /** Text the raw_source markdown must hold (readable inputs), or the failure code a hostile input gets. */
  expect: { shows: string[] } | { fails: 'encrypted_document' | 'archive_unsafe' | 'corrupt_file' };
}

/**
 * Every document fixture, one row each: a new format is a new row (and its writer). Readable
 * inputs get goldens and go through the API and the CLI; hostile ones must fail with their code.
 */
export const DOCUMENT_CASES: readonly DocumentCase[] = [
  {
    name: 'docx-report',
    input: 'docx-report/input.docx',
    write: writeDocxReport,
    expect: { shows: ['Spring inspection', '**40 kg**', 'Order queens from Lyon', 'frames included'] },
  },
  {
    name: 'rtf-report',
    input: 'rtf-report/input.rtf',
    write: writeRtfReport,
    expect: { shows: ['# Spring inspection', '**40 kg**', 'Order queens from Lyon', 'Both seasons: 75 kg'] },
  },
  {
    name: 'xlsx-workbook',
    input: 'xlsx-workbook/input.xlsx',
    write: writeXlsxWorkbook,
    expect: { shows: ['Harvest 2026', 'North valley harvest', '35.0%', 'Acacia'] },
  },
  {
    name: 'pptx-deck',
    input: 'pptx-deck/input.pptx',
    write: writePptxDeck,
    expect: { shows: ['Apiary season review', 'Thank the volunteers', 'Honey by hive (kg)'] },
  },
  {
    name: 'odt-report',
    input: 'odt-report/input.odt',
    write: writeOdtReport,
    expect: { shows: ['# Autumn inspection', '**18 kg**', 'Before the first frost', 'Estimated by hefting'] },
  },
  {
    name: 'ods-workbook',
    input: 'ods-workbook/input.ods',
    write: writeOdsWorkbook,
    expect: { shows: ['Stores', 'Winter stores', '45.2%'] },
  },
  {
    name: 'odp-deck',
    input: 'odp-deck/input.odp',
    write: writeOdpDeck,
    expect: { shows: ['Wintering bees', 'Tilt the hive forward', 'Ask who lost colonies'] },
  },
  {
    name: 'epub-book',
    input: 'epub-book/input.epub',
    write: writeEpubBook,
    expect: { shows: ['A Year with Bees', 'Valley Press', 'willows flower', 'the swarm guide'] },
  },
  {
    name: 'eml-message',
    input: 'eml-message/input.eml',
    write: writeEmlMessage,
    expect: { shows: ['Spring harvest — résumé', 'Ana Lima', '**40 kg**', 'harvest.csv'] },
  },
  {
    name: 'mbox-mailbox',
    input: 'mbox-mailbox/input.mbox',
    write: writeMboxMailbox,
    expect: { shows: ['Spring harvest — résumé', 'Re: Spring harvest', 'From the south hives', 'café'] },
  },
  {
    name: 'ics-calendar',
    input: 'ics-calendar/input.ics',
    write: writeIcsCalendar,
    expect: { shows: ['# Valley beekeepers', '## Club meeting', 'every 2 weeks on Monday', 'Varroa checks'] },
  },
  {
    name: 'vcf-contacts',
    input: 'vcf-contacts/input.vcf',
    write: writeVcfContacts,
    expect: {
      shows: ['# Dr. Ana Maria Lima', 'Phone: +351 912 000 000 (cell)', '# Jürgen Müller', 'im Grünen.'],
    },
  },
  {
    name: 'msg-message',
    input: 'msg-message/input.msg',
    write: writeMsgMessage,
    expect: { shows: ['Queen order for May', 'Bo Berg', 'six Buckfast queens'] },
  },
  {
    name: 'ipynb-notebook',
    input: 'ipynb-notebook/input.ipynb',
    write: writeIpynbNotebook,
    expect: {
      shows: ['# Harvest analysis', '```python', 'print(sum(weights.values()))', 'south hives did best'],
    },
  },
  {
    name: 'rss-feed',
    input: 'rss-feed/input.rss',
    write: writeRssFeed,
    expect: { shows: ['Valley apiary news', 'Spring harvest weighed', '**forty kilograms**'] },
  },
  {
    name: 'atom-feed',
    input: 'atom-feed/input.atom',
    write: writeAtomFeed,
    expect: { shows: ['Apiary log', 'Autumn check', 'eighteen kilograms', 'Mouse guards fitted'] },
  },
  {
    name: 'csv-shift-jis',
    input: '../text/encodings/shift-jis.csv',
    mediaType: 'text/csv',
    expect: { shows: ['商品名', 'りんご', '青森県'] },
  },
  // Written by LibreOffice 7.4 from the fixtures above (`soffice --headless --convert-to <format>
  // --outdir fixtures/documents/<case> <source>`, see the README), committed as they came: files
  // real software wrote, not regenerated.
  {
    name: 'odt-libreoffice',
    input: 'odt-libreoffice/input.odt',
    expect: {
      shows: ['# Apiary field report', '## Next steps', 'Order queens from Lyon', 'frames included'],
    },
  },
  {
    name: 'ods-libreoffice',
    input: 'ods-libreoffice/input.ods',
    expect: { shows: ['# Harvest 2026', 'North valley harvest', '35.0%', '€12.50'] },
  },
  {
    name: 'odp-libreoffice',
    input: 'odp-libreoffice/input.odp',
    expect: { shows: ['Harvest by hive', 'Thank the volunteers', 'Chart: Honey by hive (kg)'] },
  },
  {
    name: 'docx-libreoffice',
    input: 'docx-libreoffice/input.docx',
    expect: {
      shows: ['# Autumn inspection', '## Winter tasks', 'Before the first frost', 'Estimated by hefting'],
    },
  },
  // The legacy binary formats, saved by LibreOffice 7.4 from `docx-report`, `xlsx-workbook` and
  // `pptx-deck` with its MS Word 97 / MS Excel 97 / MS PowerPoint 97 filters; read back through it.
  {
    name: 'doc-libreoffice',
    input: 'doc-libreoffice/input.doc',
    expect: { shows: ['# Spring inspection', '**40 kg**', 'Order queens from Lyon', 'frames included'] },
  },
  {
    name: 'xls-libreoffice',
    input: 'xls-libreoffice/input.xls',
    expect: { shows: ['# Harvest 2026', 'North valley harvest', '35.0%', '€12.50'] },
  },
  {
    name: 'ppt-libreoffice',
    input: 'ppt-libreoffice/input.ppt',
    expect: { shows: ['Apiary season review', 'Thank the volunteers', '| North | 14'] },
  },
  {
    name: 'rtf-libreoffice',
    input: 'rtf-libreoffice/input.rtf',
    expect: {
      shows: ['# Apiary field report', '## Next steps', 'Order queens from Lyon', 'frames included'],
    },
  },
  {
    name: 'docx-encrypted',
    input: 'docx-encrypted/input.docx',
    write: writeEncryptedDocx,
    expect: { fails: 'encrypted_document' },
  },
  {
    name: 'docx-xml-bomb',
    input: 'docx-xml-bomb/input.docx',
    write: writeXmlBombDocx,
    expect: { fails: 'archive_unsafe' },
  },
  {
    name: 'docx-zip-bomb',
    input: 'docx-zip-bomb/input.docx',
    write: writeZipBombDocx,
    expect: { fails: 'archive_unsafe' },
  },
];

/** The input's absolute path. */
export function inputPathOf(documentCase: DocumentCase): string {
  return join(DOCUMENT_FIXTURES, documentCase.input);
}

/** The input's format: its extension without the dot (`docx`, `eml`, `csv`). */
export function formatOf(documentCase: DocumentCase): string {
  return extname(documentCase.input).slice(1).toLowerCase();
}

/** The input's media type: the row's, else the engine's for its extension. */
export function mediaTypeOf(documentCase: DocumentCase): string {
  const known: Record<string, string> = DOCUMENT_MEDIA_TYPES;
  const mediaType = documentCase.mediaType ?? known[formatOf(documentCase)];
  if (mediaType === undefined)
    throw new Error(`${documentCase.name}: no media type for ${documentCase.input}`);
  return mediaType;
}
