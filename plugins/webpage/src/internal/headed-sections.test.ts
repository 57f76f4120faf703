import { describe, expect, it } from 'vitest';
import { noteHeadedSections } from './headed-sections.js';
import { loadDom, parseWithLinkedom } from './load-dom.js';
import { readWithReadability } from './readability.js';

const prose = (sentence: string, times: number) => `<p>${`${sentence} `.repeat(times)}</p>`;

/** A reference page as PostgreSQL's manual lays it out: name, synopsis, then the sections it scores. */
function referencePage(extraSection = '', wrapperClass = 'refentry'): string {
  // Readability scores the long description highest and leaves the name and synopsis above it.
  const description = [1, 2, 3, 4, 5, 6]
    .map((step) =>
      prose(`In step ${step}, SELECT computes rows from zero or more tables, in turn, one by one.`, 4),
    )
    .join('');
  return `<html><head><title>SELECT</title></head><body>
<div class="navheader"><a href="/docs">Home</a> <a href="next.html">Next</a></div>
<div class="${wrapperClass}">
  <div class="refnamediv"><h2>SELECT</h2><p>SELECT, TABLE, WITH — retrieve rows from a table or view</p></div>
  <div class="refsynopsisdiv"><h2>Synopsis</h2><pre>SELECT [ ALL | DISTINCT ] expression FROM from_item</pre></div>
  <div class="refsect1"><h2>Description</h2>${description}</div>
  <div class="refsect1"><h2>Parameters</h2><div class="refsect2"><h3>WITH Clause</h3>${prose('The WITH clause names subqueries, which the query can then reference by name.', 3)}</div></div>
  ${extraSection}
</div>
<div class="navfooter"><a href="prev.html">Prev</a> <a href="up.html">Up</a></div>
</body></html>`;
}

async function articleText(html: string, reread?: () => Document): Promise<string> {
  const article = readWithReadability(await loadDom(html, 'linkedom', undefined), reread);
  return (article?.textContent ?? '').replace(/\s+/g, ' ');
}

describe('noteHeadedSections', () => {
  it('notes a section opening with a heading of any level, and the places of its container’s children', async () => {
    for (const dom of ['linkedom', 'jsdom'] as const) {
      const document = await loadDom(
        `<html><body><main>
          <div id="intro"><p>Before any heading.</p></div>
          <section id="first"><h3>Third level</h3><p>Text.</p></section>
          <section id="second"><p>Opens with text.</p><h2>Heading later</h2></section>
          <div id="third"><H6>Sixth level</H6><p>Text.</p></div>
        </main></body></html>`,
        dom,
        undefined,
      );
      const byId = (id: string) => document.getElementById(id) as Element;
      const { sections, placeOf } = noteHeadedSections(document);
      expect(sections.has(byId('first'))).toBe(true);
      expect(sections.has(byId('third'))).toBe(true);
      expect(sections.has(byId('second'))).toBe(false);
      expect(sections.has(byId('intro'))).toBe(false);
      const main = document.querySelector('main');
      expect(placeOf.get(byId('intro'))).toEqual({ container: main, index: 0 });
      expect(placeOf.get(byId('third'))).toEqual({ container: main, index: 3 });
    }
  });
});

describe('takeSiblingSections', () => {
  it("takes in a reference page's synopsis and summary that Readability leaves before its sections", async () => {
    const text = await articleText(referencePage());
    expect(text).toContain('Synopsis');
    expect(text).toContain('SELECT [ ALL | DISTINCT ] expression FROM from_item');
    expect(text).toContain('retrieve rows from a table or view');
    // In the page's order: the synopsis before the description.
    expect(text.indexOf('Synopsis')).toBeLessThan(text.indexOf('Description'));
    expect(text).not.toContain('Prev');
  });

  it('leaves a headed list of links and a section of another element', async () => {
    const menu = `<div class="related"><h2>See also</h2><ul><li><a href="/a">INSERT statement reference</a></li><li><a href="/b">UPDATE statement reference</a></li></ul></div>`;
    const aside = `<aside><h2>Newsletter</h2><p>Sign up for our weekly letter.</p></aside>`;
    const text = await articleText(referencePage(menu + aside));
    expect(text).toContain('Synopsis');
    expect(text).not.toContain('See also');
    expect(text).not.toContain('Newsletter');
  });

  // A wrapper whose class says `sidebar` is removed on Readability's first attempt, which then
  // finds too little and reads the page again from the HTML it kept: every element is new.
  it.each([
    ['its own copy of the page', false],
    ['the page parsed again', true],
  ])('takes them in when Readability reads the page a second time, from %s', async (_, reread) => {
    const html = referencePage('', 'refentry has-sidebar');
    const text = await articleText(html, reread ? () => parseWithLinkedom(html) : undefined);
    expect(text).toContain('In step 6, SELECT computes rows');
    expect(text).toContain('SELECT [ ALL | DISTINCT ] expression FROM from_item');
    expect(text.indexOf('Synopsis')).toBeLessThan(text.indexOf('Description'));
  });
});
