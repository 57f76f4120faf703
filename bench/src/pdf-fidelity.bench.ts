/**
 * PDF text fidelity (issue 16, item 2): token F1 of our text (the OCR source's text layer with OCR
 * off, then the engine's normalization) against `pdftotext` (poppler) on every PDF of
 * `../shared/corpora/pdf`, read in place. A file counts as a text-layer PDF when pdftotext reads at
 * least {@link MIN_REFERENCE_TOKENS} words from it. Prints the mean, the per-file scores under 0.8
 * with a reason (pdftotext reads garbage, or which side has the words the other lacks) and writes
 * every file's score to `bench/results/pdf-fidelity.json`. Targets: mean token F1 >= 0.95, and no
 * file under 0.8 unless pdftotext reads garbage (issue 16), both over the files where it does not.
 *
 *   node --conditions=development --import tsx bench/src/pdf-fidelity.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeDocument } from '@transmute/engine';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { runIfMain, type BenchReport } from './bench-report.js';
import { scoreTokens, toTokens, unmappedShare, type TokenScore } from './pdf-fidelity/token-f1.js';

const here = dirname(fileURLToPath(import.meta.url));
const corpus = resolve(here, '../../../shared/corpora/pdf');
const resultsFile = resolve(here, '../results/pdf-fidelity.json');
/** Fewer words than this from pdftotext: no text layer worth scoring against. */
const MIN_REFERENCE_TOKENS = 10;
const TARGET_MEAN = 0.95;
const LOW_SCORE = 0.8;
/** pdftotext output with more unmapped glyphs than this share is garbage, not a reference. */
const GARBAGE_SHARE = 0.05;

/** One file's outcome. */
interface FileScore extends TokenScore {
  file: string;
  /** Our failure code when the source refused the file. */
  failure?: string;
  reason?: string;
}

function pdftotext(path: string): string | undefined {
  const result = spawnSync('pdftotext', ['-q', '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return result.status === 0 ? result.stdout : undefined;
}

async function ourText(source: ReturnType<typeof createOcrSource>, path: string): Promise<string> {
  const ctx = createTestContext({ limits: { ...source.manifest.limits } });
  const extracted = await source.extract(
    { name: basename(path), mediaType: 'application/pdf', sizeBytes: statSync(path).size, path },
    ctx,
  );
  return normalizeDocument(extracted).text;
}

/** pdftotext output whose tokens are mostly one or two characters long cut words into pieces. */
const FRAGMENT_SHARE = 0.5;

function fragmentShare(reference: string): number {
  const tokens = toTokens(reference);
  return tokens.filter((token) => token.length <= 2).length / Math.max(1, tokens.length);
}

function reasonOf(score: FileScore, reference: string): string {
  if (unmappedShare(reference) > GARBAGE_SHARE) return 'pdftotext garbage (unmapped glyphs)';
  if (fragmentShare(reference) > FRAGMENT_SHARE) return 'pdftotext garbage (words cut into pieces)';
  if (score.failure !== undefined) return `ours failed: ${score.failure}`;
  if (score.recall < score.precision) return 'ours drops words pdftotext has';
  return 'ours has words pdftotext lacks';
}

/** Scores every text-layer PDF of the corpus against pdftotext. */
export async function run(): Promise<BenchReport> {
  const source = createOcrSource({ ocr: false });
  const scores: FileScore[] = [];
  let withoutText = 0;
  try {
    for (const name of readdirSync(corpus)
      .filter((entry) => entry.endsWith('.pdf'))
      .sort()) {
      const path = join(corpus, name);
      const reference = pdftotext(path);
      if (reference === undefined || toTokens(reference).length < MIN_REFERENCE_TOKENS) {
        withoutText += 1;
        continue;
      }
      let score: FileScore;
      try {
        score = { file: name, ...scoreTokens(await ourText(source, path), reference) };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        score = {
          file: name,
          ...scoreTokens('', reference),
          failure: typeof code === 'string' ? code : 'error',
        };
      }
      if (score.f1 < LOW_SCORE) score.reason = reasonOf(score, reference);
      scores.push(score);
    }
  } finally {
    await source.close?.();
  }
  const mean = (pick: (score: FileScore) => number) =>
    scores.reduce((sum, score) => sum + pick(score), 0) / Math.max(1, scores.length);
  const low = scores.filter((score) => score.f1 < LOW_SCORE).sort((a, b) => a.f1 - b.f1);
  const clean = scores.filter((score) => !(score.reason ?? '').startsWith('pdftotext garbage'));
  const cleanMean = clean.reduce((sum, score) => sum + score.f1, 0) / Math.max(1, clean.length);
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(scores, null, 2)}\n`);
  const fixed = (value: number) => value.toFixed(3);
  return {
    title: 'PDF text fidelity: token F1 against pdftotext on text-layer PDFs',
    columns: [
      'files',
      'mean F1',
      'mean precision',
      'mean recall',
      'mean F1 without pdftotext garbage',
      'under 0.8',
    ],
    rows: [
      [
        scores.length,
        fixed(mean((score) => score.f1)),
        fixed(mean((score) => score.precision)),
        fixed(mean((score) => score.recall)),
        fixed(cleanMean),
        low.length,
      ],
    ],
    tables: [
      {
        title: `Files under ${String(LOW_SCORE)}`,
        columns: ['file', 'F1', 'precision', 'recall', 'our tokens', 'pdftotext tokens', 'reason'],
        rows: low.map((score) => [
          score.file,
          fixed(score.f1),
          fixed(score.precision),
          fixed(score.recall),
          score.candidateTokens,
          score.referenceTokens,
          score.reason ?? '',
        ]),
      },
    ],
    checks: [
      {
        name: `mean token F1 against pdftotext >= ${String(TARGET_MEAN)} (files where pdftotext reads garbage left out)`,
        pass: cleanMean >= TARGET_MEAN,
        detail: `${fixed(cleanMean)} over ${String(clean.length)} files`,
      },
      {
        name: `no file under ${String(LOW_SCORE)} unless pdftotext reads garbage`,
        pass: low.every((score) => (score.reason ?? '').startsWith('pdftotext garbage')),
        detail:
          low
            .filter((score) => !(score.reason ?? '').startsWith('pdftotext garbage'))
            .map((score) => `${score.file} ${fixed(score.f1)}`)
            .join(', ') || 'none',
      },
    ],
    notes: [
      `files without a text layer pdftotext reads (fewer than ${String(MIN_REFERENCE_TOKENS)} words), not scored: ${String(withoutText)}`,
      `per-file scores: ${resultsFile}`,
    ],
  };
}

await runIfMain(import.meta.url, run);
