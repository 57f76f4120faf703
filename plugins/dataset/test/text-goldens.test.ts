import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGoldenEngine, listGoldenCases, renderTextCase } from './render-text-case.js';

// Goldens are made by scripts/regenerate-text-goldens.ts and reviewed as diffs; this test
// re-renders every case and requires byte-identical output (the profiles are deterministic).
const engine = createGoldenEngine();
afterAll(() => engine.close());

describe('text fixture goldens', () => {
  const cases = listGoldenCases();

  it('has golden cases', () => {
    expect(cases.length).toBeGreaterThan(0);
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
