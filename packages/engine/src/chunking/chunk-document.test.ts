import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { NormalizedDocument } from '@transmute/plugin-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateLargeInput } from '../../../../fixtures/text/generate.js';
import { normalizeDocument } from '../normalize/normalize-document.js';
import { readTextSource } from '../text-source/read-text-source.js';
import { chunkDocument } from './chunk-document.js';

const signal = new AbortController().signal;
const realTokens = (text: string): number => countTokens(text, { disallowedSpecial: new Set() });

async function toDocument(content: string, mediaType = 'text/markdown'): Promise<NormalizedDocument> {
  return normalizeDocument(
    await readTextSource({ content, mediaType, name: 'x' }, { signal, warn: () => undefined }),
  );
}

function expectCoverage(document: NormalizedDocument, chunks: ReturnType<typeof chunkDocument>): void {
  let covered = 0;
  let previousStart = -1;
  for (const chunk of chunks) {
    expect(chunk.startOffset).toBeGreaterThan(previousStart);
    if (chunk.startOffset > covered) expect(document.text.slice(covered, chunk.startOffset).trim()).toBe('');
    expect(chunk.text).toBe(document.text.slice(chunk.startOffset, chunk.endOffset));
    covered = Math.max(covered, chunk.endOffset);
    previousStart = chunk.startOffset;
  }
  expect(document.text.slice(covered).trim()).toBe('');
}

describe('chunkDocument', async () => {
  let document: NormalizedDocument;
  beforeAll(async () => {
    document = await toDocument(generateLargeInput(120_000));
  });

  it.each([
    [512, 64],
    [64, 0],
    [64, 16],
    [200, 50],
    [24, 6],
  ])(
    'keeps every chunk within %i tokens (overlap %i) by the real tokenizer, counted exactly',
    (maxTokens, overlapTokens) => {
      const chunks = chunkDocument(document, { maxTokens, overlapTokens });
      expect(chunks.length).toBeGreaterThan(1);
      for (const chunk of chunks) {
        const tokens = realTokens(chunk.text);
        expect(tokens).toBeLessThanOrEqual(maxTokens);
        expect(chunk.tokens).toBe(tokens);
        expect(chunk.text).toBe(chunk.text.trim());
      }
    },
  );

  it.each([
    [512, 64],
    [24, 6],
    [64, 0],
  ])('covers the whole text in order (budget %i, overlap %i)', (maxTokens, overlapTokens) => {
    expectCoverage(document, chunkDocument(document, { maxTokens, overlapTokens }));
  });

  it('gives stable ids: the same document yields the same ids, other text other ids', async () => {
    const first = chunkDocument(document);
    const second = chunkDocument(await toDocument(generateLargeInput(120_000)));
    expect(second.map((chunk) => chunk.id)).toEqual(first.map((chunk) => chunk.id));
    expect(new Set(first.map((chunk) => chunk.id)).size).toBe(first.length);
    for (const chunk of first) expect(chunk.id).toMatch(/^chk_[0-9a-f]{24}$/);
    const other = chunkDocument(await toDocument('# Other\n\nDifferent text entirely.'));
    expect(first.map((chunk) => chunk.id)).not.toContain(other[0]?.id);
  });

  it('does not mix sections that are not tiny, and records the heading path', async () => {
    const section = (title: string): string =>
      `## ${title}\n\n${'Sentence about the topic at hand. '.repeat(40)}`;
    const doc = await toDocument(
      `# Guide\n\n${section('Alpha')}\n\n${section('Beta')}\n\n${section('Gamma')}`,
    );
    const chunks = chunkDocument(doc, { maxTokens: 512 });
    expect(chunks.map((chunk) => chunk.headingPath)).toEqual([
      ['Guide', 'Alpha'],
      ['Guide', 'Beta'],
      ['Guide', 'Gamma'],
    ]);
    expect(chunks[0]?.text.startsWith('# Guide\n\n## Alpha')).toBe(true);
    expect(chunks[1]?.text.startsWith('## Beta')).toBe(true);
  });

  it('splits long paragraphs at sentence ends with overlap', async () => {
    const sentences = Array.from({ length: 200 }, (_, i) => `Sentence number ${i} explains one more detail.`);
    const doc = await toDocument(sentences.join(' '), 'text/plain');
    const chunks = chunkDocument(doc, { maxTokens: 100, overlapTokens: 20 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.text.endsWith('.')).toBe(true);
    const [first, second] = chunks;
    expect(second && first && second.startOffset < first.endOffset).toBe(true);
  });

  it('treats special-token text as text and cuts a giant token run', async () => {
    const doc = await toDocument(`Intro <|endoftext|> text.\n\n${'x'.repeat(5000)}\n\nOutro.`, 'text/plain');
    const chunks = chunkDocument(doc, { maxTokens: 64, overlapTokens: 0 });
    for (const chunk of chunks) expect(realTokens(chunk.text)).toBeLessThanOrEqual(64);
    expectCoverage(doc, chunks);
  });

  it('carries provenance of the blocks it covers', async () => {
    const doc = await toDocument('# A\n\nOne.\n\nTwo.');
    const [chunk] = chunkDocument(doc);
    expect(chunk?.provenance).toEqual({ startOffset: 0, endOffset: 15 });
    expect(chunkDocument(await toDocument('   '))).toEqual([]);
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop now'));
    expect(() => chunkDocument(document, { signal: controller.signal })).toThrow('stop now');
  });
});

describe('tokenizePieces', async () => {
  it('uses the tokenizer core directly and agrees with the public generator piece by piece', async () => {
    const { tokenizePieces, usesFastTokenizerPath } = await import('./token-pieces.js');
    expect(usesFastTokenizerPath()).toBe(true);
    const text = `${generateLargeInput(20_000)}\n\nÉtude naïve — 東京 🙂 <|endoftext|> x\u0301`;
    const fast = tokenizePieces(text);
    const slow = tokenizePieces(text, undefined, true);
    expect(fast.count).toBe(slow.count);
    expect(fast.ends.subarray(0, fast.count)).toEqual(slow.ends.subarray(0, slow.count));
    expect(fast.cumulative.subarray(0, fast.count + 1)).toEqual(slow.cumulative.subarray(0, slow.count + 1));
    expect(fast.cumulative[fast.count]).toBe(realTokens(text));
  });
});
