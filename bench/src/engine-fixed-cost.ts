/**
 * The engine's fixed cost per file: one small file of each kind (a one-page PDF, a small DOCX, a
 * tiny text) converted to markdown many times in one process through `createEngine().convert`,
 * with the per-file median wall and process-CPU milliseconds. Run it at two versions alternately
 * to compare them; add `--cpu-prof` to see where the time goes.
 *
 *   ROUNDS=200 node --conditions=development --import tsx bench/src/engine-fixed-cost.ts
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, mediaTypeFromName, type Engine } from '@transmute/engine';
import { createDocumentsSource } from '../../plugins/documents/src/index.js';
import { createOcrSource } from '@transmute/plugin-ocr';

const ROUNDS = Number(process.env['ROUNDS'] ?? 200);
const ROOT = new URL('../../', import.meta.url).pathname;
const FILES = [
  process.env['PDF'] ?? '/work/shared/corpora/pdf/160F-2019.pdf',
  join(ROOT, 'fixtures/documents/docx-report/input.docx'),
];
const TEXT = `# Field notes\n\nThe bees were calm this morning and the second hive was queenright.\n\n- frames: 8\n- brood: good\n`;
const OUTPUT = {
  profile: 'raw_source',
  format: 'markdown',
  language: 'en',
  includeRawSource: false,
} as const;

async function convertFile(engine: Engine, path: string, workDir: string): Promise<void> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const mediaType = mediaTypeFromName(name) ?? 'application/octet-stream';
  const { size } = await stat(path);
  await engine.convert({ type: 'files', files: [{ name, mediaType, sizeBytes: size, path }] }, OUTPUT, {
    workDir,
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const engine = createEngine({ plugins: [createOcrSource({ ocr: false }), createDocumentsSource()] });
const workDir = await mkdtemp(join(tmpdir(), 'engine-fixed-cost-'));
const jobs: [string, () => Promise<unknown>][] = [
  ...FILES.map((path): [string, () => Promise<unknown>] => [
    path.slice(path.lastIndexOf('/') + 1),
    () => convertFile(engine, path, workDir),
  ]),
  ['text', () => engine.convert({ type: 'text', content: TEXT }, OUTPUT, { workDir })],
];
try {
  for (const [, job] of jobs) for (let i = 0; i < 5; i += 1) await job(); // warm up
  for (const [name, job] of jobs) {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const cpuBefore = process.cpuUsage();
      const start = performance.now();
      await job();
      wall.push(performance.now() - start);
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
    }
    console.log(`${name}\twall ${median(wall).toFixed(2)} ms\tcpu ${median(cpu).toFixed(2)} ms`);
  }
} finally {
  await engine.close();
  await rm(workDir, { recursive: true, force: true });
}
