import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAILURE_CODES, isTransmuteError } from '@transmute/contract';
import { createOcrSource } from '../src/index.js';
import {
  createTestContext,
  pdftotext,
  repoRoot,
  toPlainText,
  toSourceFile,
  toTokens,
  tokenF1,
} from './helpers.js';

const corpus = resolve(repoRoot, '../shared/corpora/pdf');
// OCR is left out here (4-5 s a page on two shared cores); fixtures.test.ts covers it.
const source = createOcrSource({ ocr: false, pageTimeoutMs: 30_000 });
afterAll(async () => {
  await source.close?.();
});

/** pdftotext's output is a usable oracle when it is mostly words (not unmapped glyph soup). */
function hasTextLayer(reference: string): boolean {
  const visible = reference.replace(/\s+/g, '');
  const letters = (reference.match(/[\p{L}\p{N}]/gu) ?? []).length;
  return toTokens(reference).length >= 20 && letters / Math.max(1, visible.length) > 0.6;
}

describe.runIf(existsSync(corpus))('the pdf.js test corpus', () => {
  it('reads Arabic in logical order with its presentation forms and ligatures undone, as pdftotext does', async () => {
    const path = join(corpus, 'ArabicCIDTrueType.pdf');
    const { ctx } = createTestContext(source.manifest.limits);
    const document = await source.extract(toSourceFile(path, 'application/pdf'), ctx);
    const firstLine = (pdftotext(path).split('\n')[0] ?? '')
      .replace(/[\u202a-\u202e]/g, '')
      .normalize('NFKC');
    expect(firstLine).toBe('انواع الخطوط العربية');
    expect(toPlainText(document.root).split('\n')[0]).toBe(firstLine);
  });

  it('converts every file or fails it with a known code, without crashing or hanging', async () => {
    const files = readdirSync(corpus)
      .filter((name) => name.endsWith('.pdf'))
      .sort();
    const failures = new Map<string, number>();
    const scores: { name: string; f1: number }[] = [];
    let converted = 0;
    for (const name of files) {
      const path = join(corpus, name);
      const { ctx } = createTestContext(source.manifest.limits);
      try {
        const document = await source.extract(toSourceFile(path, 'application/pdf'), ctx);
        converted += 1;
        const reference = pdftotext(path);
        if (hasTextLayer(reference))
          scores.push({ name, f1: tokenF1(toPlainText(document.root), reference) });
      } catch (error) {
        if (!isTransmuteError(error)) throw error;
        expect(Object.keys(FAILURE_CODES), `${name}: ${error.code}`).toContain(error.code);
        failures.set(error.code, (failures.get(error.code) ?? 0) + 1);
      }
    }
    const mean = scores.reduce((sum, score) => sum + score.f1, 0) / Math.max(1, scores.length);
    const worst = [...scores].sort((a, b) => a.f1 - b.f1).slice(0, 5);
    console.log(
      `corpus: ${files.length} PDFs, ${converted} converted, failed ${JSON.stringify(Object.fromEntries(failures))}; ` +
        `token F1 vs pdftotext on ${scores.length} with a text layer: mean ${mean.toFixed(3)}; ` +
        `lowest ${worst.map((score) => `${score.name}=${score.f1.toFixed(2)}`).join(', ')}`,
    );
    expect(converted + [...failures.values()].reduce((sum, count) => sum + count, 0)).toBe(files.length);
    expect(converted).toBeGreaterThan(files.length * 0.75);
    expect(mean).toBeGreaterThan(0.9);
  }, 900_000);
});
