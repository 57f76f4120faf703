import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet, XLSX } from './spreadsheet-support.js';
import { zipOf } from './support/zip-of.js';

async function xlsxOf(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ada Lovelace';
  workbook.title = 'Quarterly figures';
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A hand-written one-sheet package: sheet XML, optional shared strings and styles. */
function handWritten(sheet: string, parts: { strings?: string; styles?: string; date1904?: boolean } = {}) {
  const rels = [`<Relationship Id="rId1" Type="${R}/worksheet" Target="worksheets/sheet1.xml"/>`];
  if (parts.strings !== undefined)
    rels.push(`<Relationship Id="rId2" Type="${R}/sharedStrings" Target="sharedStrings.xml"/>`);
  if (parts.styles !== undefined)
    rels.push(`<Relationship Id="rId3" Type="${R}/styles" Target="styles.xml"/>`);
  const entries: Record<string, string> = {
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': ROOT_RELS,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${R}"><workbookPr${parts.date1904 === true ? ' date1904="1"' : ''}/><sheets><sheet name="Hand" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    'xl/worksheets/sheet1.xml': sheet,
  };
  if (parts.strings !== undefined) entries['xl/sharedStrings.xml'] = parts.strings;
  if (parts.styles !== undefined) entries['xl/styles.xml'] = parts.styles;
  return zipOf(entries);
}

const SHEET_OPEN =
  '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

describe('xlsx', () => {
  it('reads every visible sheet in order with displayed values, merges as HTML, hidden sheets skipped', async () => {
    const bytes = await xlsxOf((workbook) => {
      const sales = workbook.addWorksheet('Sales');
      sales.addRow([]);
      sales.addRow([undefined, 'Item', 'Share', 'Price', 'Date', 'Total']);
      const row = sales.addRow([
        undefined,
        'Tea',
        0.125,
        1234.5,
        new Date(Date.UTC(2024, 2, 1)),
        { formula: 'D3*2', result: 2469 },
      ]);
      row.getCell(3).numFmt = '0.0%';
      row.getCell(4).numFmt = '"$"#,##0.00';
      row.getCell(5).numFmt = 'yyyy-mm-dd';
      row.getCell(6).numFmt = '#,##0';
      const secret = workbook.addWorksheet('Secret', { state: 'hidden' });
      secret.addRow(['hidden value']);
      const merged = workbook.addWorksheet('Merged');
      merged.addRow(['Region', undefined, 'Q1']);
      merged.addRow(['North', 'East', 5]);
      merged.mergeCells('A1:B1');
    });
    const { document, markdown, warnings } = await readSheet(bytes, XLSX);
    expect(markdown).toBe(
      [
        '## Sales',
        '',
        '| Item | Share | Price     | Date       | Total |',
        '| ---- | ----- | --------- | ---------- | ----- |',
        '| Tea  | 12.5% | $1,234.50 | 2024-03-01 | 2,469 |',
        '',
        '## Merged',
        '',
        '<table>',
        '<tr><th colspan="2">Region</th><th>Q1</th></tr>',
        '<tr><td>North</td><td>East</td><td>5</td></tr>',
        '</table>',
        '',
      ].join('\n'),
    );
    expect(warnings).toEqual(['sheet_hidden: The sheet "Secret" is hidden and was skipped.']);
    expect(document.metadata).toEqual({ title: 'Quarterly figures', author: 'Ada Lovelace' });
    const table = document.root.children.find((block) => block.type === 'table');
    expect(table?.data).toEqual({
      provenance: { sheet: 'Sales', cellRange: 'B2:F3' },
      table: {
        columns: ['Item', 'Share', 'Price', 'Date', 'Total'],
        rows: [['Tea', 0.125, 1234.5, '2024-03-01', 2469]],
        origin: 'xlsx',
      },
    });
  });

  it('reads rich shared strings, inline strings, 1904 dates, booleans, errors and a formula without a cached value', async () => {
    const strings = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Name</t></si><si><r><rPr><b/></rPr><t>Bold</t></r><r><t xml:space="preserve"> and plain</t></r><rPh><t>ignored</t></rPh></si></sst>`;
    const styles = `<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="d mmm yyyy"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="10"/></cellXfs></styleSheet>`;
    const sheet = `${SHEET_OPEN}<sheetData>
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Inline</t></is></c><c r="C1" t="s"><v>1</v></c></row>
      <row r="2"><c r="A2" s="1"><v>0</v></c><c r="B2" t="b"><v>1</v></c><c r="C2" t="e"><v>#DIV/0!</v></c></row>
      <row r="3"><c r="A3" s="2"><v>0.5</v></c><c r="B3"><f>SUM(A1:A2)</f></c><c r="C3" t="str"><f>"x"</f><v>x</v></c></row>
    </sheetData></worksheet>`;
    const { markdown, warnings } = await readSheet(
      await handWritten(sheet, { strings, styles, date1904: true }),
      XLSX,
    );
    expect(markdown).toBe(
      [
        '## Hand',
        '',
        '| Name       | Inline      | Bold and plain |',
        '| ---------- | ----------- | -------------- |',
        '| 1 Jan 1904 | TRUE        | #DIV/0!        |',
        '| 50.00%     | =SUM(A1:A2) | x              |',
        '',
      ].join('\n'),
    );
    expect(warnings).toEqual([
      'formula_without_value: The sheet "Hand" has 1 formula cells without a cached value; their formula text is shown.',
    ]);
  });

  it('refuses a worksheet that declares a DTD as archive_unsafe', async () => {
    const sheet = `<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaa">]><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&a;</t></is></c></row></sheetData></worksheet>`;
    await expect(readSheet(await handWritten(sheet), XLSX)).rejects.toMatchObject({ code: 'archive_unsafe' });
  });

  it('fails an empty workbook with empty_content and a truncated one with corrupt_file', async () => {
    const empty = await handWritten(`${SHEET_OPEN}<sheetData/></worksheet>`);
    await expect(readSheet(empty, XLSX)).rejects.toMatchObject({ code: 'empty_content' });
    const whole = await xlsxOf((workbook) => workbook.addWorksheet('A').addRow(['x']));
    await expect(readSheet(whole.subarray(0, whole.length - 40), XLSX)).rejects.toMatchObject({
      code: 'corrupt_file',
    });
  });

  it('refuses an OOXML workbook wrapped in an OLE compound file holding EncryptedPackage (password-encrypted) as encrypted_document, another OLE file as corrupt_file', async () => {
    const compound = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
    await expect(readSheet(compound, XLSX)).rejects.toMatchObject({ code: 'corrupt_file' });
    Buffer.from('EncryptedPackage', 'utf16le').copy(compound, 100);
    await expect(readSheet(compound, XLSX)).rejects.toMatchObject({ code: 'encrypted_document' });
  });

  it('stops at maximum_cells (whole rows only) and names the sheets it did not read', async () => {
    const bytes = await xlsxOf((workbook) => {
      const first = workbook.addWorksheet('First');
      for (let index = 0; index < 5; index += 1) first.addRow(['a', 'b', 'c']);
      workbook.addWorksheet('Second').addRow(['never']);
      workbook.addWorksheet('Third').addRow(['never']);
    });
    const { markdown, warnings } = await readSheet(bytes, XLSX, { maximum_cells: 7 });
    expect(markdown).toBe(['## First', '', '| a | b | c |', '| - | - | - |', '| a | b | c |', ''].join('\n'));
    expect(warnings).toEqual([
      'sheet_truncated: The workbook reached its limits (maximum_rows 100000, maximum_cells 7); 3 more rows with values in "First" were left out; the sheets "Second", "Third" were not read.',
    ]);
  });

  it('stops a 200,000-row sheet at maximum_rows, saying how many rows were left out, and keeps no more rows', async () => {
    const rows: string[] = [];
    for (let index = 1; index <= 200_000; index += 1) {
      rows.push(
        `<row r="${String(index)}"><c r="A${String(index)}"><v>${String(index)}</v></c><c r="B${String(index)}" t="inlineStr"><is><t>row ${String(index)}</t></is></c></row>`,
      );
    }
    const bytes = await handWritten(`${SHEET_OPEN}<sheetData>${rows.join('')}</sheetData></worksheet>`);
    const { document, warnings } = await readSheet(bytes, XLSX, { maximum_rows: 1000 });
    expect(warnings).toEqual([
      'sheet_truncated: The workbook reached its limits (maximum_rows 1000, maximum_cells 2000000); 199000 more rows with values in "Hand" were left out.',
    ]);
    const table = document.root.children.find((block) => block.type === 'table');
    expect(table?.data?.provenance).toEqual({ sheet: 'Hand', cellRange: 'A1:B1000' });
    expect(table?.data?.table?.rows).toHaveLength(999);
  });
});
