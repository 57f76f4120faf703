/**
 * OCR benchmark (issue 6), side by side in one run: s/page of the OCR source with each of its
 * engines (native tesseract, the default when installed, and tesseract.js, both on the shipped eng
 * data) against the tesseract CLI with OMP_THREAD_LIMIT=1 on the same page images (the fixture scan
 * and two tracemonkey pages rendered at 300 dpi), with the character error rate of each against
 * the CLI. Target: within 1.5x of the CLI.
 *
 *   node --conditions=development --import tsx bench/src/ocr.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createOcrSource } from '@transmute/plugin-ocr';
import type { SourceAdapter } from '@transmute/plugin-sdk';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { toString } from 'mdast-util-to-string';
import { runIfMain, type BenchReport } from './bench-report.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = resolve(here, '../../fixtures/ocr');
const corpus = resolve(here, '../../../shared/corpora/pdf');

/** Page images: the committed fixture scan plus pages 1-2 of tracemonkey.pdf at 300 dpi, grayscale. */
function pageImages(): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'ocr-bench-'));
  spawnSync('pdftoppm', [
    '-r',
    '300',
    '-gray',
    '-png',
    '-f',
    '1',
    '-l',
    '2',
    join(corpus, 'tracemonkey.pdf'),
    join(folder, 'tm'),
  ]);
  const rendered = readdirSync(folder).map((name) => join(folder, name));
  return [join(fixtures, 'image.png'), ...rendered];
}

/**
 * A tessdata folder holding the same eng model tesseract.js uses (the @tesseract.js-data/eng
 * package's, gunzipped), so the CLI can be timed on the same network as well as on Debian's
 * default (tessdata_fast, a smaller and faster network).
 */
function sameModelTessdata(): string {
  const require = createRequire(resolve(here, '../../plugins/ocr/package.json'));
  const data = require('@tesseract.js-data/eng') as { langPath: string };
  const folder = mkdtempSync(join(tmpdir(), 'tessdata-'));
  writeFileSync(
    join(folder, 'eng.traineddata'),
    gunzipSync(readFileSync(join(data.langPath, 'eng.traineddata.gz'))),
  );
  return folder;
}

function cli(path: string, tessdata?: string): { seconds: number; text: string } {
  const started = performance.now();
  const args =
    tessdata === undefined ? [path, 'stdout'] : ['--tessdata-dir', tessdata, '--oem', '1', path, 'stdout'];
  const result = spawnSync('tesseract', args, {
    encoding: 'utf8',
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return { seconds: (performance.now() - started) / 1000, text: result.stdout ?? '' };
}

function cer(candidate: string, reference: string): number {
  const a = candidate.replace(/\s+/g, ' ').trim();
  const b = reference.replace(/\s+/g, ' ').trim();
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return (previous[b.length] ?? 0) / Math.max(1, b.length);
}

/** Runs the OCR benchmark: both engines of the OCR source against the CLI on the same images. */
export async function run(): Promise<BenchReport> {
  const images = pageImages();
  const sources = {
    native: createOcrSource({ engine: 'auto' }),
    wasm: createOcrSource({ engine: 'tesseract.js' }),
  };
  const extract = async (source: SourceAdapter, path: string): Promise<{ seconds: number; text: string }> => {
    const ctx = createTestContext({ limits: { ...source.manifest.limits } });
    const started = performance.now();
    const doc = await source.extract(
      { name: path, mediaType: 'image/png', sizeBytes: statSync(path).size, path },
      ctx,
    );
    return {
      seconds: (performance.now() - started) / 1000,
      text: doc.root.children.map((node) => toString(node)).join('\n'),
    };
  };
  const defaultEngine = (await sources.native.health()).detail ?? '';
  // Warm-up: starts the tesseract.js worker and loads the eng data; unpacks the native copy.
  await extract(sources.native, images[0] ?? '');
  await extract(sources.wasm, images[0] ?? '');
  const tessdata = sameModelTessdata();
  const rows: (string | number)[][] = [];
  const total = { native: 0, wasm: 0, same: 0, fast: 0 };
  for (const image of images) {
    const native = await extract(sources.native, image);
    const wasm = await extract(sources.wasm, image);
    const same = cli(image, tessdata);
    const fast = cli(image);
    total.native += native.seconds;
    total.wasm += wasm.seconds;
    total.same += same.seconds;
    total.fast += fast.seconds;
    rows.push([
      image.split('/').at(-1) ?? image,
      native.seconds.toFixed(2),
      wasm.seconds.toFixed(2),
      same.seconds.toFixed(2),
      (native.seconds / same.seconds).toFixed(2),
      (wasm.seconds / same.seconds).toFixed(2),
      fast.seconds.toFixed(2),
      cer(native.text, same.text).toFixed(3),
      cer(wasm.text, same.text).toFixed(3),
    ]);
  }
  const n = images.length;
  const ratio = { native: total.native / total.same, wasm: total.wasm / total.same };
  rows.push([
    `all ${n} pages`,
    (total.native / n).toFixed(2),
    (total.wasm / n).toFixed(2),
    (total.same / n).toFixed(2),
    ratio.native.toFixed(2),
    ratio.wasm.toFixed(2),
    (total.fast / n).toFixed(2),
    '',
    '',
  ]);
  await Promise.all([sources.native.close?.(), sources.wasm.close?.()]);
  return {
    title: 'OCR: s/page of the OCR source (both engines) against the tesseract CLI, same page images',
    columns: [
      'page image',
      'ours native s/page',
      'ours tesseract.js s/page',
      'CLI same model s/page',
      'native / CLI',
      'tesseract.js / CLI',
      'CLI Debian fast model s/page',
      'CER native vs CLI',
      'CER tesseract.js vs CLI',
    ],
    rows,
    checks: [
      {
        name: 'OCR (default engine) within 1.5x of the tesseract CLI',
        pass: ratio.native <= 1.5,
        detail: `${ratio.native.toFixed(2)}x (${defaultEngine})`,
      },
    ],
    notes: [
      'Both CLI columns run with OMP_THREAD_LIMIT=1; "same model" is the eng model tesseract.js ships (@tesseract.js-data/eng, LSTM), which both engines of the source use.',
      `tesseract.js (the fallback when no tesseract binary is installed) is ${ratio.wasm.toFixed(2)}x the CLI: WebAssembly SIMD against native AVX2 for the same LSTM.`,
      'Ours includes reading the file, sniffing, layout of the recognized paragraphs and the document tree.',
    ],
  };
}

await runIfMain(import.meta.url, run);
