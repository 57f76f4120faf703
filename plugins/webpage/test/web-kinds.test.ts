import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import type { Nodes } from 'mdast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebpageSource } from '../src/index.js';

// Real pages that are not articles (WCXB, CC-BY-4.0), read in place from ../shared beside the
// project as corpus.test.ts reads its pages, with their human-reviewed ground truth: snippets the
// main content must hold (`with`) and chrome it must not (`without`).
const WEB_KINDS_DIR = new URL('../../../../shared/corpora/web-kinds/', import.meta.url).pathname;

interface GroundTruth {
  ground_truth: { with?: string[] | null; without?: string[] | null };
}

const source = createWebpageSource({ maxThreads: 1 });
let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'webpage-kinds-'));
});
afterAll(async () => {
  await source.close?.();
  await rm(workDir, { recursive: true, force: true });
});

/** A tree's text with every node's text apart (toString runs blocks and items together). */
const textOf = (node: Nodes): string =>
  'value' in node ? node.value : 'children' in node ? node.children.map(textOf).join(' ') : '';
const words = (text: string): string => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

async function convertPage(
  id: string,
): Promise<{ text: string; root: Nodes; truth: GroundTruth['ground_truth'] }> {
  const path = join(workDir, `${id}.html`);
  await writeFile(path, gunzipSync(await readFile(join(WEB_KINDS_DIR, 'html', `${id}.html.gz`))));
  const file = { name: `${id}.html`, mediaType: 'text/html', sizeBytes: (await stat(path)).size, path };
  const document = await source.extract(file, createTestContext());
  const truth = JSON.parse(
    await readFile(join(WEB_KINDS_DIR, 'ground-truth', `${id}.json`), 'utf8'),
  ) as GroundTruth;
  return { text: words(textOf(document.root)), root: document.root, truth: truth.ground_truth };
}

