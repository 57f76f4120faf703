import { readdirSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runConvert } from '../src/index.js';
import { MARKITDOWN_VECTORS } from './support/markitdown-vectors.js';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/documents-markitdown/', import.meta.url));

/** `transmute convert <file>` in this process (raw_source markdown), as a user runs it on the file. */
async function convert(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const sink = (chunks: Buffer[]): Writable =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
  const code = await runConvert(
    `${FIXTURES}${file}`,
    { profile: 'raw_source', format: 'markdown', language: 'en' },
    { stdin: Readable.from([]), stdout: sink(out), stderr: sink(err) },
  );
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

// MarkItDown's own test vectors on files that carry the same facts (fixtures/documents-markitdown),
// through every plugin as `transmute convert` loads them.
describe('MarkItDown test vectors through transmute convert', () => {
  it('cover every input file of the fixture directory', () => {
    const inputs = readdirSync(FIXTURES).filter((name) => name.startsWith('test') || name.endsWith('.docx'));
    const sources = new Set(['test_pdf_source.html']);
    expect(MARKITDOWN_VECTORS.map((vector) => vector.file).sort()).toEqual(
      inputs.filter((name) => !sources.has(name)).sort(),
    );
  });

  for (const vector of MARKITDOWN_VECTORS) {
    it(`${vector.file}: MarkItDown's strings (or ours where we write the fact otherwise), none of its excluded ones`, async () => {
      const { code, stdout, stderr } = await convert(vector.file);
      expect(code, stderr).toBe(0);
      for (const wanted of vector.mustInclude)
        expect(stdout, wanted).toContain(vector.differs?.[wanted]?.ours ?? wanted);
      for (const unwanted of vector.mustNotInclude) expect(stdout, unwanted).not.toContain(unwanted);
    }, 60_000);
  }
});
