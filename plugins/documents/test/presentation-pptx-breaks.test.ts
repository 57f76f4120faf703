import { describe, expect, it } from 'vitest';
import { readPptx } from '../src/presentation/read-pptx.js';
import { handPptx, textShape } from './support/hand-pptx.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
/** Runs split by a line break (`<a:br/>`) inside one paragraph, as PowerPoint writes Shift+Enter. */
const broken = (first: string, second: string) => `${first}</a:t></a:r><a:br/><a:r><a:t>${second}`;

const cell = (text: string) =>
  `<a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>${text}</a:t></a:r></a:p></a:txBody></a:tc>`;
const TABLE =
  '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="5" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>' +
  '<p:xfrm><a:off x="0" y="3000000"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table">' +
  `<a:tbl><a:tblGrid><a:gridCol w="100"/><a:gridCol w="100"/></a:tblGrid><a:tr h="10">${cell('Library')}${cell('Notes')}</a:tr>` +
  `<a:tr h="10">${cell(broken('X-Library', 'The fully typed one'))}${cell('fast')}</a:tr></a:tbl>` +
  '</a:graphicData></a:graphic></p:graphicFrame>';

describe('pptx line breaks and slide titles', () => {
  it('keeps a line break between runs in a title, a text frame and a table cell', async () => {
    const deck = await handPptx([
      {
        shapes:
          textShape(broken('X-Library', 'The fully typed one'), 0, 0, 'type="title"') +
          textShape(broken('First line', 'second line'), 0, 1_000_000) +
          TABLE,
      },
    ]);
    const markdown = markdownOf((await readBytes(readPptx, deck, 'd.pptx', PPTX)).document.root);
    expect(markdown).toBe(
      [
        '## X-Library The fully typed one',
        '',
        'First line\\',
        'second line',
        '',
        '| Library                       | Notes |',
        '| ----------------------------- | ----- |',
        '| X-Library The fully typed one | fast  |',
        '',
      ].join('\n'),
    );
    expect(markdown).not.toContain('X-LibraryThe');
  });
});
