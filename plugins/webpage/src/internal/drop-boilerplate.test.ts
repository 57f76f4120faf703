import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

function convert(html: string, region: boolean): string {
  return toMarkdown(toMdast(articleElement(html), { baseUrl: 'https://jobs.example/', region }));
}

const JOBS = [
  ['Software Engineer', 'Cortes 23', '$50,000 - $74,999 USD'],
  ['Senior Ruby on Rails Developer', 'OnTheGoSystems', '$75,000 - $99,999 USD'],
  ['Full-Stack Developer', 'Electe', '$100,000 or more USD'],
  ['Shopify Engineer', 'Sticker Mule', '$50,000 - $74,999 USD'],
];

/** A job board's list: each card is one link around its title, company and salary lines. */
const JOB_LIST = `<ul>${JOBS.map(
  ([title = '', company = '', salary = '']) =>
    `<li><a href="/jobs/${title.replace(/\W+/g, '-')}"><img src="/logo.png" alt="${company} is hiring a remote ${title}">` +
    `<div><h3>${title}</h3><p>18d</p></div><p>${company}</p><p>Remote</p><p>${salary}</p></a></li>`,
).join('')}</ul>`;

describe('dropBoilerplate on a page of items', () => {
  it('keeps every line of a card that one link wraps whole (title, company, salary)', () => {
    const markdown = convert(JOB_LIST, true);
    expect(markdown).toContain('Senior Ruby on Rails Developer');
    expect(markdown).toContain('OnTheGoSystems');
    expect(markdown).toContain('$100,000 or more USD');
  });

  it("clears the alt text of the items' linked pictures (thumbnails), and keeps an article's", () => {
    expect(convert(JOB_LIST, true)).not.toContain('is hiring a remote');
    const article =
      '<p>The new harbour bridge opened on Monday after four years of work on its two towers and deck.</p>' +
      '<p><a href="/bridge"><img src="/bridge.jpg" alt="The harbour bridge at dusk"></a></p>';
    expect(convert(article, false)).toContain('The harbour bridge at dusk');
  });

  it("clears the alt text of the poster every item shows unlinked, and keeps a picture's that stands once", () => {
    // A chart of films: each entry shows a poster (not a link) and its linked title.
    const films = ['The Bluff', 'Wuthering Heights', 'The Housemaid', 'Shelter', 'Hamnet']
      .map(
        (title, index) =>
          `<li class="chart-item"><div class="poster"><img class="poster-image" src="/p${index}.jpg" alt="Two actors in ${title}"></div>` +
          `<h3><a href="/title/${index}">${title}</a></h3><p>2026 · 1h 41m</p></li>`,
      )
      .join('');
    const markdown = convert(
      `<p><img class="banner" src="/chart.jpg" alt="Most popular films this week"></p><ul>${films}</ul>`,
      true,
    );
    expect(markdown).toContain('Wuthering Heights');
    expect(markdown).not.toContain('Two actors in');
    expect(markdown).toContain('Most popular films this week');
  });

  it("drops the linked lines of a card as teasers beside an article's text", () => {
    const text =
      'The harbour authority approved the plan after two years of hearings, and the first ships will dock in spring. '.repeat(
        4,
      );
    const markdown = convert(
      `<p>${text}</p><div><a href="/more"><p>Cortes 23</p><p>Remote</p></a></div>`,
      false,
    );
    expect(markdown).toContain('The harbour authority approved the plan');
    expect(markdown).not.toContain('Cortes 23');
  });

  it('keeps the linked lines every item repeats (authors, formats) and drops a linked line that stands once', () => {
    const papers = [
      'Learning to see',
      'Models of language',
      'Graphs at scale',
      'Robust agents',
      'Sparse codes',
    ]
      .map(
        (title, index) =>
          `<dt><a href="/abs/${String(index)}">arXiv:2603.0${String(index)}</a> [<a href="/pdf/${String(index)}">pdf</a>, <a href="/html/${String(index)}">html</a>]</dt>` +
          `<dd><div class="list-title">Title: ${title}</div><div class="list-authors"><a href="/a/${String(index)}">Ada Lovelace</a>, <a href="/b/${String(index)}">Alan Turing</a></div></dd>`,
      )
      .join('');
    const markdown = convert(
      `<dl>${papers}</dl><div class="share"><a href="/fb">Facebook</a> <a href="/x">Bluesky</a></div>`,
      true,
    );
    expect(markdown).toContain('Title: Graphs at scale');
    expect(markdown.match(/Alan Turing/g)).toHaveLength(5);
    expect(markdown).toContain('arXiv:2603.04');
    expect(markdown).not.toContain('Bluesky');
  });
});
