import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPptx } from '../src/presentation/read-pptx.js';
import { PPTX_NAMESPACES, RELATIONSHIP_TYPES, handPptx, textShape } from './support/hand-pptx.js';
import type { HandSlide } from './support/hand-pptx.js';
import { readWith } from './support/presentation-markdown.js';
import { zipOf } from './support/zip-of.js';

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

describe('pptx edge cases from hand-written parts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pptx-edges-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const read = async (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return readWith(readPptx, path, PPTX);
  };
  const deck = async (name: string, slides: HandSlide[]) => read(name, await handPptx(slides));

  it('orders text boxes top to bottom, left to right, with the title first whatever its place', async () => {
    const { markdown } = await deck('order.pptx', [
      {
        shapes:
          textShape('bottom', 0, 5_000_000) +
          textShape('right', 3_000_000, 1_000_000) +
          textShape('Agenda', 0, 6_000_000, 'type="title"') +
          textShape('left', 0, 1_000_010),
      },
    ]);
    expect(markdown).toBe('## Agenda\n\nleft\n\nright\n\nbottom\n');
  });

  it('places a placeholder without its own position where its layout puts it, bulleted as the master body', async () => {
    const body =
      '<p:sp><p:nvSpPr><p:cNvPr id="3" name="Content"/><p:cNvSpPr/><p:nvPr><p:ph idx="1"/></p:nvPr></p:nvSpPr><p:spPr/>' +
      '<p:txBody><a:bodyPr/><a:p><a:r><a:t>Point</a:t></a:r></a:p><a:p><a:pPr lvl="1"/><a:r><a:t>Detail</a:t></a:r></a:p>' +
      '<a:p><a:pPr><a:buNone/></a:pPr><a:r><a:t>Plain closing line</a:t></a:r></a:p></p:txBody></p:sp>';
    const layout =
      `<p:sldLayout ${PPTX_NAMESPACES}><p:cSld><p:spTree>` +
      textShape('', 0, 1_500_000, 'idx="1"') +
      textShape('', 0, 9_000_000, 'type="sldNum" idx="12"') +
      '</p:spTree></p:cSld></p:sldLayout>';
    const { markdown } = await deck('layout.pptx', [
      {
        // The slide-number placeholder is master boilerplate: left out.
        shapes:
          body +
          textShape('Intro above the body', 0, 500_000) +
          textShape('7', 0, 9_000_000, 'type="sldNum" idx="12"'),
        rels: `<Relationship Id="rId1" Type="${RELATIONSHIP_TYPES}/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>`,
        parts: { 'ppt/slideLayouts/slideLayout1.xml': layout },
      },
    ]);
    // The top box, short and in the slide's one size, is the title a reader sees.
    expect(markdown).toBe('## Intro above the body\n\n- Point\n  - Detail\n\nPlain closing line\n');
  });

  it('bullets a body placeholder as its layout, master and master body style say, the nearest first', async () => {
    const body = (idx: string, ...lines: string[]): string =>
      `<p:sp><p:nvSpPr><p:cNvPr id="3" name="Body"/><p:cNvSpPr/><p:nvPr><p:ph ${idx}/></p:nvPr></p:nvSpPr><p:spPr/>` +
      `<p:txBody><a:bodyPr/>${lines.join('')}</p:txBody></p:sp>`;
    const line = (text: string, lvl = 0): string =>
      `<a:p><a:pPr lvl="${String(lvl)}"/><a:r><a:t>${text}</a:t></a:r></a:p>`;
    const listStyle = (levels: string): string => `<a:lstStyle>${levels}</a:lstStyle>`;
    const placeholder = (ph: string, style: string): string =>
      `<p:sp><p:nvSpPr><p:cNvPr id="2" name="p"/><p:cNvSpPr/><p:nvPr><p:ph ${ph}/></p:nvPr></p:nvSpPr>` +
      `<p:spPr><a:xfrm><a:off x="0" y="2000000"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr>` +
      `<p:txBody><a:bodyPr/>${style}<a:p/></p:txBody></p:sp>`;
    // A section header's layout: its body (idx 1) sets no bullet at level 1, as PowerPoint's does.
    const sectionLayout =
      `<p:sldLayout ${PPTX_NAMESPACES}><p:cSld><p:spTree>` +
      placeholder('type="body" idx="1"', listStyle('<a:lvl1pPr><a:buNone/></a:lvl1pPr>')) +
      '</p:spTree></p:cSld></p:sldLayout>';
    const contentLayout =
      `<p:sldLayout ${PPTX_NAMESPACES}><p:cSld><p:spTree>` +
      placeholder('idx="1"', '') +
      '</p:spTree></p:cSld></p:sldLayout>';
    // The master bullets level 1 and leaves level 2 plain (a template's choice).
    const master =
      `<p:sldMaster ${PPTX_NAMESPACES}><p:cSld><p:spTree/></p:cSld><p:txStyles><p:bodyStyle>` +
      '<a:lvl1pPr><a:buChar char="•"/></a:lvl1pPr><a:lvl2pPr><a:buNone/></a:lvl2pPr></p:bodyStyle></p:txStyles></p:sldMaster>';
    const layoutRels = (layout: string): Record<string, string> => ({
      [`ppt/slideLayouts/_rels/${layout}.rels`]:
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${RELATIONSHIP_TYPES}/slideMaster" Target="../slideMasters/slideMaster1.xml"/></Relationships>`,
    });
    const slideRels = (layout: string): string =>
      `<Relationship Id="rId1" Type="${RELATIONSHIP_TYPES}/slideLayout" Target="../slideLayouts/${layout}"/>`;
    const { markdown } = await deck('inherited-bullets.pptx', [
      {
        shapes:
          textShape('Part two', 0, 500_000, 'type="title"') +
          body('type="body" idx="1"', line('What the second half covers')),
        rels: slideRels('section.xml'),
        parts: {
          'ppt/slideLayouts/section.xml': sectionLayout,
          ...layoutRels('section.xml'),
          'ppt/slideMasters/slideMaster1.xml': master,
        },
      },
      {
        shapes:
          textShape('Plan', 0, 500_000, 'type="title"') +
          body('idx="1"', line('First point'), line('A plain line under it', 1), line('Second point')),
        rels: slideRels('content.xml'),
        parts: { 'ppt/slideLayouts/content.xml': contentLayout, ...layoutRels('content.xml') },
      },
    ]);
    expect(markdown).toBe(
      '## Part two\n\nWhat the second half covers\n\n## Plan\n\n- First point\n\nA plain line under it\n\n- Second point\n',
    );

    // A master's own placeholders share index numbers with content frames (its date is `idx` 2):
    // a content frame finds the master by type, so its bullets come from the master's body style.
    const masterWithDate = master.replace(
      '<p:spTree/>',
      `<p:spTree>${placeholder('type="dt" idx="2"', listStyle('<a:lvl1pPr><a:buNone/></a:lvl1pPr>'))}</p:spTree>`,
    );
    const dated = await deck('master-date.pptx', [
      {
        shapes: textShape('Plan', 0, 500_000, 'type="title"') + body('idx="2"', line('First point')),
        rels: slideRels('content.xml'),
        parts: {
          'ppt/slideLayouts/content.xml': contentLayout.replace('idx="1"', 'idx="2"'),
          ...layoutRels('content.xml'),
          'ppt/slideMasters/slideMaster1.xml': masterWithDate,
        },
      },
    ]);
    expect(dated.markdown).toBe('## Plan\n\n- First point\n');
  });

  it('flattens group shapes, placing their children through the group transform', async () => {
    // The group sits at y=4,000,000 and scales its child space by 2: its child at child-y 0 lands
    // at 4,000,000 (after "top", before "below"), its child at child-y 1,000,000 at 6,000,000.
    const group =
      '<p:grpSp><p:nvGrpSpPr><p:cNvPr id="5" name="g"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
      '<p:grpSpPr><a:xfrm><a:off x="0" y="4000000"/><a:ext cx="2000" cy="2000000"/>' +
      '<a:chOff x="0" y="0"/><a:chExt cx="1000" cy="1000000"/></a:xfrm></p:grpSpPr>' +
      textShape('grouped second', 0, 1_000_000) +
      textShape('grouped first', 0, 0) +
      '</p:grpSp>';
    const { markdown } = await deck('group.pptx', [
      { shapes: textShape('below', 0, 5_500_000) + group + textShape('top', 0, 1_000_000) },
    ]);
    expect(markdown).toBe('## top\n\ngrouped first\n\nbelow\n\ngrouped second\n');
  });

  it('writes a table with merged cells as HTML with colspan and rowspan', async () => {
    const cell = (text: string, attributes = '') =>
      `<a:tc ${attributes}><a:txBody><a:bodyPr/><a:p><a:r><a:t>${text}</a:t></a:r></a:p></a:txBody></a:tc>`;
    const table =
      '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>' +
      '<p:xfrm><a:off x="0" y="0"/><a:ext cx="10" cy="10"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table">' +
      '<a:tbl><a:tblGrid><a:gridCol w="1"/><a:gridCol w="1"/><a:gridCol w="1"/></a:tblGrid>' +
      `<a:tr h="1">${cell('Region')}${cell('Year', 'gridSpan="2"')}${cell('', 'hMerge="1"')}</a:tr>` +
      `<a:tr h="1">${cell('North', 'rowSpan="2"')}${cell('2025')}${cell('2026')}</a:tr>` +
      `<a:tr h="1">${cell('', 'vMerge="1"')}${cell('10 &amp; up')}${cell('&lt;5')}</a:tr>` +
      '</a:tbl></a:graphicData></a:graphic></p:graphicFrame>';
    const { markdown } = await deck('merged.pptx', [{ shapes: table }]);
    expect(markdown).toBe(
      [
        '## Slide 1',
        '',
        '<table>',
        '<tr><th>Region</th><th colspan="2">Year</th></tr>',
        '<tr><td rowspan="2">North</td><td>2025</td><td>2026</td></tr>',
        '<tr><td>10 &amp; up</td><td>&lt;5</td></tr>',
        '</table>',
        '',
      ].join('\n'),
    );
  });

  it('reads a chart with string categories and its title, and a picture with its alt text', async () => {
    const chart =
      '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="chart"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>' +
      '<p:xfrm><a:off x="0" y="0"/><a:ext cx="10" cy="10"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">' +
      '<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId7"/></a:graphicData></a:graphic></p:graphicFrame>';
    const picture =
      '<p:pic><p:nvPicPr><p:cNvPr id="6" name="Picture 6" descr="A map of Europe"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>' +
      '<p:blipFill><a:blip r:embed="rId8"/></p:blipFill><p:spPr><a:xfrm><a:off x="0" y="9000000"/><a:ext cx="1" cy="1"/></a:xfrm></p:spPr></p:pic>';
    const chartPart =
      '<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">' +
      '<c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Share</a:t></a:r><a:r><a:t> by region</a:t></a:r></a:p></c:rich></c:tx></c:title>' +
      '<c:plotArea><c:pieChart><c:ser><c:tx><c:strRef><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>Share</c:v></c:pt></c:strCache></c:strRef></c:tx>' +
      '<c:cat><c:strRef><c:strCache><c:ptCount val="3"/><c:pt idx="0"><c:v>North</c:v></c:pt><c:pt idx="1"><c:v>South</c:v></c:pt><c:pt idx="2"><c:v>East</c:v></c:pt></c:strCache></c:strRef></c:cat>' +
      '<c:val><c:numRef><c:numCache><c:ptCount val="3"/><c:pt idx="0"><c:v>0.5</c:v></c:pt><c:pt idx="2"><c:v>0.2</c:v></c:pt></c:numCache></c:numRef></c:val>' +
      '</c:ser></c:pieChart></c:plotArea></c:chart></c:chartSpace>';
    const { markdown, document } = await deck('chart.pptx', [
      {
        shapes: picture + chart,
        rels:
          `<Relationship Id="rId7" Type="${RELATIONSHIP_TYPES}/chart" Target="../charts/chart3.xml"/>` +
          `<Relationship Id="rId8" Type="${RELATIONSHIP_TYPES}/image" Target="../media/image9.jpeg"/>`,
        parts: { 'ppt/charts/chart3.xml': chartPart },
      },
    ]);
    expect(markdown).toBe(
      [
        '## Slide 1',
        '',
        'Chart: Share by region',
        '',
        '| Category | Share |',
        '| -------- | ----- |',
        '| North    | 0.5   |',
        '| South    |       |',
        '| East     | 0.2   |',
        '',
        '![A map of Europe](image9.jpeg)',
        '',
      ].join('\n'),
    );
    expect(document.root.children[2]?.data?.table?.rows).toEqual([
      ['North', 0.5],
      ['South', null],
      ['East', 0.2],
    ]);
  });

  it('reads SmartArt text from its data model, nested by parent-of connections', async () => {
    const frame =
      '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Diagram"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>' +
      '<p:xfrm><a:off x="0" y="0"/><a:ext cx="10" cy="10"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram">' +
      '<dgm:relIds xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="rId2" r:lo="rId3" r:qs="rId4" r:cs="rId5"/>' +
      '</a:graphicData></a:graphic></p:graphicFrame>';
    const point = (id: string, text: string) =>
      `<dgm:pt modelId="${id}"><dgm:prSet/><dgm:t><a:bodyPr/><a:p><a:r><a:t>${text}</a:t></a:r></a:p></dgm:t></dgm:pt>`;
    const data =
      '<dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">' +
      '<dgm:ptLst><dgm:pt modelId="0" type="doc"/>' +
      point('1', 'Plan') +
      point('2', 'Build') +
      point('3', 'Test it') +
      '<dgm:pt modelId="8" type="parTrans"/><dgm:pt modelId="9" type="pres"/></dgm:ptLst><dgm:cxnLst>' +
      '<dgm:cxn modelId="c1" srcId="0" destId="2" srcOrd="1"/><dgm:cxn modelId="c2" srcId="0" destId="1" srcOrd="0"/>' +
      '<dgm:cxn modelId="c3" srcId="2" destId="3" srcOrd="0"/><dgm:cxn modelId="c4" type="presOf" srcId="1" destId="9"/>' +
      '</dgm:cxnLst></dgm:dataModel>';
    const { markdown } = await deck('smartart.pptx', [
      {
        shapes: frame,
        rels: `<Relationship Id="rId2" Type="${RELATIONSHIP_TYPES}/diagramData" Target="../diagrams/data1.xml"/>`,
        parts: { 'ppt/diagrams/data1.xml': data },
      },
    ]);
    expect(markdown).toBe('## Slide 1\n\n- Plan\n- Build\n  - Test it\n');
  });

  it('numbers slides by their place in the slide list, not by part name', async () => {
    // slide2.xml comes first in the list (and is addressed by an absolute target).
    const reversed = await zipOf({
      'ppt/presentation.xml':
        '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<p:sldIdLst><p:sldId id="256" r:id="rId2"/><p:sldId id="257" r:id="rId1"/></p:sldIdLst></p:presentation>',
      'ppt/_rels/presentation.xml.rels':
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${RELATIONSHIP_TYPES}/slide" Target="slides/slide1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIP_TYPES}/slide" Target="/ppt/slides/slide2.xml"/></Relationships>`,
      'ppt/slides/slide1.xml': `<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree>${textShape('first', 0, 0)}</p:spTree></p:cSld></p:sld>`,
      'ppt/slides/slide2.xml': `<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree>${textShape('second', 0, 0)}</p:spTree></p:cSld></p:sld>`,
    });
    const { markdown, document } = await read('reversed.pptx', reversed);
    expect(markdown).toBe('## second\n\n## first\n');
    expect(document.root.children.map((block) => block.data?.provenance?.slide)).toEqual([1, 2]);
  });

  it('refuses a DTD, an encrypted package, a truncated file, groups nested to exhaust the stack, and a deck with no visible text', async () => {
    await expect(
      read(
        'dtd.pptx',
        await handPptx([{ shapes: textShape('x', 0, 0) }], '<!DOCTYPE p [<!ENTITY a "aaaa">]>'),
      ),
    ).rejects.toMatchObject({ code: 'archive_unsafe' });
    const compound = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(compound);
    await expect(read('other-ole.pptx', compound)).rejects.toMatchObject({ code: 'corrupt_file' });
    Buffer.from('EncryptedPackage', 'utf16le').copy(compound, 1024);
    await expect(read('encrypted.pptx', compound)).rejects.toMatchObject({ code: 'encrypted_document' });
    const whole = await handPptx([{ shapes: textShape('x', 0, 0) }]);
    await expect(read('truncated.pptx', whole.subarray(0, whole.length - 30))).rejects.toMatchObject({
      code: 'corrupt_file',
    });
    const deep = `${'<p:grpSp>'.repeat(100_000)}${textShape('deep', 0, 0)}${'</p:grpSp>'.repeat(100_000)}`;
    await expect(deck('deep.pptx', [{ shapes: deep }])).rejects.toMatchObject({ code: 'archive_unsafe' });
    await expect(deck('blank.pptx', [{ shapes: textShape(' ', 0, 0) }])).rejects.toMatchObject({
      code: 'empty_content',
    });
    await expect(
      deck('all-hidden.pptx', [{ shapes: textShape('secret', 0, 0), attributes: 'show="0"' }]),
    ).rejects.toMatchObject({ code: 'empty_content' });
  });
});
