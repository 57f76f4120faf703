import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** `fixtures/webpage-eval`: the labelling rule, `pages.json` and `labels/`. */
export const EVAL_SET_DIRECTORY = resolve(here, '../../../fixtures/webpage-eval');
/** The shared corpus the labelled pages are read from, in place. */
export const HTML_CORPUS_DIRECTORY = resolve(here, '../../../../shared/corpora/html');

/** Page classes of the set (the per-class rows of the bench table). */
export const PAGE_CLASSES = ['news', 'blog', 'docs', 'shop', 'wiki', 'forum', 'other'] as const;
/** One of {@link PAGE_CLASSES}. */
export type PageClass = (typeof PAGE_CLASSES)[number];

/** One entry of `pages.json`. */
export interface EvalPageEntry {
  /** File name in the corpus (`<sha256>.html`); the label is `labels/<sha256>.txt`. */
  file: string;
  class: PageClass;
  /** BCP 47 language of the page's article. */
  language: string;
  /** What is on the page and which labelling decisions it needed. */
  notes: string;
}

/**
 * Every `HELD_OUT_EVERY`-th page of `pages.json` (the 4th, 8th, …) is held out: it is scored but never
 * looked at while tuning the extractor, so its score estimates how the extractor does on unseen pages.
 */
export const HELD_OUT_EVERY = 4;

/** Which part of the set a page is in (see {@link HELD_OUT_EVERY}). */
export type EvalSplit = 'train' | 'held-out';

/** The split of the page at `index` (0-based) in `pages.json` order. */
export function splitOf(index: number): EvalSplit {
  return index % HELD_OUT_EVERY === HELD_OUT_EVERY - 1 ? 'held-out' : 'train';
}

/** A labelled page ready to score. */
export interface EvalPage extends EvalPageEntry {
  split: EvalSplit;
  /** Absolute path of the page in the corpus. */
  htmlPath: string;
  /** The hand-labelled article body. */
  label: string;
}

/** The label file of a corpus file name. */
export function labelFileName(file: string): string {
  return file.replace(/\.html$/, '.txt');
}

/** Reads `pages.json` as written (no checks: the set's own test checks it). */
export function readPageEntries(directory = EVAL_SET_DIRECTORY): EvalPageEntry[] {
  return JSON.parse(readFileSync(join(directory, 'pages.json'), 'utf8')) as EvalPageEntry[];
}

/** Every listed page with its label and corpus path. */
export function loadEvalSet(directory = EVAL_SET_DIRECTORY, corpus = HTML_CORPUS_DIRECTORY): EvalPage[] {
  return readPageEntries(directory).map((entry, index) => ({
    ...entry,
    split: splitOf(index),
    htmlPath: join(corpus, entry.file),
    label: readFileSync(join(directory, 'labels', labelFileName(entry.file)), 'utf8'),
  }));
}
