import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readRtf } from '../src/word/read-rtf.js';
import { createDocumentsSource } from '../src/index.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes, type ReadResult } from './support/read-bytes.js';
import { extractBytes, writeTemp } from './support/read-document.js';
import { rtfOf, type RtfHeader } from './support/rtf-of.js';
import { writeRtfReport } from './cases/write-rtf.js';

const RTF = 'application/rtf';
const FIXTURES = fileURLToPath(new URL('../../../fixtures/documents/', import.meta.url));

async function read(bytes: Buffer | string): Promise<ReadResult & { markdown: string }> {
  const result = await readBytes(readRtf, bytes, 'test.rtf', RTF);
  return { ...result, markdown: markdownOf(result.document.root) };
}

async function markdown(body: string, header?: RtfHeader): Promise<string> {
  return (await read(rtfOf(body, header))).markdown;
}

const LISTS =
  String.raw`{\*\listtable` +
  String.raw`{\list\listtemplateid1\listhybrid` +
  String.raw`{\listlevel\levelnfc23\levelnfcn23\leveljc0\levelstartat1{\leveltext\'01\u-3913 ?;}{\levelnumbers;}\f3\fi-360\li720}` +
  String.raw`{\listlevel\levelnfc0\levelnfcn0\leveljc0\levelstartat1{\leveltext\'02\'01.;}{\levelnumbers\'01;}\fi-360\li1440}` +
  String.raw`{\listname ;}\listid100}` +
  String.raw`{\list\listtemplateid2{\listlevel\levelnfc4\levelstartat3{\leveltext\'02\'00.;}{\levelnumbers\'01;}}\listid200}}` +
  String.raw`{\*\listoverridetable{\listoverride\listid100\listoverridecount0\ls1}{\listoverride\listid200\listoverridecount0\ls2}}`;

