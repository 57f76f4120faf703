import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeDocument } from '@transmute/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { createTestContext, pdftotext, toSourceFile, tokenF1 } from './helpers.js';
import { writeVerticalPdf } from './vertical-pdf.js';

const source = createOcrSource();
const path = join(mkdtempSync(join(tmpdir(), 'vertical-writing-')), 'vertical.pdf');

/** Three columns of a Japanese page, set right to left, and a page number at the foot. */
const COLUMNS = [
  { text: '春はあけぼの。やうやう白くなりゆく山ぎは', x: 500 },
  { text: '少しあかりて、紫だちたる雲のほそくたなびきたる', x: 470 },
  { text: '夏は夜。月のころはさらなり', x: 440 },
];

beforeAll(async () => {
  writeFileSync(path, await writeVerticalPdf(COLUMNS, { horizontal: [{ text: '12', x: 290, y: 40 }] }));
});

async function extractText(): Promise<string> {
  const { ctx } = createTestContext(source.manifest.limits);
  const extracted = await source.extract(toSourceFile(path, 'application/pdf'), ctx);
  return normalizeDocument(extracted).text;
}

afterAll(async () => {
  await source.close?.();
});

describe('a page of vertical writing', () => {
  it('reads its columns right to left, each top down and apart from the next', async () => {
    const text = await extractText();
    const at = COLUMNS.map((column) => text.indexOf(column.text));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('reads the same words as pdftotext', async () => {
    expect(tokenF1(await extractText(), pdftotext(path))).toBeGreaterThanOrEqual(0.95);
  });
});
