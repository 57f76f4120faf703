import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { TiffDecoder } from '../src/internal/tiff-decoder.js';
import { decodeTiffPage } from '../src/internal/tiff-image.js';
import { firstNumber, readTiffDirectory } from '../src/internal/tiff-pages.js';
import { characterErrorRate, createTestContext, fixtures, toSourceFile } from './helpers.js';
import { blankPage, toPixels, toTiff } from './tiff-helpers.js';

const source = createOcrSource();
const FILE_ID = 'file_ocrtiff000001';
const LIMITS = { maxPages: 500, maxPixels: 100_000_000 };
afterAll(async () => {
  await source.close?.();
});

/** The known text of each page (pages are separated by a form feed line). */
function expectedPages(name: string): string[] {
  return readFileSync(join(fixtures, name), 'utf8').trim().split('\n\f\n');
}

function textOfPage(children: RootContent[], page: number): string {
  return children
    .filter((node) => node.data?.provenance?.page === page)
    .map((node) => toString(node))
    .join('\n');
}

async function extract(path: string, options: { signal?: AbortSignal; on?: (detail: string) => void } = {}) {
  const recorded = createTestContext(source.manifest.limits, options.signal);
  const progress = recorded.ctx.progress;
  recorded.ctx.progress = (percent, detail) => {
    progress(percent, detail);
    if (detail !== undefined) options.on?.(detail);
  };
  const document = await source.extract(toSourceFile(path, 'image/tiff', FILE_ID), recorded.ctx);
  return { document, ...recorded };
}

function inspect(path: string) {
  return source.inspect?.(toSourceFile(path, 'image/tiff'), new AbortController().signal);
}