describe('rtf text', () => {
  it('reads headings from styles and outline levels, and bold, italic and strike runs', async () => {
    const body =
      String.raw`\pard\plain\s1 Harvest report\par` +
      String.raw`\pard\plain\s2 Spring\par` +
      String.raw`\pard\plain\outlinelevel2 Deep notes\par` +
      String.raw`\pard\plain Plain {\b bold} and \i italic\i0 , {\strike gone} {\b\i both}.\par`;
    expect(await markdown(body)).toBe(
      '# Harvest report\n\n## Spring\n\n### Deep notes\n\nPlain **bold** and *italic*, ~~gone~~ **_both_**.\n',
    );
  });

  it('reads text in a monospace font as code, as docx does', async () => {
    const fonts = String.raw`{\f0\froman\fcharset0 Times New Roman;}{\f1\fmodern\fcharset0\fprq1{\*\panose 02070309020205020404}Courier New;}`;
    const body = String.raw`\pard Run {\f1 npm test} now, then \f1 make\plain  done.\par`;
    expect(await markdown(body, { fonts })).toBe('Run `npm test` now, then `make` done.\n');
  });

  it('reads consecutive paragraphs in a code style as one code block', async () => {
    const styles = String.raw`{\ql Normal;}{\s20\ql\f1 Preformatted Text;}`;
    const body = String.raw`\pard\s20 npm install\par\pard\s20   npm test\par\pard\s0 Done.\par`;
    expect(await markdown(body, { styles })).toBe('```\nnpm install\n  npm test\n```\n\nDone.\n');
  });

  it('decodes Windows-1252 bytes, \\u escapes with their fallback skipped, and surrogate pairs', async () => {
    const body =
      String.raw`\pard Caf\'e9 cr\'e8me \'93quoted\'94 \u8364?5\par` +
      String.raw`\pard {\uc2\u26085\'93\'fa} and \u-10179?\u-8704? {\uc0\u233}t\'e9\par`;
    expect(await markdown(body)).toBe('Café crème “quoted” €5\n\n日 and 😀 été\n');
  });

  it('decodes a Shift-JIS document through \\ansicpg932', async () => {
    const body = String.raw`\pard\'93\'fa\'96\'7b\'8c\'ea\'82\'c5\'82\'b7\'81\'42\par`;
    expect(await markdown(body, { codePage: 932, fonts: String.raw`{\f0\fnil MS Mincho;}` })).toBe(
      '日本語です。\n',
    );
  });

  it('decodes a long Shift-JIS run in bounded steps without splitting a character', async () => {
    // One ASCII byte first: the 65,536-byte step then ends inside a two-byte character.
    const body = `\\pard a${"\\'93\\'fa".repeat(40_000)}x${"\\'96\\'7b".repeat(3)}\\par`;
    const text = await markdown(body, { codePage: 932, fonts: String.raw`{\f0\fnil MS Mincho;}` });
    expect(text).toBe(`a${'日'.repeat(40_000)}x本本本\n`);
  });

  it('switches code page with a font whose \\fcharset selects another one', async () => {
    const fonts = String.raw`{\f0\froman\fcharset0 Times;}{\f1\fswiss\fcharset204 Arial Cyr;}{\f2\fnil\fcharset128 MS Gothic;}`;
    const body = String.raw`\pard Hello {\f1 \'cf\'f0\'e8\'e2\'e5\'f2} caf\'e9 {\f2 \'93\'fa\'96\'7b}\par`;
    expect(await markdown(body, { fonts })).toBe('Hello Привет café 日本\n');
  });

  it('reads control symbols and special characters', async () => {
    const body = String.raw`\pard A\~B co\-operate well\_known\tab x\line next\emdash end \{braces\} \\ \lquote q\rquote\par`;
    expect(await markdown(body)).toBe('A\u00a0B cooperate well-known x\\\nnext—end {braces} \\ ‘q’\n');
  });

  it('leaves out headers, footers, document tables, unknown \\* destinations and hidden text', async () => {
    const body =
      String.raw`{\header\pard\plain Confidential header text\par}{\footer\pard Footer text\par}` +
      String.raw`{\*\unknownthing secret words}{\*\bkmkstart b1}{\*\bkmkend b1}` +
      String.raw`\pard Visible{\v  hidden words} text.\par`;
    const result = await read(
      rtfOf(body, {
        info: String.raw`{\upr{\title Harvest ete}{\*\ud{\title Harvest \u233?t\'e9}}}{\author Ana Lima}{\operator Op}{\creatim\yr2026\mo11}`,
      }),
    );
    expect(result.markdown).toBe('Visible text.\n');
    expect(result.document.metadata).toMatchObject({ title: 'Harvest été', author: 'Ana Lima' });
    for (const word of ['Confidential', 'Footer', 'secret', 'Times', 'Normal', 'heading', 'Hand', 'Op'])
      expect(result.markdown).not.toContain(word);
  });

  it('reads hyperlink fields as links and other fields as their result', async () => {
    const body =
      String.raw`\pard See {\field{\*\fldinst{HYPERLINK "https://example.com/honey"}}{\fldrslt{\ul\cf2 the guide}}}.\par` +
      String.raw`\pard Jump {\field{\*\fldinst HYPERLINK \\l "part2"}{\fldrslt below}} or page {\field{\*\fldinst PAGE \\* MERGEFORMAT}{\fldrslt 3}}.\par`;
    expect(await markdown(body)).toBe(
      'See [the guide](https://example.com/honey).\n\nJump [below](#part2) or page 3.\n',
    );
  });

  it('counts pictures in one warning and skips their data, \\bin bytes included', async () => {
    const body =
      String.raw`\pard Before{\*\shppict{\pict\pngblip\picw10 89504e470d0a1a0a}}{\nonshppict{\pict\wmetafile8 0100}}` +
      String.raw`{\pict\jpegblip\bin6 {{{}}} ffd8} after.\par`;
    const result = await read(rtfOf(body));
    expect(result.markdown).toBe('Before after.\n');
    expect(result.warnings).toEqual(['images_skipped: 2 pictures embedded in the RTF (\\pict) left out.']);
  });
});

