import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MEDIA_TYPES } from '../media-types.js';
import { checkMediaType } from './check-media-type.js';
import { sniffDocument } from './sniff-document.js';
import { sniffMediaType } from './sniff-media-type.js';

/** Zip local entries (what sniffing reads from a file's head); `stored` entries are not deflated. */
function zipHead(entries: [name: string, content: string, stored?: boolean][]): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content, stored] of entries) {
    const data = stored === true ? Buffer.from(content) : deflateRawSync(Buffer.from(content));
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(stored === true ? 0 : 8, 8);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(content.length, 22);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    parts.push(header, Buffer.from(name), data);
  }
  return Buffer.concat(parts);
}

function contentTypes(main: string): string {
  return `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="${main}"/></Types>`;
}

/** An OLE compound file whose directory (after the 512-byte header) holds these stream names. */
async function oleFile(streams: string[]): Promise<string> {
  const bytes = Buffer.alloc(512 + 128 * (streams.length + 1));
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  Buffer.from('Root Entry', 'utf16le').copy(bytes, 512);
  streams.forEach((name, index) => Buffer.from(name, 'utf16le').copy(bytes, 512 + 128 * (index + 1)));
  const path = join(await mkdtemp(join(tmpdir(), 'sniff-ole-')), 'file.bin');
  await writeFile(path, bytes);
  return path;
}

describe('sniffDocument', () => {
  it('tells OOXML packages apart by their main part content type', async () => {
    const cases: [string, string][] = [
      [
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        DOCUMENT_MEDIA_TYPES.docx,
      ],
      ['application/vnd.ms-word.document.macroEnabled.main+xml', DOCUMENT_MEDIA_TYPES.docm],
      [
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
        DOCUMENT_MEDIA_TYPES.xlsx,
      ],
      ['application/vnd.ms-excel.sheet.macroEnabled.main+xml', DOCUMENT_MEDIA_TYPES.xlsm],
      [
        'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
        DOCUMENT_MEDIA_TYPES.pptx,
      ],
      ['application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml', DOCUMENT_MEDIA_TYPES.pptm],
      [
        'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml',
        DOCUMENT_MEDIA_TYPES.dotx,
      ],
      ['application/vnd.ms-word.template.macroEnabledTemplate.main+xml', DOCUMENT_MEDIA_TYPES.dotm],
      [
        'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
        DOCUMENT_MEDIA_TYPES.xltx,
      ],
      ['application/vnd.ms-excel.template.macroEnabled.main+xml', DOCUMENT_MEDIA_TYPES.xltm],
      [
        'application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml',
        DOCUMENT_MEDIA_TYPES.ppsx,
      ],
      ['application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml', DOCUMENT_MEDIA_TYPES.ppsm],
      [
        'application/vnd.openxmlformats-officedocument.presentationml.template.main+xml',
        DOCUMENT_MEDIA_TYPES.potx,
      ],
      ['application/vnd.ms-powerpoint.template.macroEnabled.main+xml', DOCUMENT_MEDIA_TYPES.potm],
    ];
    for (const [main, mediaType] of cases) {
      const head = zipHead([
        ['[Content_Types].xml', contentTypes(main)],
        ['_rels/.rels', '<Relationships/>'],
      ]);
      expect(await sniffDocument(head), main).toMatchObject({ kind: 'document', mediaType });
    }
  });

  it('reads ODF (templates too) and EPUB from their first mimetype entry, and a plain zip as a zip', async () => {
    for (const type of [
      DOCUMENT_MEDIA_TYPES.odt,
      DOCUMENT_MEDIA_TYPES.ods,
      DOCUMENT_MEDIA_TYPES.odp,
      DOCUMENT_MEDIA_TYPES.ott,
      DOCUMENT_MEDIA_TYPES.ots,
      DOCUMENT_MEDIA_TYPES.otp,
      DOCUMENT_MEDIA_TYPES.epub,
    ]) {
      const head = zipHead([
        ['mimetype', type, true],
        ['content.xml', '<x/>'],
      ]);
      expect(await sniffDocument(head)).toMatchObject({ kind: 'document', mediaType: type });
    }
    expect(
      await sniffDocument(
        zipHead([
          ['src/index.ts', 'export {}'],
          ['README.md', '# hi'],
        ]),
      ),
    ).toEqual({ kind: 'zip' });
  });

  it('reads legacy Office and Outlook files by their OLE stream names, and EncryptedPackage as encrypted', async () => {
    const head = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await sniffDocument(head, await oleFile(['WordDocument', '1Table']))).toMatchObject({
      mediaType: DOCUMENT_MEDIA_TYPES.doc,
    });
    expect(await sniffDocument(head, await oleFile(['Workbook']))).toMatchObject({
      mediaType: DOCUMENT_MEDIA_TYPES.xls,
    });
    expect(await sniffDocument(head, await oleFile(['PowerPoint Document']))).toMatchObject({
      mediaType: DOCUMENT_MEDIA_TYPES.ppt,
    });
    expect(await sniffDocument(head, await oleFile(['__substg1.0_0037001F']))).toMatchObject({
      mediaType: DOCUMENT_MEDIA_TYPES.msg,
    });
    expect(await sniffDocument(head, await oleFile(['EncryptionInfo', 'EncryptedPackage']))).toEqual({
      kind: 'encrypted',
    });
  });
});

