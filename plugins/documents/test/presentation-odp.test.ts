import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENTATION_FORMATS } from '../src/presentation/index.js';
import { readWith, readerFor } from './support/presentation-markdown.js';
import { zipOf } from './support/zip-of.js';

const ODP = 'application/vnd.oasis.opendocument.presentation';
const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
].join(' ');

const frame = (attributes: string, inner: string): string =>
  `<draw:frame ${attributes}>${inner}</draw:frame>`;
const box = (inner: string): string => `<draw:text-box>${inner}</draw:text-box>`;

function content(pages: string): string {
  return (
    `<office:document-content ${NS}><office:automatic-styles>` +
    '<style:style style:name="dp1" style:family="drawing-page"><style:drawing-page-properties presentation:visibility="visible"/></style:style>' +
    '<style:style style:name="dp2" style:family="drawing-page"><style:drawing-page-properties presentation:visibility="hidden"/></style:style>' +
    `</office:automatic-styles><office:body><office:presentation>${pages}</office:presentation></office:body></office:document-content>`
  );
}

function odp(pages: string, extra: Record<string, string> = {}): Promise<Buffer> {
  return zipOf({
    mimetype: ODP,
    'content.xml': content(pages),
    'meta.xml': `<office:document-meta ${NS}><office:meta><dc:title>Field notes</dc:title><meta:initial-creator>Grace Hopper</meta:initial-creator></office:meta></office:document-meta>`,
    ...extra,
  });
}

