/**
 * Child process of the profiles benchmark: converts the 2 000 000-character input through one
 * profile (markdown) and prints `{"ms", "prepareMs", "maxRssMb", "chunks"}` as one JSON line.
 * Run alone: `node --conditions=development --import tsx bench/src/internal/convert-large.ts raw_source`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OUTPUT_PROFILES, type OutputProfile } from '@transmute/contract';
import { createEngine } from '@transmute/engine';
import { generateLargeInput } from '../../../fixtures/text/generate.js';

const profile = process.argv[2] as OutputProfile;
if (!OUTPUT_PROFILES.includes(profile))
  throw new Error(`usage: convert-large.ts <${OUTPUT_PROFILES.join('|')}>`);
const content = generateLargeInput();
const workDir = await mkdtemp(join(tmpdir(), 'bench-large-'));
const engine = createEngine();
const started = performance.now();
const prepared = await engine.prepare({ type: 'text', content }, { workDir });
const prepareMs = performance.now() - started;
await engine.render(
  prepared.document,
  { profile, format: 'markdown', language: 'en', includeRawSource: false },
  { workDir },
);
const ms = performance.now() - started;
await rm(workDir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({ ms, prepareMs, maxRssMb: process.resourceUsage().maxRSS / 1024, chunks: prepared.document.chunks.length })}\n`,
);
