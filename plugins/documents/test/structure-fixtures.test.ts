import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readEpub } from '../src/ebook/read-epub.js';
import { readPptx } from '../src/presentation/read-pptx.js';
import type { FormatReader } from '../src/internal/format-reader.js';
import { readDocx } from '../src/word/read-docx.js';
import { readOdt } from '../src/word/read-odt.js';
import { readRtf } from '../src/word/read-rtf.js';
import { readXlsx } from '../src/spreadsheet/read-xlsx.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

// fixtures/documents-structure (its README says which were written by which software).
async function markdownOfFixture(reader: FormatReader, name: string, mediaType: string): Promise<string> {
  const bytes = readFileSync(new URL(`../../../fixtures/documents-structure/${name}`, import.meta.url));
  const { document } = await readBytes(reader, bytes, name, mediaType);
  return markdownOf(document.root);
}

const headingsOf = (markdown: string): string[] =>
  markdown.split('\n').filter((line) => line.startsWith('#'));

const HANDBOOK_HEADINGS = [
  '# Hive management handbook',
  '# Opening the hive',
  '## Before you start',
  '### Frame by frame',
  '# Records',
  '## Harvest by season',
  '# Glossary',
];

describe('documents with the structure of real files', () => {
  it('reads Word headings from custom styles with an outline level, a style based on a heading and a direct outline level', async () => {
    const markdown = await markdownOfFixture(
      readDocx,
      'handbook.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(headingsOf(markdown)).toEqual(HANDBOOK_HEADINGS);
    expect(markdown).toContain('<td>Queen marked blue<br>Eight frames of brood</td>');
    expect(markdown).toContain(
      '<table><tr><th>Brood</th><th>9</th></tr><tr><td>Super</td><td>6</td></tr></table>',
    );
  });

  it('drops the bold LibreOffice sets on a whole heading (odt), keeping the heading', async () => {
    const markdown = await markdownOfFixture(
      readOdt,
      'handbook.odt',
      'application/vnd.oasis.opendocument.text',
    );
    expect(headingsOf(markdown)).toEqual(HANDBOOK_HEADINGS);
    expect(markdown).not.toContain('# **');
  });

  it('reads an RTF style based on Heading 1 as a heading, and leaves out the spare cells of a nested table', async () => {
    const markdown = await markdownOfFixture(readRtf, 'handbook.rtf', 'application/rtf');
    // LibreOffice writes no outline level: only the title and the style based on Heading 1 say "heading".
    expect(headingsOf(markdown)).toEqual(['# Hive management handbook', '# Glossary']);
    expect(markdown).toContain(
      '| South | Frames by box:<br>Brood<br>9<br>Super<br>6 | Feed syrup<br>Treat for mites |',
    );
  });

  it('keeps the notes LibreOffice writes as text boxes on the notes page', async () => {
    const markdown = await markdownOfFixture(
      readPptx,
      'slides.pptx',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(markdown).toContain('> **Notes:**\n>\n> Welcome everyone and thank the counters.');
    expect(markdown).toContain('> **Notes:**\n>\n> Frames count when more than half covered.');
  });

  it('moves an e-book chapter’s sections with its heading when the outline sets its depth', async () => {
    const markdown = await markdownOfFixture(readEpub, 'counting-bees.epub', 'application/epub+zip');
    expect(headingsOf(markdown)).toEqual([
      '# Counting Bees',
      '## 1. Frames',
      '### Brood frames',
      '## 2. The estimate',
      '## 3. Checklist',
    ]);
    expect(markdown).toContain('N = f \\times 2000');
    expect(markdown).toContain('How to estimate a colony from what you can count.');
  });
  it("labels LibreOffice's Word footnotes 1 and 2 as printed (their ids are 2 and 3) and keeps a Strong run bold", async () => {
    const markdown = await markdownOfFixture(
      readDocx,
      'swarm-guide.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(markdown).toContain('will swarm[^1], taking half');
    expect(markdown).toContain('a calm day[^2].');
    expect(markdown).toContain('[^1]: Most swarms leave between late April and early July.');
    expect(markdown).toContain('[^2]: Above fifteen degrees and no wind.');
    expect(markdown).toContain('join **the new colony**.');
  });

  it('labels the notes of the same guide through odt and rtf the same way', async () => {
    for (const markdown of [
      await markdownOfFixture(readOdt, 'swarm-guide.odt', 'application/vnd.oasis.opendocument.text'),
      await markdownOfFixture(readRtf, 'swarm-guide.rtf', 'application/rtf'),
    ]) {
      expect(markdown).toContain('will swarm[^1], taking half');
      expect(markdown).toContain('[^2]: Above fifteen degrees and no wind.');
    }
  });

  it("keeps a workbook's title as metadata, its sheets the only headings", async () => {
    const bytes = readFileSync(
      new URL('../../../fixtures/documents-structure/hive-ledger.xlsx', import.meta.url),
    );
    const { document } = await readBytes(
      readXlsx,
      bytes,
      'hive-ledger.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(headingsOf(markdownOf(document.root))).toEqual(['## Sales', '## Hives']);
    expect(document.metadata.title).toBe('Hive ledger');
  });
});
