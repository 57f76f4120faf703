import { readFile, readdir } from 'node:fs/promises';
import { extname } from 'node:path';
import { OUTPUT_PROFILES, isTransmuteError } from '@transmute/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { generateLargeInput } from '../../../fixtures/text/generate.js';
import { createEngine, type ConvertSource, type Engine, type PipelineProgress } from '../src/index.js';
import { MARKDOWN, createTestRenderer, fixturePath, toSourceFile } from './helpers.js';

const MEDIA_TYPES: Record<string, string> = {
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.ndjson': 'application/x-ndjson',
};

/** Every text fixture with an input file (the generated large one has none). */
async function textFixtures(): Promise<{ name: string; path: string; mediaType: string }[]> {
  const found = [];
  for (const name of (await readdir(fixturePath(''))).sort()) {
    const inputs = await readdir(fixturePath(name)).catch(() => []);
    const input = inputs.find((file) => file.startsWith('input.'));
    const mediaType = input === undefined ? undefined : MEDIA_TYPES[extname(input)];
    if (input !== undefined && mediaType !== undefined && name !== 'whitespace-only')
      found.push({ name, path: fixturePath(`${name}/${input}`), mediaType });
  }
  return found;
}

/** Converts and reads every artifact back, with the progress reported on the way. */
async function convertAll(engine: Engine, source: ConvertSource, profile: (typeof OUTPUT_PROFILES)[number]) {
  const outputs = [];
  for (const format of ['markdown', 'jsonl'] as const) {
    const progress: PipelineProgress[] = [];
    const result = await engine.convert(
      source,
      { profile, format, language: 'en', includeRawSource: profile === 'agent_context' },
      { onProgress: (event) => progress.push(event) },
    );
    const contents = await Promise.all(result.artifacts.map((artifact) => readFile(artifact.path, 'utf8')));
    outputs.push({
      contents,
      document: JSON.stringify(result.document),
      warnings: result.warnings,
      usage: result.usage,
      progress,
    });
  }
  return outputs;
}

describe('the CPU stages on worker threads', () => {
  const inline = createEngine({ plugins: [createTestRenderer()], cpuWorkers: false });
  const workers = createEngine({
    plugins: [createTestRenderer()],
    cpuWorkers: { threads: 1, minCharacters: 0 },
  });
  afterAll(() => Promise.all([inline.close(), workers.close()]));

  it('give byte-identical outputs, warnings, usage and progress for every fixture and profile', async () => {
    const fixtures = await textFixtures();
    expect(fixtures.map((fixture) => fixture.name)).toEqual([
      'csv-dataset',
      'json-records',
      'markdown-article',
      'ndjson-log',
      'non-english-article',
      'plain-report',
    ]);
    for (const fixture of fixtures) {
      const source: ConvertSource = {
        type: 'files',
        files: [await toSourceFile(fixture.path, fixture.mediaType)],
      };
      for (const profile of OUTPUT_PROFILES) {
        const [expected, actual] = [
          await convertAll(inline, source, profile),
          await convertAll(workers, source, profile),
        ];
        expect(actual, `${fixture.name} ${profile}`).toEqual(expected);
      }
    }
  });

  it(
    'give the same document and renderings for an input large enough to come back in parts',
    { timeout: 120_000 },
    async () => {
      const source: ConvertSource = { type: 'text', content: generateLargeInput(300_000) };
      const [expected, actual] = [await inline.prepare(source), await workers.prepare(source)];
      expect(expected.document.root.children.length).toBeGreaterThan(200);
      expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
      for (const profile of ['dataset_markdown', 'evaluation_markdown'] as const) {
        const output = { profile, format: 'jsonl', language: 'en', includeRawSource: false } as const;
        const [a, b] = [
          await inline.render(expected.document, output),
          await workers.render(expected.document, output),
        ];
        expect(await readFile(b.artifacts[0]?.path ?? '', 'utf8')).toBe(
          await readFile(a.artifacts[0]?.path ?? '', 'utf8'),
        );
      }
    },
  );

  it('keep the error code of a failure inside the worker', async () => {
    const path = fixturePath('whitespace-only/input.txt');
    const error: unknown = await workers
      .prepare({ type: 'files', files: [await toSourceFile(path, 'text/plain')] })
      .catch((caught: unknown) => caught);
    expect(isTransmuteError(error) && error.code).toBe('empty_content');
    expect((error as Error).message).toBe('The source contains no extractable content.');
  });

  it('stop a cancelled large job and still serve the next one', { timeout: 120_000 }, async () => {
    const engine = createEngine({ cpuWorkers: { threads: 1 } });
    try {
      const controller = new AbortController();
      const reason = new Error('cancelled by the test');
      const started = engine.prepare(
        { type: 'text', content: generateLargeInput() },
        {
          signal: controller.signal,
          // The worker reports progress per markdown segment: abort once it is really working.
          onProgress: (progress) => {
            if (progress.stage === 'extraction' && progress.percent > 8) controller.abort(reason);
          },
        },
      );
      await expect(started).rejects.toBe(reason);
      const next = await engine.convert(
        { type: 'text', content: `# After\n\n${'Plain words in a paragraph. '.repeat(10_000)}` },
        MARKDOWN,
      );
      expect(next.document.text.length).toBeGreaterThan(200_000);
    } finally {
      await engine.close();
    }
  });
});
