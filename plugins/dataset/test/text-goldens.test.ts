import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
