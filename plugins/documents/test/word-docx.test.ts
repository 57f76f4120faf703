import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentsSource } from '../src/index.js';
import { docxOf, p } from './support/docx-of.js';
import { extractBytes, toMarkdown } from './support/read-document.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const plugin = createDocumentsSource();
afterAll(() => plugin.close?.());

async function markdownOf(parts: Parameters<typeof docxOf>[0]): Promise<string> {
  const document = await extractBytes(plugin, 'test.docx', DOCX, await docxOf(parts));
  return toMarkdown(document.root);
}

const HEADING_STYLES = `
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Custom"><w:name w:val="My Section"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Derived"><w:name w:val="Derived"/><w:basedOn w:val="Custom"/></w:style>
<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="character" w:styleId="CodeChar"><w:name w:val="Inline Code"/></w:style>`;

describe('docx', () => {
  it('reads headings from style names, outline levels and inherited styles', async () => {
    const body = [
      p('Report', 'Heading1'),
      p('Intro', 'Heading2'),
      p('Deep', 'Custom'),
      p('Deeper', 'Derived'),
      p('Text.', 'Normal'),
    ].join('');
    expect(await markdownOf({ body, styles: HEADING_STYLES })).toBe(
      '# Report\n\n## Intro\n\n### Deep\n\n### Deeper\n\nText.\n',
    );
  });

  it('keeps bold, italic and code runs, merging neighbouring runs', async () => {
    const body =
      '<w:p><w:r><w:t xml:space="preserve">Plain </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">bold </w:t></w:r>' +
      '<w:r><w:rPr><w:b/></w:rPr><w:t>text</w:t></w:r><w:r><w:t xml:space="preserve">, </w:t></w:r>' +
      '<w:r><w:rPr><w:i/></w:rPr><w:t>italic</w:t></w:r><w:r><w:t xml:space="preserve"> and </w:t></w:r>' +
      '<w:r><w:rPr><w:rStyle w:val="CodeChar"/></w:rPr><w:t>npm test</w:t></w:r><w:r><w:rPr><w:b w:val="0"/></w:rPr><w:t>.</w:t></w:r></w:p>';
    expect(await markdownOf({ body, styles: HEADING_STYLES })).toBe(
      'Plain **bold text**, _italic_ and `npm test`.\n',
    );
  });
});
