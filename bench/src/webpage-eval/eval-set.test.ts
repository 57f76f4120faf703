import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EVAL_SET_DIRECTORY,
  HTML_CORPUS_DIRECTORY,
  labelFileName,
  loadEvalSet,
  PAGE_CLASSES,
  readPageEntries,
  splitOf,
} from './eval-set.js';
import { tokenize } from './shingle-score.js';

const MINIMUM_PAGES = 60;

describe('fixtures/webpage-eval', () => {
  const entries = readPageEntries();

  it(`lists at least ${String(MINIMUM_PAGES)} distinct pages`, () => {
    expect(entries.length).toBeGreaterThanOrEqual(MINIMUM_PAGES);
    expect(new Set(entries.map((entry) => entry.file)).size).toBe(entries.length);
  });

  it('describes every page with a corpus file name, a known class, a language and notes', () => {
    for (const entry of entries) {
      expect(entry.file, entry.file).toMatch(/^[0-9a-f]{64}\.html$/);
      expect(PAGE_CLASSES, entry.file).toContain(entry.class);
      expect(entry.language, entry.file).toMatch(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/);
      expect(entry.notes.trim().length, entry.file).toBeGreaterThan(0);
    }
  });

  it('finds every listed page in ../shared/corpora/html', () => {
    const missing = entries.filter((entry) => !existsSync(join(HTML_CORPUS_DIRECTORY, entry.file)));
    expect(missing.map((entry) => entry.file)).toEqual([]);
  });

  it('has one non-empty label per listed page and no unlisted label', () => {
    const labels = readdirSync(join(EVAL_SET_DIRECTORY, 'labels')).sort();
    expect(labels).toEqual(entries.map((entry) => labelFileName(entry.file)).sort());
    for (const page of loadEvalSet()) {
      expect(tokenize(page.label).length, page.file).toBeGreaterThan(0);
      // Markup the page prints as text (the Daily Mail's escaped `A<sup>x</sup>`) may stay; tags may not.
      expect(page.label, page.file).not.toMatch(/<\/?(p|div|span|a|br|li|img)\b[^>]*>/i);
    }
  });

  it('holds out every 4th page (a fixed quarter of the set) for scoring only', () => {
    expect([0, 1, 2, 3, 4, 7].map(splitOf)).toEqual([
      'train',
      'train',
      'train',
      'held-out',
      'train',
      'held-out',
    ]);
    const heldOut = loadEvalSet().filter((page) => page.split === 'held-out');
    expect(heldOut.length).toBe(Math.floor(entries.length / 4));
  });

  it('keeps its labelling rule beside the labels', () => {
    const rule = readFileSync(join(EVAL_SET_DIRECTORY, 'RULE.md'), 'utf8');
    expect(rule).toContain('## What the article body is');
    expect(rule).toContain('## How a text is scored');
  });
});
