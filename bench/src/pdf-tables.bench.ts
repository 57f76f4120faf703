/**
 * PDF table fidelity on the hand-checked tables of `fixtures/pdf-tables` (issue 25): cell-adjacency
 * precision, recall and F1 of the tables in our raw_source markdown, on the development part and on
 * the held-out part, side by side with `@firecrawl/pdf-inspector`'s markdown on the same files,
 * and the time each takes per page (in process, median of `BENCH_RUNS`, default 3). Per-file scores
 * go to `bench/results/pdf-tables.json`. No target: the issue's 0.85 is checked on a set we do not see.
 *
 *   node --conditions=development --import tsx bench/src/pdf-tables.bench.ts
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { extractPagesMarkdown } from '@firecrawl/pdf-inspector';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { runIfMain, timeMedian, recordResults, type BenchReport } from './bench-report.js';
import { scoreAdjacency, toF1, type AdjacencyScore } from './pdf-tables/cell-adjacency.js';
import { labelledGrids, readLabelSet, type LabelledPdf } from './pdf-tables/label-set.js';
import { tablesOfMarkdown } from './pdf-tables/markdown-tables.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);

type Extractor = (path: string) => Promise<{ markdown: string; pages: number }>;

function ours(source: ReturnType<typeof createOcrSource>): Extractor {
  return async (path) => {
    const ctx = createTestContext({ limits: { ...source.manifest.limits } });
    const file = { name: basename(path), mediaType: 'application/pdf', sizeBytes: statSync(path).size, path };
    const document = await source.extract(file, ctx);
    const markdown = unified().use(remarkGfm).use(remarkStringify).stringify(document.root);
    return { markdown, pages: document.metadata.pageCount ?? 1 };
  };
}

const inspector: Extractor = (path) => {
  const result = extractPagesMarkdown(readFileSync(path));
  return Promise.resolve({
    markdown: result.pages.map((page) => page.markdown).join('\n\n'),
    pages: result.pages.length,
  });
};

interface Outcome {
  file: string;
  split: string;
  score: AdjacencyScore;
  msPerPage: number;
}

async function measure(extract: Extractor, pdfs: LabelledPdf[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const pdf of pdfs) {
    const { ms, result } = await timeMedian(RUNS, () => extract(pdf.path));
    const score = scoreAdjacency(tablesOfMarkdown(result.markdown), labelledGrids(pdf));
    outcomes.push({ file: pdf.name, split: pdf.split, score, msPerPage: ms / Math.max(1, result.pages) });
  }
  return outcomes;
}

function row(name: string, split: string, outcomes: Outcome[]): (string | number)[] {
  const part = outcomes.filter((outcome) => split === 'all' || outcome.split === split);
  const { precision, recall, f1 } = toF1(part.map((outcome) => outcome.score));
  const ms = part.reduce((sum, outcome) => sum + outcome.msPerPage, 0) / Math.max(1, part.length);
  return [name, split, part.length, precision.toFixed(3), recall.toFixed(3), f1.toFixed(3), ms.toFixed(1)];
}

/** Runs both extractors over the label set and reports their scores. */
export async function run(): Promise<BenchReport> {
  const pdfs = readLabelSet();
  const source = createOcrSource({ ocr: false });
  try {
    const ourOutcomes = await measure(ours(source), pdfs);
    const theirOutcomes = await measure(inspector, pdfs);
    const rows = ['dev', 'heldout', 'all'].flatMap((split) => [
      row('transmute', split, ourOutcomes),
      row('pdf-inspector', split, theirOutcomes),
    ]);
    const perFile = ourOutcomes.map((outcome, index) => {
      const theirs = theirOutcomes[index];
      const f1 = (score: AdjacencyScore | undefined): string =>
        score === undefined ? '-' : toF1([score]).f1.toFixed(3);
      return [outcome.file, outcome.split, f1(outcome.score), f1(theirs?.score)];
    });
    return recordResults('pdf-tables', {
      title: `PDF tables: cell adjacency on ${pdfs.length} hand-checked PDFs (fixtures/pdf-tables)`,
      columns: ['extractor', 'split', 'pdfs', 'precision', 'recall', 'F1', 'ms/page'],
      rows,
      tables: [
        { title: 'Per file (F1)', columns: ['file', 'split', 'transmute', 'pdf-inspector'], rows: perFile },
      ],
    });
  } finally {
    await source.close?.();
  }
}

await runIfMain(import.meta.url, run);
