import pptxgenjs from 'pptxgenjs';

// pptxgenjs runs as ESM (its default export is the class) but is typed as CommonJS.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;

/**
 * A deck as PowerPoint's own layouts make it: a title and a body placeholder on every slide, the
 * body's bullets at three levels (the bullets inherited from the placeholder, none written on the
 * runs), a paragraph with a line break in it, a table, a free text box, and speaker notes.
 */
export async function writeStructurePptx(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.title = 'Queen rearing';
  pptx.author = 'Ana Lima';
  pptx.defineSlideMaster({
    title: 'TITLE_AND_BODY',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.2, w: 9, h: 1 }, text: '' } },
      { placeholder: { options: { name: 'body', type: 'body', x: 0.5, y: 1.4, w: 9, h: 3.8 }, text: '' } },
    ],
  });

  const cover = pptx.addSlide({ masterName: 'TITLE_AND_BODY' });
  cover.addText('Queen rearing', { placeholder: 'title' });
  cover.addText(
    [
      { text: 'A season in the breeding apiary', options: { breakLine: false } },
      { text: 'Spring 2026', options: { softBreakBefore: true } },
    ],
    { placeholder: 'body' },
  );
  cover.addNotes('Start with the calendar handout.');

  const method = pptx.addSlide({ masterName: 'TITLE_AND_BODY' });
  method.addText('Grafting', { placeholder: 'title' });
  method.addText(
    [
      { text: 'Pick a breeder colony', options: { bullet: true, breakLine: true } },
      { text: 'Calm and productive', options: { bullet: true, indentLevel: 1, breakLine: true } },
      { text: 'No chalkbrood', options: { bullet: true, indentLevel: 1, breakLine: true } },
      { text: 'Checked over two seasons', options: { bullet: true, indentLevel: 2, breakLine: true } },
      { text: 'Graft larvae under a day old', options: { bullet: true, breakLine: true } },
      { text: 'Move the bar to a starter', options: { bullet: true } },
    ],
    { placeholder: 'body' },
  );
  method.addNotes('Show the grafting tool.');

  const calendar = pptx.addSlide({ masterName: 'TITLE_AND_BODY' });
  calendar.addText('Calendar', { placeholder: 'title' });
  calendar.addTable(
    [
      [{ text: 'Day' }, { text: 'Step' }],
      [{ text: '0' }, { text: 'Graft' }],
      [{ text: '10' }, { text: 'Cells to mating nuclei' }],
      [{ text: '24' }, { text: 'Check for eggs' }],
    ],
    { x: 0.5, y: 1.4, w: 5 },
  );
  calendar.addText(
    [
      { text: 'Day 16: virgin queens emerge', options: { breakLine: false } },
      { text: 'keep the cells caged', options: { softBreakBefore: true } },
    ],
    { x: 6, y: 1.4, w: 3.5, h: 1.5 },
  );
  return Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as ArrayBuffer);
}