describe('rtf structure', () => {
  it('turns \\ls / \\ilvl paragraphs into nested lists, ordered from the list table, markers removed', async () => {
    const body =
      String.raw`{\listtext\pard\plain\f3 \'b7\tab}\pard\ls1\ilvl0 Apples\par` +
      String.raw`{\listtext\pard\plain 1.\tab}\pard\ls1\ilvl1 Granny Smith\par` +
      String.raw`{\listtext\pard\plain 2.\tab}\pard\ls1\ilvl1 Fuji\par` +
      String.raw`{\listtext\pard\plain\f3 \'b7\tab}\pard\ls1\ilvl0 Pears\par` +
      String.raw`\pard After the list.\par` +
      String.raw`{\listtext\pard\plain c.\tab}\pard\ls2\ilvl0 Third\par`;
    expect(await markdown(body, { lists: LISTS })).toBe(
      '- Apples\n  1. Granny Smith\n  2. Fuji\n- Pears\n\nAfter the list.\n\n3. Third\n',
    );
  });

  it('reads old-style \\pn numbering and \\pntext markers without a list table', async () => {
    const body =
      String.raw`{\pntext\f0 1.\tab}\pard{\*\pn\pnlvlbody\pndec\pnstart1{\pntxta .}}\fi-360\li720 One\par` +
      String.raw`{\pntext\f0 2.\tab}\pard{\*\pn\pnlvlbody\pndec{\pntxta .}}\fi-360\li720 Two\par` +
      String.raw`{\pntext\f0 \'b7\tab}\pard{\*\pn\pnlvlblt{\pntxtb \'b7}}\fi-360\li720 Dot\par` +
      String.raw`{\listtext a)\tab}\pard\ls9 Lettered\par`;
    expect(await markdown(body)).toBe('1. One\n2. Two\n\n- Dot\n\n1. Lettered\n');
  });

  it('reads a table as GFM, and merged cells (\\clmgf/\\clmrg, \\clvmgf/\\clvmrg) as HTML', async () => {
    const simple =
      String.raw`\trowd\cellx2000\cellx4000\pard\intbl Hive\cell Kilograms\cell\row` +
      String.raw`\trowd\cellx2000\cellx4000\pard\intbl North\cell {\b 40}\cell\row\pard\par`;
    expect(await markdown(simple)).toBe(
      '| Hive  | Kilograms |\n| ----- | --------- |\n| North | **40**    |\n',
    );
    const merged =
      String.raw`\trowd\cellx2000\cellx4000\cellx6000\pard\intbl Name\cell Q1\cell Q2\cell\row` +
      String.raw`\trowd\clvmgf\cellx2000\cellx4000\cellx6000\pard\intbl North\cell 10\cell 12\cell\row` +
      String.raw`\trowd\clvmrg\cellx2000\clmgf\cellx4000\clmrg\cellx6000\pard\intbl\cell Both: 22\cell\cell\row` +
      String.raw`\pard After.\par`;
    expect(await markdown(merged)).toBe(
      '<table>\n<tr><th>Name</th><th>Q1</th><th>Q2</th></tr>\n<tr><td rowspan="2">North</td><td>10</td><td>12</td></tr>\n<tr><td colspan="2">Both: 22</td></tr>\n</table>\n\nAfter.\n',
    );
  });

  it('takes a row definition written just before \\row, as Word repeats it there', async () => {
    const trailing =
      String.raw`\pard\intbl Name\cell Kg\cell{\insrsid1 \trowd\cellx2000\cellx4000\row }` +
      String.raw`\pard\intbl North and South\cell\cell{\insrsid1 \trowd\clmgf\cellx2000\clmrg\cellx4000\row }\pard\par`;
    expect(await markdown(trailing)).toBe(
      '<table>\n<tr><th>Name</th><th>Kg</th></tr>\n<tr><td colspan="2">North and South</td></tr>\n</table>\n',
    );
  });

  it('spans a cell as wide as several columns of other rows, and flattens nested tables into their cell, one line a nested cell', async () => {
    const wide =
      String.raw`\trowd\cellx2000\cellx4000\cellx6000\pard\intbl A\cell B\cell C\cell\row` +
      String.raw`\trowd\cellx2000\cellx6000\pard\intbl D\cell E and F\cell\row\pard\par`;
    expect(await markdown(wide)).toBe(
      '<table>\n<tr><th>A</th><th>B</th><th>C</th></tr>\n<tr><td>D</td><td colspan="2">E and F</td></tr>\n</table>\n',
    );
    const nested =
      String.raw`\trowd\cellx3000\cellx6000\pard\intbl\itap1 Outer\cell` +
      String.raw`\pard\intbl\itap2 In one\nestcell In two\nestcell{\*\nesttableprops\trowd\cellx1000\cellx2000\nestrow}{\nonesttables\par}` +
      String.raw`\pard\intbl\itap1 \cell\row\pard\par`;
    expect(await markdown(nested)).toBe('| Outer | In one<br>In two |\n| ----- | ---------------- |\n');
  });

  it('reads footnotes as GFM footnotes', async () => {
    const body =
      String.raw`\pard Honey{\super\chftn}{\footnote\pard\plain{\super\chftn} Measured in {\i May}.}\~is sweet.\par` +
      String.raw`\pard Wax{\super\chftn}{\*\footnote\chftn\pard\plain Second note.\par}.\par`;
    expect(await markdown(body)).toBe(
      'Honey[^1]\u00a0is sweet.\n\nWax[^2].\n\n[^1]: Measured in *May*.\n\n[^2]: Second note.\n',
    );
  });

  it('reads annotations as a comments section with their author and anchored text', async () => {
    const body =
      String.raw`\pard The {\*\atrfstart 7}north hive{\*\atrfend 7}{\*\atnid AL}{\*\atnauthor Ana Lima}\chatn` +
      String.raw`{\*\annotation{\*\atnref 7}{\*\atndate 1234}\pard\plain {\field{\*\fldinst PAGE}{\fldrslt }}{\chatn } Check the {\b weight}.}` +
      String.raw` is full.\par`;
    expect(await markdown(body)).toBe(
      'The north hive is full.\n\n## Comments\n\n- **Ana Lima**: Check the weight. (on “north hive”)\n',
    );
  });

  it('numbers pages from \\page and \\pagebb in provenance', async () => {
    const result = await read(rtfOf(String.raw`\pard First\par\page\pard Second\par\pard\pagebb Third\par`));
    const pages = result.document.root.children.map((block) => block.data?.provenance?.page);
    expect(pages).toEqual([1, 2, 3]);
    expect(result.document.metadata.pageCount).toBe(3);
    const unpaged = await read(rtfOf(String.raw`\pard Only\par`));
    expect(unpaged.document.root.children[0]?.data?.provenance).toBeUndefined();
  });
});