describe('checkMediaType with documents', () => {
  const docx = zipHead([
    [
      '[Content_Types].xml',
      contentTypes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
    ],
    ['word/document.xml', '<w:document/>'],
  ]);

  it('refuses a docx declared as a zip, naming what it really is', async () => {
    const check = await checkMediaType(docx, 'application/zip');
    expect(check).toMatchObject({ ok: false, code: 'media_type_mismatch' });
    expect(!check.ok && check.detail).toContain('a Word document');
  });

  it('refuses a workbook declared as a Word document, and passes a docm declared as docx with a warning', async () => {
    const xlsx = zipHead([
      [
        '[Content_Types].xml',
        contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
      ],
    ]);
    expect(await checkMediaType(xlsx, DOCUMENT_MEDIA_TYPES.docx)).toMatchObject({
      ok: false,
      code: 'media_type_mismatch',
    });
    const docm = zipHead([
      ['[Content_Types].xml', contentTypes('application/vnd.ms-word.document.macroEnabled.main+xml')],
    ]);
    const check = await checkMediaType(docm, DOCUMENT_MEDIA_TYPES.docx);
    expect(check).toMatchObject({ ok: true, sniffed: DOCUMENT_MEDIA_TYPES.docm });
    expect(check.ok && check.warnings[0]).toMatch(/^media_type_mismatch: /);
  });

  it('passes a slide show declared as one, and a template declared as its document with a warning', async () => {
    const ppsx = zipHead([
      [
        '[Content_Types].xml',
        contentTypes('application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml'),
      ],
    ]);
    expect(await checkMediaType(ppsx, DOCUMENT_MEDIA_TYPES.ppsx)).toMatchObject({ ok: true, warnings: [] });
    const ott = zipHead([
      ['mimetype', DOCUMENT_MEDIA_TYPES.ott, true],
      ['content.xml', '<x/>'],
    ]);
    const check = await checkMediaType(ott, DOCUMENT_MEDIA_TYPES.odt);
    expect(check).toMatchObject({ ok: true, sniffed: DOCUMENT_MEDIA_TYPES.ott });
    expect(check.ok && check.warnings[0]).toContain('an OpenDocument text template');
    expect(await checkMediaType(ott, DOCUMENT_MEDIA_TYPES.ods)).toMatchObject({
      ok: false,
      code: 'media_type_mismatch',
    });
  });

  it('passes a docx declared as one, and refuses an encrypted one as encrypted_document', async () => {
    expect(await checkMediaType(docx, DOCUMENT_MEDIA_TYPES.docx)).toMatchObject({ ok: true, warnings: [] });
    const path = await oleFile(['EncryptionInfo', 'EncryptedPackage']);
    const head = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await checkMediaType(head, DOCUMENT_MEDIA_TYPES.docx, false, path)).toMatchObject({
      ok: false,
      code: 'encrypted_document',
    });
  });

  it('sniffMediaType names the document, not a zip', async () => {
    expect(await sniffMediaType(docx)).toBe(DOCUMENT_MEDIA_TYPES.docx);
  });
});

describe('checkMediaType with XML vocabularies', () => {
  const rss = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>t</title></channel></rss>',
  );

  it('passes an RSS or Atom feed declared as such, though file-type names it application/xml', async () => {
    expect(await checkMediaType(rss, 'application/rss+xml', true)).toEqual({
      ok: true,
      warnings: [],
      sniffed: 'application/rss+xml',
    });
    expect(await checkMediaType(rss, 'application/atom+xml', true)).toMatchObject({ ok: true, warnings: [] });
  });

  it('still refuses XML declared as a binary type', async () => {
    expect(await checkMediaType(rss, 'application/pdf', true)).toMatchObject({
      ok: false,
      code: 'media_type_mismatch',
    });
  });
});