function workFile(name: string, bytes: Uint8Array): string {
  const path = join(createTestContext({}).ctx.workDir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('multi-page TIFFs', () => {
  it('OCRs every page of a G4 TIFF: CER at most 5 % per page, its page on every block, metered as OCR pages', async () => {
    const expected = expectedPages('multipage.expected.txt');
    const { document, warnings, meters, progress } = await extract(join(fixtures, 'multipage.tiff'));
    expect(document.metadata).toMatchObject({ mediaType: 'image/tiff', pageCount: 3, language: 'en' });
    expect(document.metadata.facts).toMatchObject({ ocr_pages: 3, text_layer_pages: 0 });
    expect(meters.extracted_pages).toBe(3);
    expect(meters.extracted_characters).toBe(toString(document.root).length);
    expect(progress).toEqual(expect.arrayContaining(['page 1 of 3', 'page 2 of 3', 'page 3 of 3']));
    expect(warnings).toEqual([]);
    expected.forEach((text, index) => {
      expect(characterErrorRate(textOfPage(document.root.children, index + 1), text)).toBeLessThanOrEqual(
        0.05,
      );
    });
    for (const node of document.root.children) {
      expect(node.data?.provenance).toMatchObject({ fileId: FILE_ID, confidence: expect.any(Number) });
      expect([1, 2, 3]).toContain(node.data?.provenance?.page);
      expect(node.data?.provenance?.confidence).toBeGreaterThan(0.7);
    }
  });

  it('reads page 2 of a TIFF whose pages differ (gray LZW, then a 204x98 dpi G3 fax page) with page 2 on its blocks', async () => {
    const [first = '', second = ''] = expectedPages('two-pages.expected.txt');
    const { document, meters } = await extract(join(fixtures, 'two-pages.tiff'));
    expect(document.metadata.pageCount).toBe(2);
    expect(meters.extracted_pages).toBe(2);
    const page1 = textOfPage(document.root.children, 1);
    const page2 = textOfPage(document.root.children, 2);
    expect(characterErrorRate(page1, first)).toBeLessThanOrEqual(0.05);
    expect(characterErrorRate(page2, second)).toBeLessThanOrEqual(0.05);
    // Page 2's text is its own, not page 1's read twice.
    expect(characterErrorRate(page2, first)).toBeGreaterThan(0.5);
  });

  it('passes a cheap inspection with the page count and the first page size', async () => {
    await expect(inspect(join(fixtures, 'multipage.tiff'))).resolves.toEqual({
      ok: true,
      warnings: [],
      facts: { pages: 3, width: 2550, height: 1250 },
    });
  });

  it('stops between pages when canceled', async () => {
    const controller = new AbortController();
    const recorded = createTestContext(source.manifest.limits, controller.signal);
    const progress = recorded.ctx.progress;
    recorded.ctx.progress = (percent, detail) => {
      progress(percent, detail);
      if (detail === 'page 1 of 3') controller.abort();
    };
    await expect(
      source.extract(toSourceFile(join(fixtures, 'multipage.tiff'), 'image/tiff'), recorded.ctx),
    ).rejects.toMatchObject({ code: 'job_canceled' });
    // The page under way is finished; the next one is never started.
    expect(recorded.meters.extracted_pages).toBe(1);
    expect(recorded.progress).not.toContain('page 2 of 3');
  });

  it('applies the OCR time limit to each page: two pages skipped with warnings, the third ends the document', async () => {
    const hasty = createOcrSource({ ocrPageTimeoutMs: 1 });
    try {
      const recorded = createTestContext(hasty.manifest.limits);
      await expect(
        hasty.extract(toSourceFile(join(fixtures, 'multipage.tiff'), 'image/tiff'), recorded.ctx),
      ).rejects.toMatchObject({ code: 'timeout' });
      expect(recorded.warnings).toEqual([
        expect.stringMatching(/^page_timeout: page 1 /),
        expect.stringMatching(/^page_timeout: page 2 /),
      ]);
    } finally {
      await hasty.close?.();
    }
  });
});

describe('TIFF limits and hostile TIFFs', () => {
  it('refuses a TIFF over the 500-page limit at inspection and at extraction, and passes one at the limit', async () => {
    const atLimit = workFile('500.tiff', toTiff(Array.from({ length: 500 }, () => blankPage())));
    const overLimit = workFile('501.tiff', toTiff(Array.from({ length: 501 }, () => blankPage())));
    await expect(inspect(atLimit)).resolves.toMatchObject({ ok: true, facts: { pages: 500 } });
    await expect(inspect(overLimit)).resolves.toMatchObject({ ok: false, code: 'too_many_pages' });
    const { ctx, meters } = createTestContext(source.manifest.limits);
    await expect(source.extract(toSourceFile(overLimit, 'image/tiff'), ctx)).rejects.toMatchObject({
      code: 'too_many_pages',
    });
    expect(meters.extracted_pages).toBeUndefined();
  });

  it('fails a truncated TIFF with corrupt_file at inspection and extraction, and keeps working', async () => {
    const whole = readFileSync(join(fixtures, 'multipage.tiff'));
    const truncated = workFile('truncated.tiff', whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(inspect(truncated)).resolves.toMatchObject({ ok: false, code: 'corrupt_file' });
    const { ctx } = createTestContext(source.manifest.limits);
    await expect(source.extract(toSourceFile(truncated, 'image/tiff'), ctx)).rejects.toMatchObject({
      code: 'corrupt_file',
    });
    const again = await extract(join(fixtures, 'image.tiff'));
    expect(again.document.root.children.length).toBeGreaterThan(0);
  });

  it('fails directories that loop, a header only and garbage in a Deflate page with corrupt_file', async () => {
    const looping = workFile('loop.tiff', toTiff([blankPage(), blankPage()], { loop: true }));
    const headerOnly = workFile('header.tiff', Buffer.from([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0]));
    const garbage = workFile(
      'garbage.tiff',
      toTiff([
        {
          width: 64,
          height: 64,
          data: Buffer.from('not deflate data at all'),
          compression: 8,
          bitsPerSample: 8,
          photometric: 1,
        },
      ]),
    );
    for (const path of [looping, headerOnly]) {
      await expect(inspect(path)).resolves.toMatchObject({ ok: false, code: 'corrupt_file' });
    }
    const { ctx, warnings } = createTestContext(source.manifest.limits);
    await expect(source.extract(toSourceFile(garbage, 'image/tiff'), ctx)).rejects.toMatchObject({
      code: 'corrupt_file',
    });
    expect(warnings).toEqual([expect.stringMatching(/^page_unreadable: page 1 could not be read/)]);
  });

  it('fails garbage in fax-coded strips (CCITT RLE, G3, G4) with corrupt_file within a second', async () => {
    // Deterministic noise (a linear congruential generator), 20 KB per strip.
    let state = 12345;
    const noise = Uint8Array.from({ length: 20_000 }, () => {
      state = (state * 1103515245 + 12345) >>> 0;
      return state >>> 24;
    });
    for (const compression of [2, 3, 4]) {
      const file = workFile(
        `noise-${compression}.tiff`,
        toTiff([{ width: 1728, height: 2200, compression, data: noise }]),
      );
      const directory = await readTiffDirectory(file, LIMITS);
      const [page] = directory.pages;
      if (page === undefined) throw new Error('no page');
      const started = performance.now();
      await expect(decodeTiffPage(file, page, true)).rejects.toMatchObject({ code: 'corrupt_file' });
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('refuses a compression it cannot decode with unsupported_content, before any OCR', async () => {
    const jpeg2000 = workFile('jpeg2000.tiff', toTiff([{ ...blankPage(), compression: 34712 }]));
    await expect(inspect(jpeg2000)).resolves.toMatchObject({
      ok: false,
      code: 'unsupported_content',
      detail: expect.stringContaining('compression 34712'),
    });
    const { ctx } = createTestContext(source.manifest.limits);
    await expect(source.extract(toSourceFile(jpeg2000, 'image/tiff'), ctx)).rejects.toMatchObject({
      code: 'unsupported_content',
    });
  });

  it('refuses a page over the pixel limit with limit_exceeded without decoding it', async () => {
    const giant = workFile('giant.tiff', toTiff([{ ...blankPage(), width: 20_000, height: 20_000 }]));
    await expect(inspect(giant)).resolves.toMatchObject({ ok: false, code: 'limit_exceeded' });
  });

  it('skips a page whose decoding passes the time limit and terminates the decoder, which is replaced', async () => {
    const directory = await readTiffDirectory(join(fixtures, 'multipage.tiff'), LIMITS);
    const [page] = directory.pages;
    if (page === undefined) throw new Error('no page');
    const hasty = new TiffDecoder({ timeoutMs: 1, maxHeapMb: 64 });
    await expect(
      hasty.decode(join(fixtures, 'multipage.tiff'), page, directory.littleEndian),
    ).rejects.toMatchObject({
      code: 'timeout',
    });
    await hasty.close();
    const decoder = new TiffDecoder({ timeoutMs: 30_000, maxHeapMb: 64 });
    try {
      const image = await decoder.decode(join(fixtures, 'multipage.tiff'), page, directory.littleEndian);
      expect(image).toMatchObject({ format: 'pbm', width: 2550, height: 1250, dpi: 300 });
    } finally {
      await decoder.close();
    }
  });
});

describe('TIFF page decoding', () => {
  const path = join(fixtures, 'compressions.tiff');
  const corner = (index: number, width: number): boolean =>
    index % width < 12 && Math.floor(index / width) < 12;

  it('decodes every encoding of the same line of text to the same pixels (lossless exactly, JPEG closely)', async () => {
    const directory = await readTiffDirectory(path, LIMITS);
    expect(directory.pages).toHaveLength(13);
    const images = await Promise.all(
      directory.pages.map((page) => decodeTiffPage(path, page, directory.littleEndian)),
    );
    const pixels = images.map((image) => toPixels(image));
    const [reference = new Uint8Array()] = pixels;
    // The reference holds text (a blank page would make every comparison below hold trivially).
    const ink = reference.filter((value) => value < 128).length / reference.length;
    expect(ink).toBeGreaterThan(0.05);
    expect(ink).toBeLessThan(0.5);
    const width = 600;
    const compare = (index: number) => {
      const page = pixels[index] ?? new Uint8Array();
      let differing = 0;
      let total = 0;
      let bilevelMismatch = 0;
      for (let at = 0; at < reference.length; at += 1) {
        if (corner(at, width)) continue; // coloured square in the colour pages
        const want = reference[at] ?? 0;
        const got = page[at] ?? 0;
        if (got !== want) differing += 1;
        total += Math.abs(got - want);
        if (got < 128 !== want < 128) bilevelMismatch += 1;
      }
      return {
        differing,
        meanError: total / reference.length,
        bilevelShare: bilevelMismatch / reference.length,
      };
    };
    // Pages: none, lzw, lzw-predictor, deflate-16bit, jpeg-gray, jpeg-ycbcr, palette, rgb-packbits,
    // g3, g4, bilevel packbits, bilevel none, 2-D g3.
    expect(images.map((image) => image.format)).toEqual([
      'png',
      'png',
      'png',
      'png',
      'png',
      'png',
      'png',
      'png',
      'pbm',
      'pbm',
      'pbm',
      'pbm',
      'pbm',
    ]);
    for (const index of [1, 2, 3, 7]) expect(compare(index).differing).toBe(0);
    for (const index of [4, 5]) expect(compare(index).meanError).toBeLessThan(4);
    for (const index of [6, 8, 9, 10, 11, 12]) expect(compare(index).bilevelShare).toBeLessThan(0.01);
    // The five bilevel pages are one and the same image.
    for (const index of [9, 10, 11, 12]) expect(pixels[index]).toEqual(pixels[8]);
    for (const image of images) expect(image).toMatchObject({ width: 600, height: 90, dpi: 300 });
  });

  it('OCRs each encoding tiffcp writes (none, LZW, Deflate, PackBits, CCITT G3 and G4) to the same text', async () => {
    const file = join(fixtures, 'encodings.tiff');
    const directory = await readTiffDirectory(file, LIMITS);
    expect(directory.pages.map((page) => firstNumber(page.tags, 259))).toEqual([1, 5, 8, 32773, 3, 4]);
    const { document, warnings } = await extract(file);
    expect(document.metadata.pageCount).toBe(6);
    expect(warnings).toEqual([]);
    const known = readFileSync(join(fixtures, 'known-text.expected.txt'), 'utf8');
    const texts = [1, 2, 3, 4, 5, 6].map((page) => textOfPage(document.root.children, page));
    for (const text of texts) expect(characterErrorRate(text, known)).toBeLessThanOrEqual(0.05);
    // The hand-written CCITT decoder (pages 5 and 6) reads exactly as the uncompressed bilevel page.
    expect(texts[4]).toBe(texts[0]);
    expect(texts[5]).toBe(texts[0]);
  });

  it('makes the non-square pixels of a 204x98 dpi fax page square by repeating rows', async () => {
    const file = join(fixtures, 'two-pages.tiff');
    const directory = await readTiffDirectory(file, LIMITS);
    const fax = directory.pages[1];
    if (fax === undefined) throw new Error('no page 2');
    const image = await decodeTiffPage(file, fax, directory.littleEndian);
    expect(image).toMatchObject({ format: 'pbm', width: fax.width, height: fax.height * 2, dpi: 204 });
    const pixels = toPixels(image);
    for (let row = 0; row < fax.height; row += 7) {
      const start = 2 * row * fax.width;
      expect(pixels.subarray(start, start + fax.width)).toEqual(
        pixels.subarray(start + fax.width, start + 2 * fax.width),
      );
    }
  });

  it('reads black-is-zero bilevel pages and a Deflate page written by hand', async () => {
    const rows = Buffer.alloc(2 * 8);
    rows[0] = 0b1010_0000;
    const file = workFile(
      'hand.tiff',
      toTiff([
        { width: 16, height: 8, data: rows, photometric: 1 },
        {
          width: 4,
          height: 2,
          data: deflateSync(Buffer.from([0, 64, 128, 255, 255, 128, 64, 0])),
          compression: 8,
          bitsPerSample: 8,
          photometric: 1,
        },
      ]),
    );
    const directory = await readTiffDirectory(file, LIMITS);
    const [bilevel, gray] = await Promise.all(
      directory.pages.map((page) => decodeTiffPage(file, page, true)),
    );
    if (bilevel === undefined || gray === undefined) throw new Error('two pages expected');
    // Black-is-zero: set bits are white.
    expect(Array.from(toPixels(bilevel).subarray(0, 4))).toEqual([255, 0, 255, 0]);
    expect(Array.from(toPixels(gray))).toEqual([0, 64, 128, 255, 255, 128, 64, 0]);
  });
});
