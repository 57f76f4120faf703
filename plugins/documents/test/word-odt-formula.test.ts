import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentsSource } from '../src/index.js';
import { extractBytes, toMarkdown } from './support/read-document.js';
import { zipOf } from './support/zip-of.js';

const ODT = 'application/vnd.oasis.opendocument.text';
const plugin = createDocumentsSource();
afterAll(() => plugin.close?.());

const NAMESPACES =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" ' +
  'xmlns:math="http://www.w3.org/1998/Math/MathML"';

// As LibreOffice Writer stores a formula: a frame holding the `Object N` sub-document and its
// replacement picture; the sub-document's content.xml is MathML with a StarMath annotation.
const frame = (name: string) =>
  `<draw:frame draw:name="${name}" text:anchor-type="as-char" svg:width="2cm" svg:height="0.5cm">` +
  `<draw:object xlink:href="./${name}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/>` +
  `<draw:image xlink:href="./ObjectReplacements/${name}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/>` +
  `</draw:frame>`;

const formula = (presentation: string, starMath: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE math:math PUBLIC "-//OpenOffice.org//DTD Modified W3C MathML 1.01//EN" "math.dtd">` +
  `<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><semantics>${presentation}` +
  `<annotation encoding="StarMath 5.0">${starMath}</annotation></semantics></math>`;

async function odtWithFormulas(): Promise<Buffer> {
  const body =
    `<text:p>The area of a circle is ${frame('Object 1')} and a half is ${frame('Object 2')}.</text:p>` +
    `<text:p>Inline in the text: <draw:frame draw:name="Object 3"><draw:object><math:math><math:mi>x</math:mi><math:mo>+</math:mo><math:mn>1</math:mn></math:math></draw:object></draw:frame></text:p>` +
    `<text:p>A picture stays a picture: <draw:frame draw:name="Photo"><draw:image xlink:href="Pictures/hive.png"/><svg:title>A hive</svg:title></draw:frame></text:p>`;
  return zipOf({
    mimetype: ODT,
    'content.xml': `<?xml version="1.0"?><office:document-content ${NAMESPACES}><office:body><office:text>${body}</office:text></office:body></office:document-content>`,
    'Object 1/content.xml': formula(
      '<mrow><mi>A</mi><mo stretchy="false">=</mo><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></mrow>',
      'A = %pi r^2',
    ),
    'Object 2/content.xml': formula('<mfrac><mn>1</mn><mn>2</mn></mfrac>', '{1} over {2}'),
    'Object 3/content.xml': formula('<mrow/>', 'left( a right)'),
    'ObjectReplacements/Object 1': Buffer.from('not read'),
    'ObjectReplacements/Object 2': Buffer.from('not read'),
  });
}

describe('odt formula objects', () => {
  it('writes a formula object as its formula, not as its replacement picture', async () => {
    const markdown = toMarkdown((await extractBytes(plugin, 'f.odt', ODT, await odtWithFormulas())).root);
    expect(markdown).toContain('The area of a circle is $$A = \\pi r^2$$ and a half is $$\\frac{1}{2}$$.');
    expect(markdown).toContain('Inline in the text: $x + 1$');
    expect(markdown).toContain('A picture stays a picture: ![A hive](hive.png)');
    expect(markdown).not.toContain('ObjectReplacements');
  });
});
