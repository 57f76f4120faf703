import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import { withNamespaces } from './docx-of.js';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/></Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** One-word paragraphs (three words drawn by a seeded generator) until `bytes` are written, in 64 KB strings. */
function* paragraphs(bytes: number): Generator<string> {
  const words = ['alpha', 'beta', 'gamma'];
  let state = 1;
  let written = 0;
  while (written < bytes) {
    let chunk = '';
    while (chunk.length < 65_536) {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      chunk += `<w:p><w:r><w:t>${words[(state >>> 8) % 3] ?? ''}</w:t></w:r></w:p>`;
    }
    written += chunk.length;
    yield chunk;
  }
}

/**
 * A docx whose `word/document.xml` holds about `xmlBytes` of one-word paragraphs: it deflates
 * about 83:1, inside every package limit, and is the costliest shape to hold as a tree (an
 * element every 12 bytes). Streamed to `path`: a 480 MB part never sits in memory here.
 */
export async function writeInflatedDocx(path: string, xmlBytes: number): Promise<void> {
  const [open, close] = withNamespaces('w:document', '<w:body>|</w:body>').split('|');
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const written = pipeline(archive, createWriteStream(path));
  archive.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  archive.append(ROOT_RELS, { name: '_rels/.rels' });
  archive.append(
    Readable.from(
      (function* () {
        yield open ?? '';
        yield* paragraphs(xmlBytes);
        yield close ?? '';
      })(),
    ),
    { name: 'word/document.xml' },
  );
  await archive.finalize();
  await written;
}

const SHEET_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

/**
 * An xlsx of one sheet of `rows` rows (Excel's most is 1 048 576) and `columns` columns: the first
 * column a shared string of its own for every row (`sharedStrings.xml` as tall as the sheet), the
 * others numbers. Both parts are streamed into the zip.
 */
export async function writeTallXlsx(path: string, rows: number, columns: number): Promise<void> {
  const batched = (make: (row: number) => string, head: string, tail: string): Readable =>
    Readable.from(
      (function* () {
        yield head;
        for (let row = 1; row <= rows; row += 1000) {
          let chunk = '';
          for (let at = row; at < Math.min(row + 1000, rows + 1); at += 1) chunk += make(at);
          yield chunk;
        }
        yield tail;
      })(),
    );
  const cells = (row: number): string => {
    let out = `<c r="A${String(row)}" t="s"><v>${String(row - 1)}</v></c>`;
    for (let column = 1; column < columns; column += 1) out += `<c><v>${String(row * 31 + column)}</v></c>`;
    return `<row r="${String(row)}">${out}</row>`;
  };
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const written = pipeline(archive, createWriteStream(path));
  archive.append(SHEET_TYPES, { name: '[Content_Types].xml' });
  archive.append(ROOT_RELS.replace('word/document.xml', 'xl/workbook.xml'), { name: '_rels/.rels' });
  archive.append(
    `<?xml version="1.0" encoding="UTF-8"?><workbook ${SHEET_NS} xmlns:r="${RELS}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    { name: 'xl/workbook.xml' },
  );
  archive.append(
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    { name: 'xl/_rels/workbook.xml.rels' },
  );
  archive.append(
    batched(
      (row) => `<si><t>customer ${String(row)} of the ledger</t></si>`,
      `<?xml version="1.0" encoding="UTF-8"?><sst ${SHEET_NS} count="${String(rows)}" uniqueCount="${String(rows)}">`,
      '</sst>',
    ),
    { name: 'xl/sharedStrings.xml' },
  );
  archive.append(
    batched(
      cells,
      `<?xml version="1.0" encoding="UTF-8"?><worksheet ${SHEET_NS}><sheetData>`,
      '</sheetData></worksheet>',
    ),
    { name: 'xl/worksheets/sheet1.xml' },
  );
  await archive.finalize();
  await written;
}
