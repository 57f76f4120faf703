import { describe, expect, it } from 'vitest';
import { workerMemoryOf } from '../src/internal/worker-memory.js';
import { readSheet, XLSX } from './spreadsheet-support.js';
import { zipOf } from './support/zip-of.js';

const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A one-sheet workbook ("Tall") of `rows` rows × 2 columns of inline strings. */
function tallWorkbook(rows: number): Promise<Buffer> {
  const cells: string[] = [];
  for (let row = 1; row <= rows; row += 1)
    cells.push(
      `<row r="${String(row)}"><c r="A${String(row)}"><v>${String(row)}</v></c><c r="B${String(row)}" t="inlineStr"><is><t>row ${String(row)}</t></is></c></row>`,
    );
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${R}"><sheets><sheet name="Tall" sheetId="1" r:id="rId1"/><sheet name="After" sheetId="2" r:id="rId2"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${R}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells.join('')}</sheetData></worksheet>`,
    'xl/worksheets/sheet2.xml':
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>never</t></is></c></row></sheetData></worksheet>',
  });
}

describe('the cell budget derived from worker_max_heap_mb', () => {
  it('cuts a sheet past the cells whose document fits the bound, saying which rows were kept and what was dropped', async () => {
    const { documentCells } = workerMemoryOf(64);
    const keptRows = Math.floor(documentCells / 2);
    const { document, warnings } = await readSheet(await tallWorkbook(keptRows + 200), XLSX, {
      worker_max_heap_mb: 64,
    });
    expect(warnings).toEqual([
      `sheet_truncated: The workbook is larger than the parsing worker's memory holds (worker_max_heap_mb 64 holds ${String(documentCells)} cells; maximum_cells 2000000); "Tall" was cut after its row ${String(keptRows)} (rows 1-${String(keptRows)} kept); 200 more rows with values in "Tall" were left out; the sheets "After" were not read.`,
    ]);
    const table = document.root.children[1];
    expect(table?.data?.provenance).toEqual({ sheet: 'Tall', cellRange: `A1:B${String(keptRows)}` });
    expect(table?.data?.table?.rows).toHaveLength(keptRows - 1);
  });

  it('keeps a workbook within the budget whole, without a warning', async () => {
    const { documentCells } = workerMemoryOf(64);
    const rows = Math.floor(documentCells / 2) - 1;
    const { document, warnings } = await readSheet(await tallWorkbook(rows), XLSX, {
      worker_max_heap_mb: 64,
    });
    expect(warnings).toEqual([]);
    expect(document.root.children[1]?.data?.table?.rows).toHaveLength(rows - 1);
  });

  it('at the default bound holds fewer cells than the default maximum_cells, so the 2 M-cell document is never built', () => {
    expect(workerMemoryOf().documentCells).toBeLessThan(2_000_000);
    expect(workerMemoryOf().documentCells).toBeGreaterThan(1_000_000);
  });
});
