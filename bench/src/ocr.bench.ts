/**
 * OCR benchmark (issue 6), side by side in one run: s/page of the OCR source (tesseract.js from the
 * shipped eng data) against the tesseract CLI with OMP_THREAD_LIMIT=1 on the same page images
 * (the fixture scan and two tracemonkey pages rendered at 300 dpi), with the character error rate
 * of each against the other. Target: within 1.5x of the CLI.
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
  const tessdata = sameModelTessdata();
  console.log(
    '| page image | ours s/page | CLI same model s/page | ours / CLI same model (target <= 1.5x) | CLI Debian fast model s/page | CER ours vs CLI same model |',
  );
  console.log('|---|---|---|---|---|---|');
  let ours = 0;
  let same = 0;
  let fast = 0;
  for (const image of images) {
    const a = await extract(image);
    const b = cli(image, tessdata);
    const c = cli(image);
    ours += a.seconds;
    same += b.seconds;
    fast += c.seconds;
    console.log(
      `| ${image.split('/').at(-1)} | ${a.seconds.toFixed(2)} | ${b.seconds.toFixed(2)} | ${(a.seconds / b.seconds).toFixed(2)}x | ${c.seconds.toFixed(2)} | ${cer(a.text, b.text).toFixed(3)} |`,
    );
  }
  const n = images.length;
  console.log(
    `| all ${n} pages | ${(ours / n).toFixed(2)} | ${(same / n).toFixed(2)} | ${(ours / same).toFixed(2)}x | ${(fast / n).toFixed(2)} | |`,
  );
  await source.close?.();
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
