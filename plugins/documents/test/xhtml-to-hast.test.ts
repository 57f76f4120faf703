import { describe, expect, it } from 'vitest';
import type { Root } from 'hast';
import { cleanHtmlTree } from '../src/internal/clean-html-tree.js';
import { htmlToMdast, parseHtml, xhtmlToMdast } from '../src/internal/html-to-mdast.js';
import { xhtmlToHast } from '../src/internal/xhtml-to-hast.js';

const xhtml = (body: string, prolog = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n') =>
  `${prolog}<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">\n<head>\n<title>T</title>\n<link rel="stylesheet" href="s.css"/>\n</head>\n<body>${body}</body>\n</html>\n`;

/** The tree as the conversion sees it: comments dropped, no source positions. */
function cleaned(tree: Root): unknown {
  cleanHtmlTree(tree);
  return JSON.parse(JSON.stringify(tree, (key, value: unknown) => (key === 'position' ? undefined : value)));
}

/** Documents read as XML: each must give parse5's tree and the same markdown. */
const READ_AS_XML: Record<string, string> = {
  chapter: xhtml(
    '<section epub:type="chapter"><h1>Spring</h1><p>The colonies wake. A strong hive brings in <strong>pollen</strong> &amp; nectar &#8212; early.</p>\n<ul><li>Check the queen</li><li>Add a <em>super</em></li></ul></section>',
  ),
  'rows straight in a table (the parser adds a tbody)': xhtml(
    '<table>\n<caption>Harvest</caption>\n<tr><th>Month</th><th>kg</th></tr>\n<tr><td>June</td><td>12</td></tr>\n</table>',
  ),
  'rows after a tbody and a thead': xhtml(
    '<table><thead><tr><th>A</th></tr></thead><tr><td>1</td></tr><tbody><tr><td>2</td></tr></tbody><tr><td>3</td></tr></table>',
  ),
  'pre drops its first line break': xhtml('<pre>\n  indented\n    code</pre><p>after</p>'),
  'white space after the body goes into it': xhtml('<p>text</p>\n<!-- note -->\n'),
  'void elements self-closed, images and breaks': xhtml(
    '<p>one<br/>two <img src="a.png" alt="A picture"/> three</p><hr/><p>x</p>',
  ),
  'XHTML 1.1 DOCTYPE': xhtml(
    '<div class="c1 c2" id="x"><p lang="fr" xml:lang="fr">Bonjour</p></div>',
    '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n',
  ),
  'XHTML 1.0 Transitional (limited quirks)': xhtml(
    '<blockquote><p>Quoted</p></blockquote><dl><dt>Term</dt><dd>Definition</dd></dl>',
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n',
  ),
  'no DOCTYPE (quirks)': xhtml('<p>Plain</p>', ''),
  'MathML inline, as a block, in a heading and in a cell (foreign content kept as written)': xhtml(
    '<h2>The <math><mi>x</mi></math> heading</h2><p>where <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>f</mi></math> is</p>' +
      '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">\n  <mfrac linethickness="0"><mrow><mi>a</mi><mo>+</mo><mn>1</mn></mrow><mn>2</mn></mfrac>\n</math>' +
      '<table><tr><td><math display="inline" alttext="x^2"><semantics><msup><mi>x</mi><mn>2</mn></msup><annotation encoding="application/x-tex">x^2</annotation></semantics></math></td></tr></table>',
  ),
};

/** Documents an HTML parser reads otherwise than XML: they must go to parse5. */
const LEFT_TO_PARSE5: Record<string, string> = {
  'a self-closed div (a start tag to HTML)': xhtml('<div/><p>inside the div for HTML</p>'),
  'a block in a paragraph (HTML closes the paragraph)': xhtml('<p>one<div>two</div>three</p>'),
  'a named entity XML does not define': xhtml('<p>a&nbsp;b</p>'),
  'a C1 character reference (windows-1252 to HTML)': xhtml('<p>a&#150;b</p>'),
  'text in a table row (moved out by HTML)': xhtml('<table><tr>stray<td>x</td></tr></table>'),
  'a list item outside a list': xhtml('<li>alone</li>'),
  'a line break in an attribute (a space to XML)': xhtml('<p><img src="a.png" alt="two\nlines"/></p>'),
  'an HTML element in MathML (it breaks out of the math)': xhtml('<p><math><mi>x</mi><b>y</b></math></p>'),
  'an element in a MathML token (read as HTML there)': xhtml('<p><math><mtext><b>x</b></mtext></math></p>'),
  'MathML annotation-xml (an HTML integration point)': xhtml(
    '<p><math><semantics><mi>x</mi><annotation-xml encoding="text/html"><span>x</span></annotation-xml></semantics></math></p>',
  ),
  'MathML straight in a table row (moved out by HTML)': xhtml(
    '<table><tr><math><mi>x</mi></math></tr></table>',
  ),
  'a script (raw text)': xhtml('<p>x</p><script>if (a &amp;&amp; b) {}</script>'),
  'an end tag br (a second break to HTML)': xhtml('<p>a<br></br>b</p>'),
  'a link in a link': xhtml('<p><a href="a">x <a href="b">y</a></a></p>'),
  'uppercase names': xhtml('<P>x</P>'),
  'an unknown DOCTYPE': xhtml('<p>x</p>', '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN">\n'),
  'not well-formed': xhtml('<p>x<p>y</p>'),
};

describe('XHTML read as XML (the e-book fast path)', () => {
  for (const [name, document] of Object.entries(READ_AS_XML)) {
    it(`gives parse5's tree and markdown: ${name}`, () => {
      const tree = xhtmlToHast(document);
      expect(tree).toBeDefined();
      expect(cleaned(tree as Root)).toEqual(cleaned(parseHtml(document)));
      expect(xhtmlToMdast(document)).toEqual(htmlToMdast(document));
    });
  }

  for (const [name, document] of Object.entries(LEFT_TO_PARSE5)) {
    it(`leaves it to parse5: ${name}`, () => {
      expect(xhtmlToHast(document)).toBeUndefined();
      expect(xhtmlToMdast(document)).toEqual(htmlToMdast(document));
    });
  }
});
