import { zipOf } from './zip-of.js';

const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** One hand-written slide: its shape tree's inner XML, attributes of `p:sld`, extra relationships and parts. */
export interface HandSlide {
  shapes: string;
  attributes?: string;
  rels?: string;
  parts?: Record<string, string>;
}

/** A text shape at (x, y) EMU; `ph` makes it a placeholder (`type="title"`). */
export function textShape(text: string, x: number, y: number, ph = ''): string {
  const nvPr = ph === '' ? '<p:nvPr/>' : `<p:nvPr><p:ph ${ph}/></p:nvPr>`;
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="9" name="t"/><p:cNvSpPr/>${nvPr}</p:nvSpPr>` +
    `<p:spPr><a:xfrm><a:off x="${String(x)}" y="${String(y)}"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr>` +
    `<p:txBody><a:bodyPr/><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>`
  );
}

/** A minimal pptx package of these slides, in this order (`slideN.xml` numbered from 1). */
export function handPptx(slides: HandSlide[], prolog = ''): Promise<Buffer> {
  const entries: Record<string, string> = {
    '[Content_Types].xml': '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'ppt/presentation.xml':
      `${prolog}<p:presentation ${NS}><p:sldIdLst>` +
      slides.map((_, i) => `<p:sldId id="${String(256 + i)}" r:id="rId${String(i + 1)}"/>`).join('') +
      '</p:sldIdLst></p:presentation>',
    'ppt/_rels/presentation.xml.rels':
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      slides
        .map(
          (_, i) =>
            `<Relationship Id="rId${String(i + 1)}" Type="${REL}/slide" Target="slides/slide${String(i + 1)}.xml"/>`,
        )
        .join('') +
      '</Relationships>',
  };
  slides.forEach((slide, i) => {
    entries[`ppt/slides/slide${String(i + 1)}.xml`] =
      `<p:sld ${NS} ${slide.attributes ?? ''}><p:cSld><p:spTree>${slide.shapes}</p:spTree></p:cSld></p:sld>`;
    if (slide.rels !== undefined) {
      entries[`ppt/slides/_rels/slide${String(i + 1)}.xml.rels`] =
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${slide.rels}</Relationships>`;
    }
    Object.assign(entries, slide.parts);
  });
  return zipOf(entries);
}

export { NS as PPTX_NAMESPACES, REL as RELATIONSHIP_TYPES };
