import { describe, expect, it } from 'vitest';
import { convertHtml } from '../src/index.js';
import { toMarkdown } from './golden.js';

/** A product's marketing page as a phone maker lays it out: one long section and short ones beside it. */
const LONG =
  'The new processor is the heart of the phone, with a faster neural engine, an improved graphics unit and a ' +
  'big jump in memory bandwidth, so games, films and everyday apps run faster and smoother than ever before. ';
const FEATURES = [
  [
    'Always ready in all weather',
    'Rated for water and dust, the design is made to last wherever your journey takes you, rain or shine, sea or city.',
  ],
  [
    'A battery that lasts',
    'An ultra-slim cell overflows with power, and fast charging fills it again in the time a coffee takes.',
  ],
  [
    'A display to remember',
    'The brightest screen we have made keeps colours true in sunlight and easy on the eyes at night.',
  ],
  [
    'Portraits like a studio',
    'Three lenses tuned with a camera maker give faces depth, skin its tone and every shot its light.',
  ],
] as const;

function section(title: string, paragraphs: string[], name: string): string {
  const text = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');
  return `<div class="${name}"><div class="mx-auto"><h2>${title}</h2><div class="desc">${text}</div></div></div>`;
}

describe('a page whose longest section Readability read alone', () => {
  it("reads the page's region when the section holds two fifths of it, not the section alone", async () => {
    // The long section holds 40 % of the region's letters (the phone maker's page held 39 %): once
    // the page's own header, navigation and footer leave the region whatever they hold, a section of
    // this share is still one section of a page that is no article.
    const html = `<!DOCTYPE html><html lang="en"><head><title>Phone 13</title></head><body>
<header><nav><a href="/">Home</a> <a href="/phones">Phones</a> <a href="/support">Support</a></nav></header>
<main><div class="hero"><h1>Phone 13</h1><p>From $899</p></div>
${section('Extreme performance that endures', [LONG, LONG, LONG], 'performance')}
${FEATURES.map(([title, text], index) => section(title, [text, text], `feature-${index + 1}`)).join('\n')}
</main><footer>© 2026 Phone Co</footer></body></html>`;
    const { root } = await convertHtml(html, { url: 'https://phone.example/13' });
    const markdown = toMarkdown(root);
    expect(markdown).toContain('faster neural engine');
    for (const [title, text] of FEATURES) {
      expect(markdown).toContain(title);
      expect(markdown).toContain(text);
    }
    expect(markdown).not.toContain('Support');
    expect(markdown).not.toContain('Phone Co');
  });
});

/** A news site's section front: a video playlist (each clip a caption), its top stories, the most read. */
const CLIPS = [
  'Grizzly bears wear video collars',
  'Scientists study the rarest whale',
  'Animals that sleep while flying',
  'Dinosaur footprints found in Bolivia',
  'Vaquita calves seen off Mexico',
  'Fiber-optic cables listen to orcas',
  'Microchips for rare salamanders',
  'Ice cores drilled in Tajikistan',
] as const;
const CAPTION =
  'Researchers working in remote places shared footage of their fieldwork, and the pictures show what a camera sees there.';
const HEADLINES = [
  'Spacecraft nudged an asteroid around the sun',
  'No asteroid will hit the moon in 2032, the agency says',
  'A total lunar eclipse turns the moon red on Tuesday',
  'Ancient humans and Neanderthals met more often than thought',
  'The agency revamps its moon landing plans after delays',
  'Cave handprints are the oldest rock art found yet',
  'Mummified cheetahs found in desert caves of the peninsula',
  'A sneaker squeak explained by a friction test on a court',
  'Fireflies still decline after a bright summer in the northeast',
  'A shipwreck identified on a Scottish island by its timbers',
  'Hungry sea otters help save a salt marsh from erosion',
  'The largest coral yet is found in the Pacific Ocean',
] as const;
/** The site's menu: every section of the paper, in its header. */
const SECTIONS = Array.from(
  { length: 40 },
  (_, index) => `<a href="/s/${index}">Section ${index} of the paper</a>`,
).join(' ');

describe('a section front whose video playlist Readability read alone', () => {
  it('reads the whole section page when the reading is itself a run of repeated items', async () => {
    const clips = CLIPS.map(
      (title, index) =>
        `<div class="playlist-item"><p>${title}</p><p>Clip ${index + 1}. ${CAPTION}</p></div>`,
    ).join('');
    const links = (titles: readonly string[]) =>
      `<ul>${titles.map((title, index) => `<li><a href="/story/${index}">${title}</a></li>`).join('')}</ul>`;
    const html = `<!DOCTYPE html><html lang="en"><head><title>Science</title>
<meta property="og:type" content="website"></head><body>
<header><nav>${SECTIONS}</nav></header>
<main><h1>Science</h1><section class="top"><h2>Top stories</h2>${links(HEADLINES.slice(0, 6))}</section>
<section class="playlist"><h2>What you missed</h2>${clips}</section>
<section class="latest"><h2>Latest</h2>${links(HEADLINES.slice(6))}</section>
</main><footer>© 2026 News Co</footer></body></html>`;
    const { root } = await convertHtml(html, { url: 'https://news.example/science' });
    const markdown = toMarkdown(root);
    for (const title of CLIPS) expect(markdown).toContain(title);
    for (const title of HEADLINES) expect(markdown).toContain(title);
    expect(markdown).not.toContain('of the paper');
  });
});