describe('odp presentations are read page by page', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'odp-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const read = async (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return readWith(readerFor(PRESENTATION_FORMATS, ODP), path, ODP);
  };

  it('writes titles, nested lists, frames in reading order, tables, images, groups and notes; skips hidden pages', async () => {
    const pages =
      '<draw:page draw:name="page1" draw:style-name="dp1">' +
      frame('svg:x="1cm" svg:y="12cm"', box('<text:p>Footnote<text:s text:c="2"/>text</text:p>')) +
      frame(
        'presentation:class="outline" svg:x="1cm" svg:y="4cm"',
        box(
          '<text:list><text:list-item><text:p>Birds</text:p><text:list><text:list-item><text:p>Owls</text:p></text:list-item></text:list></text:list-item>' +
            '<text:list-item><text:p><text:span>Bees</text:span> and <text:a xlink:href="https://example.org/">more</text:a></text:p></text:list-item></text:list>',
        ),
      ) +
      frame('presentation:class="title" svg:x="1cm" svg:y="1cm"', box('<text:p>Wildlife</text:p>')) +
      '<presentation:notes>' +
      frame('presentation:class="notes"', box('<text:p>Mention the owls.</text:p>')) +
      '</presentation:notes></draw:page>' +
      '<draw:page draw:name="Draft" draw:style-name="dp2">' +
      frame('presentation:class="title"', box('<text:p>Unfinished</text:p>')) +
      '</draw:page>' +
      '<draw:page draw:name="Counts" draw:style-name="dp1">' +
      frame(
        'svg:x="1in" svg:y="1in"',
        '<table:table><table:table-row><table:table-cell><text:p>Species</text:p></table:table-cell><table:table-cell><text:p>Seen</text:p></table:table-cell></table:table-row>' +
          '<table:table-row><table:table-cell><text:p>Owl</text:p></table:table-cell><table:table-cell><text:p>3</text:p></table:table-cell></table:table-row></table:table>',
      ) +
      '<draw:g>' +
      frame(
        'svg:x="1cm" svg:y="10cm"',
        '<draw:image xlink:href="Pictures/owl.png"/><svg:title>Owl</svg:title><svg:desc>A barn owl at dusk</svg:desc>',
      ) +
      '</draw:g>' +
      '<draw:custom-shape svg:x="1cm" svg:y="8cm"><text:p>Shape text</text:p></draw:custom-shape>' +
      frame(
        'svg:x="1cm" svg:y="15cm"',
        '<table:table><table:table-row><table:table-cell table:number-columns-spanned="2"><text:p>Merged</text:p></table:table-cell><table:covered-table-cell/></table:table-row>' +
          '<table:table-row><table:table-cell><text:p>a</text:p></table:table-cell><table:table-cell><text:p>b</text:p></table:table-cell></table:table-row></table:table>',
      ) +
      '</draw:page>';
    const { markdown, warnings, document } = await read('deck.odp', await odp(pages));
    expect(markdown).toBe(
      [
        '## Wildlife',
        '',
        '- Birds',
        '  - Owls',
        '- Bees and [more](https://example.org/)',
        '',
        'Footnote  text',
        '',
        '> **Notes:**',
        '>',
        '> Mention the owls.',
        '',
        '## Counts',
        '',
        '| Species | Seen |',
        '| ------- | ---- |',
        '| Owl     | 3    |',
        '',
        'Shape text',
        '',
        '![A barn owl at dusk](owl.png)',
        '',
        '<table>',
        '<tr><th colspan="2">Merged</th></tr>',
        '<tr><td>a</td><td>b</td></tr>',
        '</table>',
        '',
      ].join('\n'),
    );
    expect(warnings).toEqual(['hidden_slides_skipped: slide 2 ("Unfinished") is hidden and was skipped.']);
    expect(document.root.children.map((block) => block.data?.provenance?.slide)).toEqual([
      1, 1, 1, 1, 3, 3, 3, 3, 3,
    ]);
    expect(document.metadata).toMatchObject({ title: 'Field notes', author: 'Grace Hopper', mediaType: ODP });
  });

  it('reads an embedded chart as its title and its local data table', async () => {
    const cell = (value: string, type = 'string') =>
      type === 'float'
        ? `<table:table-cell office:value-type="float" office:value="${value}"><text:p>${value}</text:p></table:table-cell>`
        : `<table:table-cell office:value-type="string"><text:p>${value}</text:p></table:table-cell>`;
    const chart =
      `<office:document-content ${NS} xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0"><office:body><office:chart>` +
      '<chart:chart><chart:title><text:p>Sightings</text:p></chart:title><chart:plot-area/>' +
      '<table:table table:name="local-table"><table:table-header-rows><table:table-row>' +
      '<table:table-cell><text:p/></table:table-cell>' +
      cell('Owls') +
      cell('Bats') +
      '</table:table-row></table:table-header-rows><table:table-rows>' +
      `<table:table-row>${cell('May')}${cell('3', 'float')}${cell('1.5', 'float')}</table:table-row>` +
      `<table:table-row>${cell('June')}${cell('4', 'float')}${cell('2', 'float')}</table:table-row>` +
      '</table:table-rows></table:table></chart:chart></office:chart></office:body></office:document-content>';
    const page =
      '<draw:page draw:name="Sightings chart">' +
      frame(
        'svg:x="1cm" svg:y="1cm"',
        '<draw:object xlink:href="./Object 1"/><draw:image xlink:href="./ObjectReplacements/Object 1"/>',
      ) +
      '</draw:page>';
    const { markdown, document } = await read(
      'chart.odp',
      await odp(page, { 'Object 1/content.xml': chart }),
    );
    expect(markdown).toBe(
      [
        '## Sightings chart',
        '',
        'Chart: Sightings',
        '',
        '| Category | Owls | Bats |',
        '| -------- | ---- | ---- |',
        '| May      | 3    | 1.5  |',
        '| June     | 4    | 2    |',
        '',
      ].join('\n'),
    );
    expect(document.root.children[2]?.data?.table).toEqual({
      columns: ['Category', 'Owls', 'Bats'],
      rows: [
        ['May', 3, 1.5],
        ['June', 4, 2],
      ],
      origin: 'chart',
    });
  });

  it('refuses an encrypted package, a DTD and a presentation without text', async () => {
    const page = `<draw:page draw:name="p">${frame('', box('<text:p>x</text:p>'))}</draw:page>`;
    const manifest =
      '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml">' +
      '<manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry></manifest:manifest>';
    await expect(
      read('encrypted.odp', await odp(page, { 'META-INF/manifest.xml': manifest })),
    ).rejects.toMatchObject({
      code: 'encrypted_document',
    });
    const bomb = await zipOf({ 'content.xml': `<!DOCTYPE x [<!ENTITY a "a">]>${content(page)}` });
    await expect(read('dtd.odp', bomb)).rejects.toMatchObject({ code: 'archive_unsafe' });
    await expect(
      read(
        'empty.odp',
        await odp(`<draw:page draw:name="page1">${frame('', box('<text:p> </text:p>'))}</draw:page>`),
      ),
    ).rejects.toMatchObject({ code: 'empty_content' });
  });
});
