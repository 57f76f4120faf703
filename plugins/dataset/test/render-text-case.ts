import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { createEngine, type Engine, type EngineOptions } from '@transmute/engine';
import { OUTPUT_PROFILES } from '@transmute/contract';
import { createDatasetRenderer } from '../src/index.js';
import { readZip } from './read-zip.js';

/** The text fixtures' directory. */
export const TEXT_FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'text');

/** Inputs above this size (the 2 000 000-character case) are benchmarked, not golden-tested. */
const MAX_GOLDEN_BYTES = 1_000_000;

const MEDIA_TYPES: Record<string, string> = {
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.json': 'application/json',
  '.ndjson': 'application/x-ndjson',
  '.jsonl': 'application/x-ndjson',
};

/** A fixture case with golden outputs: its directory and input file (text fixtures and document fixtures alike). */
export interface TextCase {
  name: string;
  directory: string;
  input: string;
  mediaType: string;
}

/**
 * The cases that get goldens: every `fixtures/text/<case>/input.*` of a known text type, except
 * very large inputs and inputs without content (those expect a failure, tested elsewhere).
 */
export function listGoldenCases(): TextCase[] {
  const cases: TextCase[] = [];
  for (const name of readdirSync(TEXT_FIXTURES).sort()) {
    const directory = join(TEXT_FIXTURES, name);
    if (!statSync(directory).isDirectory()) continue;
    const input = readdirSync(directory).find((file) => file.startsWith('input.'));
    if (input === undefined) continue;
    const mediaType = MEDIA_TYPES[extname(input).toLowerCase()];
    const path = join(directory, input);
    if (mediaType === undefined || statSync(path).size > MAX_GOLDEN_BYTES) continue;
    if (readFileSync(path, 'utf8').trim() === '') continue;
    cases.push({ name, directory, input: path, mediaType });
  }
  return cases;
}

/**
 * A new engine with the dataset renderer, as the goldens are made; `sources` adds the source
 * plugins a fixture family needs (the documents goldens add the documents source).
 */
export function createGoldenEngine(sources: NonNullable<EngineOptions['plugins']> = []): Engine {
  return createEngine({ plugins: [...sources, createDatasetRenderer()] });
}

/**
 * Renders one case in every profile × format and returns the golden files by name:
 * `<profile>.md`, `<profile>.jsonl`, `<profile>.zip.json` (entry names, sizes and sha256) and
 * `warnings.json` (each profile's render warnings, and `extraction`'s when reading the source warned).
 */
export async function renderTextCase(engine: Engine, textCase: TextCase): Promise<Map<string, string>> {
  const file = {
    name: `input${extname(textCase.input)}`,
    mediaType: textCase.mediaType,
    sizeBytes: statSync(textCase.input).size,
    path: textCase.input,
  };
  const prepared = await engine.prepare({ type: 'files', files: [file] });
  const { document } = prepared;
  const outputs = new Map<string, string>();
  // Reading the source may warn too (a hidden sheet skipped, an encoding guessed): kept under
  // `extraction` when it does, before the profiles' own.
  const warnings: Record<string, string[]> =
    prepared.warnings.length > 0 ? { extraction: prepared.warnings } : {};
  for (const profile of OUTPUT_PROFILES) {
    for (const format of ['markdown', 'jsonl', 'zip'] as const) {
      const result = await engine.render(document, {
        profile,
        format,
        language: 'en',
        includeRawSource: false,
      });
      const artifact = result.artifacts[0];
      if (artifact === undefined)
        throw new Error(`${textCase.name}: ${profile} ${format} produced no artifact`);
      const bytes = readFileSync(artifact.path);
      if (format === 'markdown') {
        outputs.set(`${profile}.md`, bytes.toString('utf8'));
        warnings[profile] = result.warnings;
      } else if (format === 'jsonl') {
        outputs.set(`${profile}.jsonl`, bytes.toString('utf8'));
      } else {
        const entries = readZip(bytes).map((entry) => ({
          name: entry.name,
          size: entry.data.length,
          sha256: createHash('sha256').update(entry.data).digest('hex'),
        }));
        outputs.set(`${profile}.zip.json`, `${JSON.stringify({ entries }, null, 2)}\n`);
      }
    }
  }
  outputs.set('warnings.json', `${JSON.stringify(warnings, null, 2)}\n`);
  return outputs;
}
