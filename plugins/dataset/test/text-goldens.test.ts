import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readZip } from './read-zip.js';
import { createGoldenEngine, listGoldenCases, renderTextCase, TEXT_FIXTURES } from './render-text-case.js';

// Goldens are made by scripts/regenerate-text-goldens.ts and reviewed as diffs; this test
// re-renders every case and requires byte-identical output (the profiles are deterministic).
const engine = createGoldenEngine();
afterAll(() => engine.close());

describe('text fixture goldens', () => {
  const cases = listGoldenCases();

  it('has golden cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it('fails the whitespace-only case with empty_content instead of rendering it', async () => {
    const path = join(TEXT_FIXTURES, 'whitespace-only', 'input.txt');
    const file = { name: 'input.txt', mediaType: 'text/plain', sizeBytes: readFileSync(path).length, path };
    await expect(
      engine.convert(
        { type: 'files', files: [file] },
        { profile: 'raw_source', format: 'jsonl', language: 'en', includeRawSource: false },
      ),
    ).rejects.toMatchObject({ code: 'empty_content' });
  });

  it('zips raw_source with the original file when include_raw_source is set', async () => {
    const path = join(TEXT_FIXTURES, 'csv-dataset', 'input.csv');
    const file = { name: 'input.csv', mediaType: 'text/csv', sizeBytes: readFileSync(path).length, path };
    const { document } = await engine.prepare({ type: 'files', files: [file] });
    const output = { profile: 'raw_source', format: 'zip', language: 'en', includeRawSource: true } as const;
    const { artifacts } = await engine.render(document, output, { originals: [file] });
    const entries = readZip(readFileSync(artifacts[0]?.path ?? ''));
    expect(entries.map((entry) => entry.name)).toEqual(['content.md', 'blocks.jsonl', 'originals/input.csv']);
    expect(entries[2]?.data.equals(readFileSync(path))).toBe(true);
    expect(artifacts[0]).toMatchObject({ name: 'raw_source.zip', mediaType: 'application/zip' });
  });

  for (const textCase of cases) {
    it(`re-renders ${textCase.name} exactly as its goldens`, async () => {
      const directory = join(textCase.directory, 'expected');
      expect(existsSync(directory), `run scripts/regenerate-text-goldens.ts for ${textCase.name}`).toBe(true);
      const outputs = await renderTextCase(engine, textCase);
      expect(readdirSync(directory).sort()).toEqual([...outputs.keys()].sort());
      for (const [name, content] of outputs) {
        expect(content, `${textCase.name}/expected/${name}`).toBe(
          readFileSync(join(directory, name), 'utf8'),
        );
      }
    });
  }
});
