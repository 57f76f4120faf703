import { readFile } from 'node:fs/promises';
import { Readability } from '@mozilla/readability';
import { describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/golden.js';
import { decodeHtml } from './decode-html.js';
import { loadDom, parseWithLinkedom } from './load-dom.js';
import { elementsByTag, readWithReadability } from './readability.js';

describe('readWithReadability', () => {
  it("reads every fixture page exactly as Readability's own byline check does", async () => {
    for (const fixture of await listFixtures()) {
      const html = decodeHtml(await readFile(fixture.input));
      const ours = readWithReadability(await loadDom(html, 'linkedom', fixture.url));
      const reference = new Readability(await loadDom(html, 'linkedom', fixture.url), {
        keepClasses: true,
      }).parse();
      // Ours hands on the article's element; the reference its HTML.
      const oursAsHtml = ours === null ? null : { ...ours, content: ours.content?.innerHTML };
      expect(oursAsHtml, fixture.name).toEqual(reference);
      // Without keeping the page for a second attempt: read again from a fresh copy when needed.
      const reread = readWithReadability(parseWithLinkedom(html), () => parseWithLinkedom(html));
      const rereadAsHtml = reread === null ? null : { ...reread, content: reread.content?.innerHTML };
      expect(rereadAsHtml, `${fixture.name} (reread)`).toEqual(reference);
    }
  });

  it('finds a byline named by its class, and none in an element of 100 characters or more', async () => {
    const body =
      '<p>' + 'The harbour authority approved the plan after two years of hearings. '.repeat(12) + '</p>';
    const page = (byline: string) =>
      `<html><head><title>Docks</title></head><body><article><div class="byline">${byline}</div>${body}</article></body></html>`;
    expect(readWithReadability(await loadDom(page('Ann Smith'), 'linkedom', undefined))?.byline).toBe(
      'Ann Smith',
    );
    const long = 'Ann Smith '.repeat(12);
    expect(readWithReadability(await loadDom(page(long), 'linkedom', undefined))?.byline).toBeNull();
  });

  it('finds elements by tag as querySelectorAll does, in document order, outside templates', async () => {
    const tagLists = [
      ['p'],
      ['h1', 'h2'],
      ['img', 'picture', 'figure'],
      ['script', 'noscript'],
      ['a'],
      ['br'],
    ];
    for (const fixture of await listFixtures()) {
      const document = await loadDom(decodeHtml(await readFile(fixture.input)), 'linkedom', fixture.url);
      for (const root of [document, document.body, document.querySelector('article, main, div')]) {
        if (root === null) continue;
        for (const tags of tagLists) {
          const expected = Array.from(root.querySelectorAll(tags.join(',')));
          const found = elementsByTag(root, tags);
          const same =
            found.length === expected.length && found.every((element, index) => element === expected[index]);
          expect(same, `${fixture.name} ${tags.join(',')}: ${found.length} of ${expected.length}`).toBe(true);
        }
      }
    }
    const { document } = await loadDom(
      '<div><P>made</P><template><p>inside</p></template><section><p>deep</p></section></div>',
      'linkedom',
      undefined,
    ).then((document) => ({ document }));
    expect(elementsByTag(document.body, ['p']).map((element) => element.textContent)).toEqual([
      'made',
      'deep',
    ]);
    // jsdom: names matched whatever their case, SVG included, template contents outside the tree.
    const markup =
      '<div><p>one</p><svg><title>icon</title></svg><template><p>inside</p></template><section><P>two</P></section></div>';
    const standard = await loadDom(markup, 'jsdom', undefined);
    standard.body.append(standard.createElement('P'));
    for (const tags of [['p'], ['svg'], ['title'], ['p', 'svg']]) {
      const expected = Array.from(standard.body.querySelectorAll(tags.join(',')));
      const found = elementsByTag(standard.body, tags);
      expect(
        found.length === expected.length && found.every((element, index) => element === expected[index]),
      ).toBe(true);
    }
  });

  it('reads a page that needs a second attempt from a fresh copy, as Readability does from its own', () => {
    // Too little text for a first attempt that strips the "unlikely" sidebar and comments: Readability
    // starts again from the page as it was.
    const words = 'The harbour authority approved the plan after two years of hearings and a vote. ';
    const html = `<html><head><title>Docks</title></head><body>
      <div class="sidebar"><p>${words.repeat(4)}</p></div>
      <div class="comment"><p>${words.repeat(3)}</p></div>
      <div><p>${words}</p></div></body></html>`;
    let rereads = 0;
    const ours = readWithReadability(parseWithLinkedom(html), () => {
      rereads += 1;
      return parseWithLinkedom(html);
    });
    const reference = new Readability(parseWithLinkedom(html), { keepClasses: true }).parse();
    expect(rereads).toBe(1);
    expect(ours === null ? null : { ...ours, content: ours.content?.innerHTML }).toEqual(reference);
    expect(reference?.textContent).toContain('harbour authority');
  });

  it('reads a flyout menu or popover as hidden, as the page shows it until a reader opens it', async () => {
    const description =
      '<p>' +
      'Dig, fight, explore and build in a world of your own, alone or with friends. '.repeat(4) +
      '</p>';
    const languages = ['English', 'Russian', 'German', 'French', 'Polish', 'Turkish', 'Spanish', 'Czech']
      .map(
        (language) =>
          `<label>${language}&nbsp;<span class="summary">Very Positive</span> (12,345)</label><br>`,
      )
      .join('');
    const flyout =
      '<div class="user_reviews_filter_menu_flyout" id="review_language_flyout"><div>' +
      '<div>Languages with enough reviews to generate a language-specific review score have been split out below for ease of filtering.</div>' +
      languages.repeat(4) +
      '</div></div>';
    const page = (panel: string) =>
      `<html><head><title>Game</title></head><body><div id="game_area_description">${description}</div>` +
      `<div class="user_reviews_filter_menu"><button>Language</button>${panel}</div></body></html>`;
    const read = (html: string) =>
      readWithReadability(parseWithLinkedom(html), () => parseWithLinkedom(html));
    expect(read(page(flyout))?.textContent).not.toContain('Languages with enough reviews');
    expect(read(page(flyout))?.textContent).toContain('Dig, fight, explore');
    const popover = flyout
      .replace('user_reviews_filter_menu_flyout', 'popover')
      .replace('review_language_flyout', 'languages');
    expect(read(page(popover))?.textContent).not.toContain('Languages with enough reviews');
    // Readability alone reads the menu as the page's text.
    expect(new Readability(parseWithLinkedom(page(flyout))).parse()?.textContent).toContain(
      'Languages with enough reviews',
    );
  });

  it('keeps a data table whose class sounds unlikely (`sticky-header`), as it keeps the cells of one', async () => {
    const text =
      '<p>' +
      'The prizes are awarded each year in Stockholm and Oslo to people and groups. '.repeat(8) +
      '</p>';
    const rows = ['1901', '1902', '1903']
      .map((year) => `<tr><td>${year}</td><td>Laureate of ${year}</td></tr>`)
      .join('');
    const table = `<table class="wikitable sortable sticky-header"><tr><th>Year</th><th>Physics</th></tr>${rows}</table>`;
    const page = `<html><head><title>Laureates</title></head><body><div id="content">${text}${table}${text}</div></body></html>`;
    expect(readWithReadability(await loadDom(page, 'linkedom', undefined))?.textContent).toContain(
      'Laureate of 1902',
    );
  });
});
