import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '@transmute/engine';
import { createOcrSource } from '../src/index.js';
import { fixtures, toSourceFile } from './helpers.js';

const ocr = createOcrSource();
const engine = createEngine({ plugins: [ocr] });
afterAll(async () => {
  await ocr.close?.();
});

describe('source.ocr through the engine', () => {
  it('prepares a PDF into chunks that cite their pages and file', async () => {
    const file = toSourceFile(join(fixtures, 'two-column.pdf'), 'application/pdf', 'file_enginepdf0001');
    const { document, usage } = await engine.prepare({ type: 'files', files: [file] });
    expect(document.chunks.length).toBeGreaterThan(0);
    for (const chunk of document.chunks) {
      expect(chunk.provenance.fileId).toBe('file_enginepdf0001');
      expect([1, 2]).toContain(chunk.provenance.page);
    }
    expect(document.metadata.pageCount).toBe(2);
    expect(usage.extracted_pages).toBe(2);
  });

  it('refuses an encrypted PDF at file inspection with its code', async () => {
    const file = toSourceFile(join(fixtures, 'encrypted.pdf'), 'application/pdf');
    await expect(engine.inspectFile(file)).resolves.toMatchObject({ ok: false, code: 'encrypted_document' });
  });
});
