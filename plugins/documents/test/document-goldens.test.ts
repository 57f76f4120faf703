import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGoldenEngine, renderTextCase } from '../../dataset/test/render-text-case.js';
import { createDocumentsSource } from '../src/index.js';
import { DOCUMENT_CASES, formatOf, inputPathOf, mediaTypeOf } from './cases/document-cases.js';
import { goldenCaseOf, PACKAGE_XML, READABLE_CASES } from './cases/golden-cases.js';
import { renderDocumentFixtures } from './cases/write-document-fixtures.js';

// Inputs are made by fixtures/documents/generate.ts and goldens by
// scripts/regenerate-document-goldens.ts, both reviewed as diffs; this test requires the committed
// inputs to be what the writers make today and re-renders every readable case byte for byte.
const engine = createGoldenEngine([createDocumentsSource()]);
afterAll(() => engine.close());

describe('document fixtures', () => {
  it('are exactly what fixtures/documents/generate.ts writes (deterministic writers, committed)', async () => {
    const rendered = await renderDocumentFixtures();
    expect(rendered.size).toBeGreaterThan(0);
    for (const [documentCase, bytes] of rendered) {
      const path = inputPathOf(documentCase);
      expect(existsSync(path), `run fixtures/documents/generate.ts ${documentCase.name}`).toBe(true);
      expect(bytes.equals(readFileSync(path)), `regenerate ${documentCase.name}`).toBe(true);
    }
  });

  it('stay small (KBs each)', () => {
    // LibreOffice's .ppt export alone carries ~450 KB of master slides and pictures.
    for (const documentCase of DOCUMENT_CASES)
      expect(statSync(inputPathOf(documentCase)).size, documentCase.name).toBeLessThan(
        (formatOf(documentCase) === 'ppt' ? 512 : 128) * 1024,
      );
  });
});

describe('document goldens', () => {
  for (const documentCase of READABLE_CASES) {
    const goldenCase = goldenCaseOf(documentCase);
    it(`re-renders ${goldenCase.name} exactly as its goldens, with none of the package's XML`, async () => {
      const directory = join(goldenCase.directory, 'expected');
      expect(existsSync(directory), `run scripts/regenerate-document-goldens.ts ${goldenCase.name}`).toBe(
        true,
      );
      const outputs = await renderTextCase(engine, goldenCase);
      expect(readdirSync(directory).sort()).toEqual([...outputs.keys()].sort());
      for (const [name, content] of outputs) {
        expect(content, `${goldenCase.name}/expected/${name}`).toBe(
          readFileSync(join(directory, name), 'utf8'),
        );
        if (!name.endsWith('.zip.json'))
          expect(content, `${goldenCase.name}/${name}`).not.toMatch(PACKAGE_XML);
      }
      expect(documentCase.expect.shows.length).toBeGreaterThan(0);
      for (const piece of documentCase.expect.shows) expect(outputs.get('raw_source.md')).toContain(piece);
    });
  }
});

describe('hostile document fixtures', () => {
  for (const documentCase of DOCUMENT_CASES) {
    if (!('fails' in documentCase.expect)) continue;
    const code = documentCase.expect.fails;
    it(`refuses ${documentCase.name} with ${code}`, async () => {
      const path = inputPathOf(documentCase);
      const file = {
        name: basename(path),
        mediaType: mediaTypeOf(documentCase),
        sizeBytes: statSync(path).size,
        path,
      };
      await expect(
        engine.convert(
          { type: 'files', files: [file] },
          { profile: 'raw_source', format: 'markdown', language: 'en', includeRawSource: false },
        ),
      ).rejects.toMatchObject({ code });
    });
  }
});
