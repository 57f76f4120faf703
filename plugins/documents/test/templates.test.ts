import { stat } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine, DOCUMENT_MEDIA_TYPES, mediaTypeFromName } from '@transmute/engine';
import { createDocumentsSource } from '../src/index.js';
import { docxOf, p } from './support/docx-of.js';
import { writeTemp } from './support/read-document.js';
import { zipOf } from './support/zip-of.js';

const ODF_TEXT = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
].join(' ');

/** An OpenDocument text package whose `mimetype` entry says `mimetype`: a document or a template. */
function openDocumentText(mimetype: string): Promise<Buffer> {
  return zipOf({
    mimetype,
    'content.xml': `<?xml version="1.0"?><office:document-content ${ODF_TEXT}><office:body><office:text><text:h text:outline-level="1">Letter</text:h><text:p>Dear reader, this is the template's text.</text:p></office:text></office:body></office:document-content>`,
  });
}

/** A Word package whose main part is declared a template (`.dotx`), as Word writes one. */
function wordTemplate(): Promise<Buffer> {
  return docxOf({
    body: p('Memo') + p('Fill in the memo here.'),
    parts: {
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml"/></Types>',
    },
  });
}

describe('templates are read as the documents they hold', () => {
  const engine = createEngine({ plugins: [createDocumentsSource()] });
  afterAll(() => engine.close());

  async function prepare(name: string, bytes: Buffer, mediaType = mediaTypeFromName(name)) {
    const path = await writeTemp(name, bytes);
    return engine.prepare({
      type: 'files',
      files: [
        {
          name,
          mediaType: mediaType ?? 'application/octet-stream',
          sizeBytes: (await stat(path)).size,
          path,
        },
      ],
    });
  }

  it('reads an OpenDocument text template (.ott) as its text, not as a zip of XML files', async () => {
    expect(mediaTypeFromName('letter.ott')).toBe(DOCUMENT_MEDIA_TYPES.ott);
    const { document } = await prepare('letter.ott', await openDocumentText(DOCUMENT_MEDIA_TYPES.ott));
    expect(document.text).toContain("Dear reader, this is the template's text.");
    expect(document.text).not.toContain('content.xml');
    expect(document.warnings).toEqual([]);
  });

  it('reads a Word template declared as one, and one declared a docx with a warning', async () => {
    const bytes = await wordTemplate();
    const declared = await prepare('memo.dotx', bytes);
    expect(declared.document.text).toContain('Fill in the memo here.');
    expect(declared.document.warnings).toEqual([]);
    const asDocx = await prepare('memo.docx', bytes);
    expect(asDocx.document.text).toContain('Fill in the memo here.');
    expect(asDocx.document.warnings.join('\n')).toContain('a Word template');
  });

  it('still refuses a template declared as another family', async () => {
    await expect(
      prepare('letter.ods', await openDocumentText(DOCUMENT_MEDIA_TYPES.ott)),
    ).rejects.toMatchObject({ code: 'media_type_mismatch' });
  });
});
