import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPptx } from '../src/presentation/read-pptx.js';
import { handPptx, textShape } from './support/hand-pptx.js';
import type { HandSlide } from './support/hand-pptx.js';
import { readWith } from './support/presentation-markdown.js';

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** A free text box at (0, y) EMU whose runs are set in `size` hundredths of a point. */
function sizedBox(paragraphs: string[], y: number, size: number, bullet = ''): string {
  const runs = paragraphs
    .map((text) => `<a:p>${bullet}<a:r><a:rPr sz="${String(size)}"/><a:t>${text}</a:t></a:r></a:p>`)
    .join('');
  return (
    '<p:sp><p:nvSpPr><p:cNvPr id="9" name="t"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>' +
    `<p:spPr><a:xfrm><a:off x="0" y="${String(y)}"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr>` +
    `<p:txBody><a:bodyPr/>${runs}</p:txBody></p:sp>`
  );
}

describe('a slide heading is the title a reader sees', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pptx-titles-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const deck = async (name: string, slides: HandSlide[]) => {
    const path = join(dir, name);
    await writeFile(path, await handPptx(slides));
    return (await readWith(readPptx, path, PPTX)).markdown;
  };

  it('takes, in a LibreOffice deck of text boxes, the topmost box in the largest size when it is short', async () => {
    // fixtures/documents-structure/text-box-titles.pptx: LibreOffice 7.4 from text-box-titles.fodp,
    // where no frame is a placeholder once exported (a `presentation:class="title"` frame included).
    const path = fileURLToPath(
      new URL('../../../fixtures/documents-structure/text-box-titles.pptx', import.meta.url),
    );
    const { markdown, document } = await readWith(readPptx, path, PPTX);
    expect(markdown.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      // All text in one size: the top box, short, is the title.
      '## Title by class',
      // A 12 pt label above a 36 pt line: the larger line is the title, the label stays content.
      '## Winter losses',
      // One long paragraph: no title.
      '## Slide 3',
      // The largest text is a list item: a list is content.
      '## Slide 4',
      // A two-line title (a line break) below nothing, placed after a smaller box in the file.
      '## Queen cells ready to move',
    ]);
    expect(markdown).toContain('## Winter losses\n\nDraft\n\nTwo colonies died in February.');
    expect(markdown).not.toContain('\nWinter losses\n');
    expect(
      document.root.children
        .filter((block) => block.type === 'heading')
        .map((block) => block.data?.provenance?.slide),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  it('prefers the title placeholder to a larger text box', async () => {
    const markdown = await deck('placeholder.pptx', [
      { shapes: sizedBox(['Big banner'], 0, 6000) + textShape('Agenda', 0, 2_000_000, 'type="title"') },
    ]);
    expect(markdown).toBe('## Agenda\n\nBig banner\n');
  });

  it('keeps Slide N for a slide whose largest text is long or more than two lines, and for a slide of a table only', async () => {
    const long = 'A sentence that runs on well past the length of any heading a slide would show, '.repeat(2);
    const markdown = await deck('untitled.pptx', [
      { shapes: sizedBox([long], 0, 2400) + sizedBox(['small print'], 2_000_000, 1200) },
      { shapes: sizedBox(['One', 'Two', 'Three'], 0, 2400) },
      { shapes: sizedBox(['Point one', 'Point two'], 0, 2400, '<a:pPr><a:buChar char="•"/></a:pPr>') },
    ]);
    expect(markdown.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '## Slide 1',
      '## Slide 2',
      '## Slide 3',
    ]);
    expect(markdown).toContain('small print');
  });

  it('reads a size from the box’s list style when its runs set none', async () => {
    const styled =
      '<p:sp><p:nvSpPr><p:cNvPr id="9" name="t"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>' +
      '<p:spPr><a:xfrm><a:off x="0" y="3000000"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr>' +
      '<p:txBody><a:bodyPr/><a:lstStyle><a:lvl1pPr><a:defRPr sz="4000"/></a:lvl1pPr></a:lstStyle>' +
      '<a:p><a:r><a:t>Styled heading</a:t></a:r></a:p></p:txBody></p:sp>';
    const markdown = await deck('styled.pptx', [{ shapes: sizedBox(['Caption'], 0, 1800) + styled }]);
    expect(markdown).toBe('## Styled heading\n\nCaption\n');
  });
});
