import { readFile } from 'node:fs/promises';
import { Readability } from '@mozilla/readability';
import { describe, expect, it } from 'vitest';
import { generatedTexts } from '../../test/generated-texts.js';
import { listFixtures } from '../../test/golden.js';
import { decodeHtml } from './decode-html.js';
import { innerTextLength, linkDensity } from './link-density.js';
import { parseWithLinkedom } from './load-dom.js';

/** Readability's own methods, as it calls them on itself. */
interface ReadabilityInternals {
  _getLinkDensity(element: Element): number;
  REGEXPS: { hashUrl: RegExp };
}

describe('linkDensity', () => {
  it("answers Readability's own link density for every element of every fixture page", async () => {
    let elements = 0;
    for (const fixture of await listFixtures()) {
      const document = parseWithLinkedom(decodeHtml(await readFile(fixture.input)));
      const reader = new Readability(document) as unknown as ReadabilityInternals;
      for (const element of document.querySelectorAll('*')) {
        const expected = reader._getLinkDensity(element);
        expect(
          linkDensity(element, reader.REGEXPS.hashUrl),
          `${fixture.name} <${element.localName}>`,
        ).toBeCloseTo(expected, 10);
        elements += 1;
      }
    }
    expect(elements).toBeGreaterThan(300);
  });

  it('weighs fragment links 0.3, counts nested links in each, and collapses white space across nodes', () => {
    const { body } = parseWithLinkedom(
      '<div id="d">  Read <a href="#top">the top</a>\n\n of <b>this</b>  <a href="/x">page <a href="/y">now</a></a> </div>',
    );
    const element = body.querySelector('#d') as Element;
    const reader = new Readability(element.ownerDocument) as unknown as ReadabilityInternals;
    expect(linkDensity(element, /^#.+/)).toBeCloseTo(reader._getLinkDensity(element), 12);
    expect(linkDensity(element, /^#.+/)).toBeGreaterThan(0);
  });

  it('counts links followed only by comments, empty links and links ending their element as Readability does', () => {
    const { body } = parseWithLinkedom(
      '<div id="d"><p>One <a href="/a">outer <a href="#n">inner</a><!-- c --></a><!-- d --></p>' +
        '<a href="/e"></a><span>two <a href="#f">three</a></span><a href="/g"><i>four</i></a></div>',
    );
    const element = body.querySelector('#d') as Element;
    const reader = new Readability(element.ownerDocument) as unknown as ReadabilityInternals;
    for (const node of [element, ...Array.from(element.querySelectorAll('*'))]) {
      expect(linkDensity(node, /^#.+/), node.localName).toBe(reader._getLinkDensity(node));
    }
  });
});

describe('innerTextLength', () => {
  it("counts a text's inner-text length as Readability's trim and white-space collapse do", () => {
    const pieces = [
      'a',
      'word',
      ' ',
      '  ',
      '\n',
      '\t\r\n',
      '\u00a0',
      '\u2003',
      '\u3000',
      '\ufeff',
      '\u200b',
      'é',
      '😀',
    ];
    for (const text of generatedTexts(pieces, 2000, 12, 7)) {
      expect([text, innerTextLength(text)]).toEqual([text, text.trim().replace(/\s{2,}/g, ' ').length]);
    }
  });
});
