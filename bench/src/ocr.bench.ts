/**
 * OCR benchmark (issue 6), side by side in one run: s/page of the OCR source (tesseract.js from the
 * shipped eng data) against the tesseract CLI with OMP_THREAD_LIMIT=1 on the same page images
 * (the fixture scan and two tracemonkey pages rendered at 300 dpi), with the character error rate
 * of each against the other. Target: within 1.5x of the CLI.
 *
 *   node --conditions=development --import tsx bench/src/ocr.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { toString } from 'mdast-util-to-string';

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

function cli(path: string): { seconds: number; text: string } {
  const started = performance.now();
  const result = spawnSync('tesseract', [path, 'stdout'], {
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

/** Runs the OCR benchmark and prints a markdown table. */
export async function run(): Promise<void> {
  const images = pageImages();
  const source = createOcrSource();
  const extract = async (path: string): Promise<{ seconds: number; text: string }> => {
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
  await extract(images[0] ?? ''); // warm-up: starts the tesseract.js worker and loads eng data
  console.log(
    '| page image | ours s/page | tesseract CLI s/page | ours / CLI (target <= 1.5x) | CER ours vs CLI |',
  );
  console.log('|---|---|---|---|---|');
  let ours = 0;
  let native = 0;
  for (const image of images) {
    const a = await extract(image);
    const b = cli(image);
    ours += a.seconds;
    native += b.seconds;
    console.log(
      `| ${image.split('/').at(-1)} | ${a.seconds.toFixed(2)} | ${b.seconds.toFixed(2)} | ${(a.seconds / b.seconds).toFixed(2)}x | ${cer(a.text, b.text).toFixed(3)} |`,
    );
  }
  console.log(
    `| all ${images.length} pages | ${(ours / images.length).toFixed(2)} | ${(native / images.length).toFixed(2)} | ${(ours / native).toFixed(2)}x | |`,
  );
  await source.close?.();
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