describe('hostile and broken rtf', () => {
  it('refuses groups nested past the depth cap as corrupt_file', async () => {
    const deep = `${String.raw`{\rtf1\ansi `}${'{'.repeat(5000)}x${'}'.repeat(5001)}`;
    await expect(read(deep)).rejects.toMatchObject({ code: 'corrupt_file' });
    const fine = `${String.raw`{\rtf1\ansi `}${'{'.repeat(900)}deep${'}'.repeat(901)}`;
    expect((await read(fine)).markdown).toBe('deep\n');
  });

  it('refuses a file that neither starts with {\\rtf nor is RTF body text as corrupt_file', async () => {
    await expect(read('Hello, plain text.')).rejects.toMatchObject({ code: 'corrupt_file' });
    await expect(read('A path C:\\bin and nothing else.')).rejects.toMatchObject({ code: 'corrupt_file' });
  });

  it('skips a huge \\binN by count, reads a truncated file as far as it goes, and finds no text as empty_content', async () => {
    const huge = await read(rtfOf(String.raw`\pard Start\par{\pict\bin2000000000 xyz`));
    expect(huge.markdown).toBe('Start\n');
    expect((await read(String.raw`{\rtf1\ansi Hello {\b world`)).markdown).toBe('Hello **world**\n');
    await expect(read(String.raw`{\rtf1\ansi{\fonttbl{\f0 Arial;}}\pard\par}`)).rejects.toMatchObject({
      code: 'empty_content',
    });
  });

  it('reads a megabyte of picture data and a long document quickly', async () => {
    const picture = `{\\pict\\pngblip ${'0123456789abcdef'.repeat(65_536)}}`;
    const paragraphs = Array.from({ length: 5000 }, (_, index) => `\\pard Line ${String(index)}\\par`).join(
      '',
    );
    const started = Date.now();
    const result = await read(rtfOf(picture + paragraphs));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.document.root.children).toHaveLength(5000);
  });
});

describe('rtf through the plugin', () => {
  const plugin = createDocumentsSource();
  afterAll(() => plugin.close?.());

  it('reads application/rtf and text/rtf in its worker', async () => {
    for (const mediaType of ['application/rtf', 'text/rtf']) {
      const document = await extractBytes(
        plugin,
        'note.rtf',
        mediaType,
        rtfOf(String.raw`\pard\s1 Note\par\pard Caf\'e9.\par`),
      );
      expect(markdownOf(document.root)).toBe('# Note\n\nCafé.\n');
    }
  });

  it('refuses at inspection a file declared RTF that does not start with {\\rtf', async () => {
    const bytes = Buffer.from('Plain words, not RTF.');
    const path = await writeTemp('fake.rtf', bytes);
    const inspection = await plugin.inspect?.(
      {
        name: 'fake.rtf',
        mediaType: RTF,
        sizeBytes: bytes.length,
        path,
      },
      new AbortController().signal,
    );
    expect(inspection).toMatchObject({ ok: false, code: 'corrupt_file' });
  });
});

describe('rtf document cases (fixtures/documents)', () => {
  it('reads the hand-written report (committed as the writer makes it): every structure, header and footer left out, one picture warning', async () => {
    const bytes = await writeRtfReport();
    expect(await readFile(join(FIXTURES, 'rtf-report/input.rtf'))).toEqual(bytes);
    const result = await read(bytes);
    expect(result.markdown).toBe(
      [
        '# Spring inspection',
        '',
        'The twelve hives of the north valley gave **40 kg** of *acacia* honey[^1]. The method is on [the apiary site](https://example.com/apiary/method).',
        '',
        'The café next door sells it at €12 a jar.',
        '',
        '## Next steps',
        '',
        '1. Requeen the weak colonies',
        '   1. Order queens from Lyon',
        '   2. Mark them in ~~red~~ blue',
        '2. Move hives before the rape bloom',
        '',
        '- Check the mouse guards',
        '',
        '```',
        'weigh --hive north',
        'weigh --hive south',
        '```',
        '',
        '<table>',
        '<tr><th>Hive</th><th>Spring</th><th>Summer</th></tr>',
        '<tr><td rowspan="2">North</td><td>40 kg</td><td>35 kg</td></tr>',
        '<tr><td colspan="2">Both seasons: 75 kg</td></tr>',
        '</table>',
        '',
        '## Winter tasks',
        '',
        'Fit the `mouse guards` before the first frost.',
        '',
        '[^1]: Weighed on the apiary scale, frames included.',
        '',
      ].join('\n'),
    );
    expect(result.warnings).toEqual(['images_skipped: 1 picture embedded in the RTF (\\pict) left out.']);
    expect(result.document.metadata).toMatchObject({
      title: 'Apiary field report',
      author: 'Ana Lima',
      pageCount: 2,
    });
  });

  it('reads the report LibreOffice 7.4 wrote from the docx-report fixture as the docx reader reads that docx', async () => {
    const result = await read(await readFile(join(FIXTURES, 'rtf-libreoffice/input.rtf')));
    expect(result.markdown).toBe(
      [
        '# Apiary field report',
        '',
        '# Spring inspection',
        '',
        'The twelve hives of the north valley gave **40 kg** of *acacia* honey[^1]. The method is on [the apiary site](https://example.com/apiary/method).',
        '',
        '## Next steps',
        '',
        '1. Requeen the weak colonies',
        '   1. Order queens from Lyon',
        '   2. Mark them in blue',
        '2. Move hives before the rape bloom',
        '',
        '## Equipment to bring',
        '',
        '- Smoker',
        '  - Fuel: pine needles',
        '- Hive tool',
        '',
        '## Yield by hive',
        '',
        '<table>',
        '<tr><th>Hive</th><th colspan="2">Harvest (kg)</th></tr>',
        '<tr><td></td><td>Spring</td><td>Summer</td></tr>',
        '<tr><td rowspan="2">North</td><td>14</td><td>9</td></tr>',
        '<tr><td>11</td><td>6</td></tr>',
        '</table>',
        '',
        'Inspection closed at noon; the next one is in May.',
        '',
        '[^1]: Weighed on the apiary scale, frames included.',
        '',
      ].join('\n'),
    );
    expect(result.document.metadata).toMatchObject({ title: 'Apiary field report', author: 'Ana Lima' });
  });
});
