import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { createTestContext, fixtures, toPlainText, toSourceFile, tokenF1 } from './helpers.js';

const known = readFileSync(join(fixtures, 'known-text.expected.txt'), 'utf8');
const partlyBlurred = join(fixtures, 'partly-blurred.png');

/** What the bare tesseract CLI reads on the page (the engine wrapped, at its defaults). */
function bareTesseract(path: string): string {
  const result = spawnSync('tesseract', [path, 'stdout'], {
    encoding: 'utf8',
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  });
  if (result.status !== 0) throw new Error(`tesseract failed: ${result.stderr}`);
  return result.stdout;
}

describe.each(['tesseract', 'tesseract.js'] as const)('a page %s reads only in part', (engine) => {
  const source = createOcrSource({ engine });
  afterAll(async () => {
    await source.close?.();
  });

  it('keeps the words read well, reports the page’s confidence and names the weak page in a warning', async () => {
    const { ctx, warnings } = createTestContext(source.manifest.limits);
    const document = await source.extract(toSourceFile(partlyBlurred, 'image/png'), ctx);
    const text = toPlainText(document.root);
    // The unblurred left part of every line survives; the garbage read in the blurred part does not.
    for (const words of [
      'The quick brown fox',
      'Scanned pages have',
      'rendered and read by',
      'Every page keeps',
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/[@§‘"\]]/);
    const facts = document.metadata.facts ?? {};
    expect(facts).toMatchObject({ ocr_pages: 1, ocr_weak_pages: '1' });
    expect(facts['ocr_confidence']).toBeLessThan(0.7);
    expect(facts['ocr_page_confidences']).toBe(`1: ${String(facts['ocr_confidence'])}`);
    expect(facts['ocr_dropped_words']).toBeGreaterThan(5);
    expect(warnings).toEqual([
      expect.stringMatching(/^ocr_low_confidence: page 1 \(0\.\d\d\) read with a confidence below 0\.7; /),
    ]);
    for (const node of document.root.children) expect(node.data?.provenance?.confidence).toBeLessThan(0.7);
  });

  it('scores at least as well as the bare tesseract CLI on that page (token F1 against the known text)', async () => {
    const { ctx } = createTestContext(source.manifest.limits);
    const document = await source.extract(toSourceFile(partlyBlurred, 'image/png'), ctx);
    const ours = tokenF1(toPlainText(document.root), known);
    const bare = tokenF1(bareTesseract(partlyBlurred), known);
    expect(bare).toBeLessThan(0.9);
    expect(ours).toBeGreaterThanOrEqual(bare);
  });
});

describe('pages read in full', () => {
  const source = createOcrSource();
  afterAll(async () => {
    await source.close?.();
  });

  it('report their confidence page by page with no weak page and no warning', async () => {
    const { ctx, warnings } = createTestContext(source.manifest.limits);
    const document = await source.extract(toSourceFile(join(fixtures, 'multipage.tiff'), 'image/tiff'), ctx);
    const facts = document.metadata.facts ?? {};
    expect(facts['ocr_page_confidences']).toMatch(/^1: 0\.\d+, 2: 0\.\d+, 3: 0\.\d+$/);
    expect(facts['ocr_weak_pages']).toBeUndefined();
    expect(warnings).toEqual([]);
  });
});
