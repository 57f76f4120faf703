import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isTransmuteError } from '@transmute/contract';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { toString } from 'mdast-util-to-string';
import { afterAll, expect, it } from 'vitest';
import { createWebpageSource } from '../src/index.js';

// 258 real pages (AndreasMadsen/htmlparser-benchmark), read in place from ../shared beside the project.
const CORPUS_DIR = new URL('../../../../shared/corpora/html/', import.meta.url).pathname;
/** Failures that are answers, not crashes: the page holds no readable text (issue 26: never refuse text). */
const CLEAN_FAILURES = new Set(['empty_content']);

// The source's own time limit per page (15 s): this test asks that every page converts whole;
// how fast is the bench's to say (`webpage.bench.ts`), not a limit a loaded machine trips.
const source = createWebpageSource({ maxThreads: 2 });
afterAll(() => source.close?.());

/**
 * A page linkedom misreads (an unclosed `<![CDATA[` hides its body), so the worker that converts it
 * also loads jsdom, the fallback a few corpus pages need: about a second the first time in a worker,
 * module loading that is not the page's own conversion time.
 */
async function writeFallbackPage(directory: string): Promise<string> {
  const path = join(directory, 'linkedom-misreads.html');
  const post =
    '<p>The first post of the thread asks which card runs cool under load, and at what price. </p>';
  await writeFile(path, `<html><body><div><![CDATA[<div>${post.repeat(6)}</div></div></body></html>`);
  return path;
}

interface Outcome {
  name: string;
  sizeBytes: number;
  ms: number;
  characters: number;
  code: string | undefined;
  /** The page has a title and it is not the document's first heading, or more than one block is marked title. */
  titleMisplaced: boolean;
}

async function convert(name: string): Promise<Outcome> {
  const path = join(CORPUS_DIR, name);
  const sizeBytes = (await stat(path)).size;
  const started = performance.now();
  const file = { name, mediaType: 'text/html', sizeBytes, path, baseUrl: 'https://corpus.example/page/' };
  try {
    const document = await source.extract(file, createTestContext());
    const titles = document.root.children.filter((block) => block.data?.title === true);
    const firstHeading = document.root.children.find((block) => block.type === 'heading');
    const titleMisplaced =
      titles.length > 1 || (document.metadata.title !== undefined && titles[0] !== firstHeading);
    return {
      name,
      sizeBytes,
      ms: performance.now() - started,
      characters: toString(document.root).length,
      code: undefined,
      titleMisplaced,
    };
  } catch (error) {
    if (!isTransmuteError(error)) throw error;
    return {
      name,
      sizeBytes,
      ms: performance.now() - started,
      characters: 0,
      code: `${error.code}: ${error.message}`,
      titleMisplaced: false,
    };
  }
}

it(
  'converts every corpus page without a crash or hang, each within the time limit, keeping plausible text',
  { timeout: 900_000 },
  async () => {
    const names = (await readdir(CORPUS_DIR)).filter((name) => name.endsWith('.html')).sort();
    expect(names.length).toBeGreaterThanOrEqual(250);
    // Warm both workers up, jsdom included, so the first pages' times are not module loading.
    const scratch = await mkdtemp(join(tmpdir(), 'webpage-corpus-'));
    const fallbackPage = await writeFallbackPage(scratch);
    const warmUp = { name: 'warm-up.html', mediaType: 'text/html', sizeBytes: 1, path: fallbackPage };
    const warmUpContexts = [createTestContext(), createTestContext()];
    await Promise.all(warmUpContexts.map((ctx) => source.extract(warmUp, ctx)));
    for (const ctx of warmUpContexts)
      expect(ctx.warnings.some((warning) => warning.startsWith('dom_fallback'))).toBe(true);
    await rm(scratch, { recursive: true, force: true });
    const outcomes: Outcome[] = [];
    // Two lanes for the pool's two workers: each page's wall time is its own conversion, not queueing.
    const queue = [...names];
    const lane = async (): Promise<void> => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift())
        outcomes.push(await convert(name));
    };
    await Promise.all([lane(), lane()]);
    const unexpected = outcomes.filter(
      (outcome) => outcome.code !== undefined && !CLEAN_FAILURES.has(outcome.code.split(':')[0] ?? ''),
    );
    const short = outcomes.filter((outcome) => outcome.characters < 200);
    const slowest = outcomes.reduce((a, b) => (b.ms > a.ms ? b : a));
    const shortShare = short.length / outcomes.length;
    console.log(
      `webpage corpus: ${outcomes.length} pages, ${outcomes.filter((o) => o.code === undefined).length} converted, ` +
        `${short.length} (${(shortShare * 100).toFixed(1)} %) empty or under 200 characters; ` +
        `failed: ${JSON.stringify(outcomes.filter((o) => o.code !== undefined).map((o) => [o.name.slice(0, 8), o.code]))}; ` +
        `slowest ${slowest.name} (${slowest.sizeBytes} B) in ${Math.round(slowest.ms)} ms`,
    );
    // A `timeout` here would mean a page passed the source's time limit: no page may.
    expect(unexpected).toEqual([]);
    // CONTRACT §13: the page's own title is the document's first heading, marked as the title.
    expect(outcomes.filter((outcome) => outcome.titleMisplaced).map((outcome) => outcome.name)).toEqual([]);
    // Real pages are mostly articles, docs and listings: nearly all must keep real text.
    expect(shortShare).toBeLessThan(0.05);
    for (const outcome of outcomes) expect(outcome.characters).toBeLessThan(outcome.sizeBytes);
  },
);