describe('pages that are not articles', () => {
  it(
    "keeps a course listing's items from its main region, not Readability's one heading (pll.harvard.edu)",
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('4343');
      expect(truth.with?.length).toBeGreaterThan(0);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      for (const snippet of truth.without ?? []) expect(text, snippet).not.toContain(words(snippet));
    },
  );

  it(
    "keeps an index page's lists of links when they are most of its article (en.wikipedia.org, List of programming languages)",
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('2904');
      expect(truth.with?.length).toBeGreaterThan(0);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      for (const snippet of truth.without ?? []) expect(text, snippet).not.toContain(words(snippet));
    },
  );

  it(
    "adds a shop's product description from its JSON-LD when the page as read lacks it (Dark Roast Coffee, deathwishcoffee.com)",
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('0583');
      expect(truth.with?.length).toBeGreaterThan(0);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      // The product's own block (its name, price, description and cart button), not the shop's
      // menus around it.
      expect(text).not.toContain(words('Build Your Own Bundle'));
    },
  );

  it(
    'reads a forum thread that shows its posts only without scripts from its <noscript> (Discourse, forum.lingq.com)',
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('1126');
      expect(truth.with?.length).toBeGreaterThan(0);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      expect(text).not.toContain(words('best viewed with JavaScript enabled'));
    },
  );

  it(
    'reads a thread from its <noscript> when that holds more text than the loading notices around it (Flarum, discuss.flarum.org)',
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('0557');
      expect(truth.with?.length).toBeGreaterThan(0);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      for (const snippet of truth.without ?? []) expect(text, snippet).not.toContain(words(snippet));
    },
  );

  it(
    'keeps every post of a phpBB thread, not only the first: its posts stand under role=main, shaded bg1 / bg2 in turn (bogleheads.org)',
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('0538');
      expect(truth.with?.length).toBeGreaterThan(1);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      for (const snippet of truth.without ?? []) expect(text, snippet).not.toContain(words(snippet));
    },
  );

  it(
    "keeps a documentation page's code samples in every language tab, not only the open one (twilio.com)",
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('0681');
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      expect(text).toContain(words('Install the Twilio PHP SDK'));
      expect(text).toContain(words('Install the Twilio Node.js SDK'));
    },
  );

  it(
    "keeps a forum thread's posts, named `comment-…` by its template, as the page's content (forum.kerbalspaceprogram.com)",
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('0544');
      expect(truth.with?.length).toBeGreaterThan(1);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      for (const snippet of truth.without ?? []) expect(text, snippet).not.toContain(words(snippet));
    },
  );

  it(
    'converts a page whose article held only boilerplate from its body instead of refusing it (consultingpoint.com)',
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('0147');
      const found = (truth.with ?? []).filter((snippet) => text.includes(words(snippet)));
      expect(found.length).toBeGreaterThan(0);
    },
  );

  it(
    "reads a store page's description, not the hidden flyout menu of review languages (store.steampowered.com)",
    { timeout: 60_000 },
    async () => {
      const { text } = await convertPage('3074');
      expect(text).toContain(
        words('Are you up for the monumental task of exploring, creating, and defending'),
      );
      expect(text).not.toContain(
        words('Languages with enough reviews to generate a language-specific review score'),
      );
    },
  );

  it(
    "keeps a product's description, not its reviews and the shop's policies around it (allbirds.com)",
    { timeout: 60_000 },
    async () => {
      const { text } = await convertPage('0580');
      expect(text).toContain(words('A true original, our Wool Runner combines soft Merino wool'));
      expect(text).toContain(words('This shoe is washing machine approved'));
      expect(text).not.toContain(words('Free Shipping on Orders over $75'));
      expect(text).not.toContain(words('Legal Disclosure / Law Enforcement'));
    },
  );

  it(
    "keeps a Q&A page's answers with its question (serverfault.com, schema.org Question and Answer)",
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('2828');
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      expect(text).not.toContain(words('The Overflow Blog'));
    },
  );

  it(
    "keeps a shop's product cards that WordPress classes by their tags and names `product-caption` (thebushcompanyusa.com)",
    { timeout: 60_000 },
    async () => {
      const { text } = await convertPage('4544');
      // Each card's text (its description), not only its picture: a caption holds no heading.
      for (const card of [
        'The MSA 4X4 Dash Organiser is another innovative MSA 4X4',
        'The Bush Company Heavy Duty Air Jack is designed to',
        'The Canopy Shelf Dining Set 6 Place from the Bush',
      ]) {
        expect(text, card).toContain(words(card));
      }
    },
  );

  it(
    "reads a service page's every section, not the one run of prose Readability took (getbellhops.com)",
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('0302');
      expect(truth.with?.length).toBeGreaterThan(1);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
    },
  );

  it(
    "reads an ended listing's item, not its other items or the cookie banner Readability took once they were gone (ebay.com)",
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('2991');
      expect(truth.with?.length).toBeGreaterThan(0);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      for (const snippet of truth.without ?? []) expect(text, snippet).not.toContain(words(snippet));
      expect(text).not.toContain('we use cookies and other technologies');
      expect(text).not.toContain('kupplung satz rymec');
    },
  );

  it.each([
    ['2967', 'aljazeera.com', 'you rely on al jazeera for truth and transparency'],
    ['2968', 'arstechnica.com', 'we and our partners use cookies and similar methods'],
  ])(
    "reads a news front page's teasers, not the cookie banner Readability took for its article (%s, %s)",
    { timeout: 60_000 },
    async (id, _site, banner) => {
      const { text, truth } = await convertPage(id);
      expect(truth.with?.length).toBeGreaterThan(0);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      expect(text).not.toContain(banner);
    },
  );
  it(
    "reads a Q&A page's question and answers without the remarks under them (askubuntu.com)",
    { timeout: 60_000 },
    async () => {
      const { text, truth } = await convertPage('0567');
      expect(truth.with?.length).toBeGreaterThan(0);
      for (const snippet of truth.with ?? []) expect(text, snippet).toContain(words(snippet));
      expect(text).not.toContain(words('May I ask why you want to do this?'));
      expect(text).not.toContain(words('Because i hate reinstalling all my apps and PPAs'));
    },
  );
});
