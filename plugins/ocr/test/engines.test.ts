import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toString } from 'mdast-util-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { NativeOcrEngine, parseTsv } from '../src/internal/native-ocr-engine.js';
import { joinOcrLines, paragraphText } from '../src/internal/ocr-engine.js';
import { characterErrorRate, createTestContext, fixtures, toPlainText, toSourceFile } from './helpers.js';

const known = readFileSync(join(fixtures, 'known-text.expected.txt'), 'utf8');

// CI installs tesseract (.ci/apt-packages), so both engines are tested there; `auto` picks the native one.
describe.each(['tesseract', 'tesseract.js'] as const)('OCR with %s', (engine) => {
  const source = createOcrSource({ engine });
  afterAll(async () => {
    await source.close?.();
  });

  it('reports its engine in health', async () => {
    await expect(source.health()).resolves.toMatchObject({
      ok: true,
      detail: expect.stringContaining(`OCR with ${engine},`),
    });
  });

  it('OCRs a scanned PDF page by page with a CER of at most 5 % and confidence on every block', async () => {
    const { ctx, warnings } = createTestContext(source.manifest.limits);
    const document = await source.extract(
      toSourceFile(join(fixtures, 'scanned.pdf'), 'application/pdf'),
      ctx,
    );
    expect(document.metadata.facts).toMatchObject({ ocr_pages: 2, text_layer_pages: 0 });
    for (const node of document.root.children) expect([1, 2]).toContain(node.data?.provenance?.page);
    for (const page of [1, 2]) {
      const text = document.root.children
        .filter((node) => node.data?.provenance?.page === page)
        .map((node) => toString(node))
        .join('\n');
      expect(characterErrorRate(text, known)).toBeLessThanOrEqual(0.05);
    }
    for (const node of document.root.children) expect(node.data?.provenance?.confidence).toBeGreaterThan(0.7);
    expect(warnings).toEqual([]);
  });

  it('OCRs a JPEG with a CER of at most 5 %', async () => {
    const { ctx } = createTestContext(source.manifest.limits);
    const document = await source.extract(toSourceFile(join(fixtures, 'image.jpg'), 'image/jpeg'), ctx);
    expect(characterErrorRate(toPlainText(document.root), known)).toBeLessThanOrEqual(0.05);
  });

  it('fails noise with a low-quality code and a truncated image with corrupt_file, then still works', async () => {
    const { ctx } = createTestContext(source.manifest.limits);
    const noise = await source
      .extract(toSourceFile(join(fixtures, 'noise.png'), 'image/png'), ctx)
      .catch((caught: unknown) => caught);
    expect(['quality_below_threshold', 'empty_content']).toContain((noise as { code?: string }).code);
    const truncated = join(ctx.workDir, 'truncated.png');
    writeFileSync(truncated, readFileSync(join(fixtures, 'image.png')).subarray(0, 30_000));
    await expect(source.extract(toSourceFile(truncated, 'image/png'), ctx)).rejects.toMatchObject({
      code: 'corrupt_file',
    });
    const document = await source.extract(toSourceFile(join(fixtures, 'image.png'), 'image/png'), ctx);
    expect(characterErrorRate(toPlainText(document.root), known)).toBeLessThanOrEqual(0.05);
  });
});

describe('the native tesseract engine', () => {
  it('kills a recognition past its time limit with timeout and recognizes the next image', async () => {
    const engine = new NativeOcrEngine('tesseract', ['eng']);
    const image = readFileSync(join(fixtures, 'image.png'));
    await expect(engine.recognize(image, 1)).rejects.toMatchObject({ code: 'timeout' });
    const result = await engine.recognize(image, 60_000);
    expect(
      characterErrorRate(result.paragraphs.map((p) => paragraphText(p)).join('\n'), known),
    ).toBeLessThanOrEqual(0.05);
    expect(result.confidence).toBeGreaterThan(0.7);
  });

  it('fails bytes that are no image with corrupt_file', async () => {
    const engine = new NativeOcrEngine('tesseract', ['eng']);
    await expect(engine.recognize(new TextEncoder().encode('not an image'), 60_000)).rejects.toMatchObject({
      code: 'corrupt_file',
    });
  });

  it('turns TSV into paragraphs with confidences and line heights, rejoining hyphenated words', () => {
    const rows = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '4\t1\t1\t1\t1\t0\t0\t0\t500\t40\t-1\t',
      '5\t1\t1\t1\t1\t1\t0\t0\t100\t40\t90\tA',
      '5\t1\t1\t1\t1\t2\t0\t0\t100\t40\t80\tcon-',
      '4\t1\t1\t1\t2\t0\t0\t0\t500\t60\t-1\t',
      '5\t1\t1\t1\t2\t1\t0\t0\t100\t60\t70\ttinued',
      '5\t1\t1\t1\t2\t2\t0\t0\t100\t60\t60\tline.',
      '4\t1\t2\t1\t1\t0\t0\t0\t500\t30\t-1\t',
      '5\t1\t2\t1\t1\t1\t0\t0\t100\t30\t-1\t ',
    ];
    const result = parseTsv(rows.join('\n'));
    expect(result).toEqual({
      paragraphs: [
        {
          lines: [
            [
              { text: 'A', confidence: 0.9 },
              { text: 'con-', confidence: 0.8 },
            ],
            [
              { text: 'tinued', confidence: 0.7 },
              { text: 'line.', confidence: 0.6 },
            ],
          ],
          confidence: expect.closeTo(0.75, 10),
          lineHeight: 50,
        },
      ],
      confidence: 0.75,
    });
    const [paragraph] = result.paragraphs;
    if (paragraph === undefined) throw new Error('one paragraph expected');
    expect(paragraphText(paragraph)).toBe('A continued line.');
    expect(paragraphText(paragraph, 0.7)).toBe('A continued');
    expect(joinOcrLines(['Self-', 'Made  ', '', ' con-', 'tinued'])).toBe('Self- Made continued');
  });
});
