import { describe, expect, it } from 'vitest';
import { ODS, readSheet } from './spreadsheet-support.js';
import { zipOf } from './support/zip-of.js';

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
].join(' ');

function odsOf(tables: string, manifestExtra = ''): Promise<Buffer> {
  return zipOf({
    mimetype: ODS,
    'META-INF/manifest.xml': `<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml">${manifestExtra}</manifest:file-entry></manifest:manifest>`,
    'meta.xml': `<?xml version="1.0"?><office:document-meta ${NS}><office:meta><dc:title>Budget</dc:title><meta:initial-creator>Grace Hopper</meta:initial-creator></office:meta></office:document-meta>`,
    'content.xml': `<?xml version="1.0"?><office:document-content ${NS}><office:automatic-styles><style:style style:name="ta1" style:family="table"><style:table-properties table:display="true"/></style:style><style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style></office:automatic-styles><office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`,
  });
}

const cell = (text: string, attributes = ''): string =>
  `<table:table-cell ${attributes}><text:p>${text}</text:p></table:table-cell>`;

describe('ods', () => {
  it('reads displayed text, typed values, repeated cells, spans and hidden sheets, in order', async () => {
    const bytes = await odsOf(
      `<table:table table:name="Costs" table:style-name="ta1">
        <table:table-column table:number-columns-repeated="1024"/>
        <table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>
        <table:table-row>${cell('Item')}${cell('Share')}${cell('Price')}${cell('Due')}</table:table-row>
        <table:table-row>${cell('Ink <text:span>and</text:span><text:s text:c="2"/>paper')}${cell('12.5%', 'office:value-type="percentage" office:value="0.125"')}${cell('$1,234.50', 'office:value-type="currency" office:value="1234.5"')}${cell('03/01/2024', 'office:value-type="date" office:date-value="2024-03-01"')}<table:table-cell table:number-columns-repeated="1020"/></table:table-row>
        <table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>
      </table:table>
      <table:table table:name="Hidden" table:style-name="ta2"><table:table-row>${cell('secret')}</table:table-row></table:table>
      <table:table table:name="Spans">
        <table:table-row>${cell('Region', 'table:number-columns-spanned="2"')}<table:covered-table-cell/>${cell('Q1')}</table:table-row>
        <table:table-row>${cell('North')}${cell('East')}${cell('5', 'office:value-type="float" office:value="5"')}</table:table-row>
        <table:table-row>${cell('x', 'table:number-columns-repeated="3"')}</table:table-row>
      </table:table>`,
    );
    const { document, markdown, warnings } = await readSheet(bytes, ODS);
    expect(markdown).toBe(
      [
        '## Costs',
        '',
        '| Item           | Share | Price     | Due        |',
        '| -------------- | ----- | --------- | ---------- |',
        '| Ink and  paper | 12.5% | $1,234.50 | 03/01/2024 |',
        '',
        '## Spans',
        '',
        '<table>',
        '<tr><th colspan="2">Region</th><th>Q1</th></tr>',
        '<tr><td>North</td><td>East</td><td>5</td></tr>',
        '<tr><td>x</td><td>x</td><td>x</td></tr>',
        '</table>',
        '',
      ].join('\n'),
    );
    expect(warnings).toEqual(['sheet_hidden: The sheet "Hidden" is hidden and was skipped.']);
    expect(document.metadata).toEqual({ title: 'Budget', author: 'Grace Hopper' });
    expect(document.root.children.find((block) => block.type === 'table')?.data).toEqual({
      provenance: { sheet: 'Costs', cellRange: 'A3:D4' },
      table: {
        columns: ['Item', 'Share', 'Price', 'Due'],
        rows: [['Ink and  paper', 0.125, 1234.5, '03/01/2024']],
        origin: 'ods',
      },
    });
  });

  it('bounds a row with values repeated a billion times by maximum_rows', async () => {
    const bytes = await odsOf(
      `<table:table table:name="Bomb"><table:table-row table:number-rows-repeated="1000000000">${cell('boom', 'table:number-columns-repeated="3"')}</table:table-row></table:table>`,
    );
    const { document, warnings } = await readSheet(bytes, ODS, { maximum_rows: 50 });
    expect(document.root.children.find((block) => block.type === 'table')?.data?.provenance).toEqual({
      sheet: 'Bomb',
      cellRange: 'A1:C50',
    });
    expect(warnings).toEqual([
      'sheet_truncated: The workbook reached its limits (maximum_rows 50, maximum_cells 2000000); 999999950 more rows with values in "Bomb" were left out.',
    ]);
  });

  it('shows a formula without a cached value as its formula, with a warning, and skips a nested table', async () => {
    const nested = `<table:table-cell><table:table table:name="inner"><table:table-row>${cell('inner')}</table:table-row></table:table></table:table-cell>`;
    const bytes = await odsOf(
      `<table:table table:name="Calc"><table:table-row>${cell('Sum')}${nested}</table:table-row><table:table-row>${cell('3', 'office:value-type="float" office:value="3"')}<table:table-cell table:formula="of:=SUM([.A2])"/></table:table-row></table:table>`,
    );
    const { markdown, warnings } = await readSheet(bytes, ODS);
    expect(markdown).toBe(
      ['## Calc', '', '| Sum |              |', '| --- | ------------ |', '| 3   | =SUM(\\[.A2]) |', ''].join(
        '\n',
      ),
    );
    expect(warnings).toEqual([
      'formula_without_value: The sheet "Calc" has 1 formula cells without a cached value; their formula text is shown.',
    ]);
  });

  it('refuses an encrypted spreadsheet and a content.xml with a DTD', async () => {
    const encrypted = await odsOf(cell('x'), '<manifest:encryption-data/>');
    await expect(readSheet(encrypted, ODS)).rejects.toMatchObject({ code: 'encrypted_document' });
    const dtd = await zipOf({
      mimetype: ODS,
      'content.xml': '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>',
    });
    await expect(readSheet(dtd, ODS)).rejects.toMatchObject({ code: 'archive_unsafe' });
  });
});
