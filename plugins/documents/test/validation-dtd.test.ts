import { describe, expect, it } from 'vitest';
import { createDocumentsSource } from '../src/index.js';
import { doctypeOf } from '../src/internal/refuse-dtd.js';
import { writeEpubBook } from './cases/write-epub.js';
import { packageOf } from './cases/package-of.js';
import { writeXmlBombDocx } from './cases/write-hostile.js';
import { docxOf, p } from './support/docx-of.js';
import { writeTemp } from './support/read-document.js';
import { zipOf } from './support/zip-of.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ODT = 'application/vnd.oasis.opendocument.text';
const EPUB = 'application/epub+zip';
const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>';
const INTERNAL = '<!DOCTYPE root [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>';
const EXTERNAL =
  '<!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">';

const plugin = createDocumentsSource();

async function inspect(name: string, mediaType: string, bytes: Buffer) {
  const path = await writeTemp(name, bytes);
  return plugin.inspect?.({ name, mediaType, sizeBytes: bytes.length, path }, new AbortController().signal);
}

describe('upload validation refuses a DTD the readers would refuse (archive_unsafe)', () => {
  it('refuses a docx whose document part declares entities', async () => {
    expect(await inspect('bomb.docx', DOCX, await writeXmlBombDocx())).toMatchObject({
      ok: false,
      code: 'archive_unsafe',
      detail: 'The part word/document.xml declares a DTD, which is never read.',
    });
  });

  it('refuses an external DOCTYPE in any XML part of an Office package, after comments', async () => {
    const styles = `${PROLOG}<!-- styles -->\n<!DOCTYPE w:styles SYSTEM "styles.dtd"><w:styles/>`;
    const docx = await docxOf({ body: p('Text'), parts: { 'word/styles.xml': styles } });
    expect(await inspect('styles.docx', DOCX, docx)).toMatchObject({ ok: false, code: 'archive_unsafe' });
    const xlsx = await zipOf({
      '[Content_Types].xml': `${PROLOG}<Types/>`,
      'xl/worksheets/sheet1.xml': `${PROLOG}${INTERNAL}<worksheet/>`,
    });
    expect(await inspect('sheet.xlsx', XLSX, xlsx)).toMatchObject({
      ok: false,
      code: 'archive_unsafe',
      detail: expect.stringContaining('xl/worksheets/sheet1.xml') as string,
    });
  });

  it('refuses an OpenDocument part with a DOCTYPE', async () => {
    const odt = await packageOf(ODT, { 'content.xml': `${PROLOG}${INTERNAL}<office:document-content/>` });
    expect(await inspect('report.odt', ODT, odt)).toMatchObject({ ok: false, code: 'archive_unsafe' });
  });

  it('refuses an EPUB part with an internal subset, and accepts an external-only DOCTYPE as its readers do', async () => {
    const bomb = await packageOf(EPUB, { 'OEBPS/content.opf': `${PROLOG}${INTERNAL}<package/>` });
    expect(await inspect('bomb.epub', EPUB, bomb)).toMatchObject({ ok: false, code: 'archive_unsafe' });
    const ncx = await packageOf(EPUB, { 'OEBPS/toc.ncx': `${PROLOG}${EXTERNAL}<ncx/>` });
    expect(await inspect('ncx.epub', EPUB, ncx)).toMatchObject({ ok: true });
    expect(await inspect('book.epub', EPUB, await writeEpubBook())).toMatchObject({ ok: true });
  });
});

describe('doctypeOf', () => {
  it('reads the prolog: declaration, comments, a BOM, then a DOCTYPE or the root element', () => {
    expect(doctypeOf(`\uFEFF${PROLOG}<!-- a -->\n<root/>`)).toBe('none');
    expect(doctypeOf(`${PROLOG}<!-- a -->${INTERNAL}<root/>`)).toBe('internal');
    expect(doctypeOf(`${PROLOG}\n${EXTERNAL}<ncx/>`)).toBe('external');
    expect(doctypeOf(`${PROLOG}<?pi x?>${INTERNAL}<root/>`)).toBe('internal');
  });

  it('leaves undecided a beginning that ends inside the prolog', () => {
    expect(doctypeOf(`${PROLOG}<!-- a comment longer than what was read`)).toBeUndefined();
    expect(doctypeOf('<!DOCTYPE root SYSTEM "cut')).toBeUndefined();
  });
});
