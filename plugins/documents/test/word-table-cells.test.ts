import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDocx } from '../src/word/read-docx.js';
import { readOdt } from '../src/word/read-odt.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

// LibreOffice's docx and odt of fixtures/documents-tables/source.html.
const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/documents-tables/${name}`, import.meta.url));
const readers = {
  docx: {
    reader: readDocx,
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  odt: { reader: readOdt, mediaType: 'application/vnd.oasis.opendocument.text' },
};

describe.each(Object.entries(readers))(
  '%s table cells holding blocks',
  (extension, { reader, mediaType }) => {
    const read = async () => {
      const { document } = await readBytes(
        reader,
        fixture(`source.${extension}`),
        `source.${extension}`,
        mediaType,
      );
      return {
        markdown: markdownOf(document.root),
        tables: document.root.children.filter((block) => block.type === 'table' || block.type === 'html'),
      };
    };

    it('keeps each paragraph of a cell apart: <br> in a GFM cell, and as separate words in the typed table', async () => {
      const { markdown, tables } = await read();
      expect(markdown).toContain('| Tab1<br>Tab2<br>Tab3 | First line.<br>Second line. |');
      expect(markdown).not.toContain('Tab1Tab2');
      expect(tables[0]?.data?.table?.rows).toEqual([['Tab1 Tab2 Tab3', 'First line. Second line.']]);
    });

    it('keeps a table nested in a cell as a table, the outer one written as HTML', async () => {
      const { markdown, tables } = await read();
      expect(tables[1]?.type).toBe('html');
      expect(markdown).toContain(
        '<tr><td>Before</td><td>Inner table:<br><table><tr><th>A</th><th>B</th><th>C</th></tr><tr><td>D</td><td>E</td><td>F</td></tr></table></td></tr>',
      );
      expect(markdown).not.toContain('ABCDEF');
    });
  },
);
