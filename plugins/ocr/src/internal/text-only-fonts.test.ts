import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPdfjs, pdfjsAssets, type PdfPage } from './pdfjs-loader.js';
import { textOnlyFontOptions } from './text-only-fonts.js';

const CORPORA = join(import.meta.dirname, '../../../../../shared/corpora');

/** How a page reads under a set of `getDocument` options: its text, its drawing, its glyph outlines. */
async function readPage(file: string, options: object) {
  const pdfjs = await loadPdfjs();
  const document = await pdfjs.getDocument({
    data: new Uint8Array(readFileSync(join(CORPORA, file))),
    ...pdfjsAssets(),
    cMapPacked: true,
    useSystemFonts: false,
    verbosity: 0,
    ...options,
  }).promise;
  try {
    const page: PdfPage = await document.getPage(1);
    const text = await page.getTextContent({ disableNormalization: true });
    const operators = await page.getOperatorList();
    const outlines = [...page.commonObjs].filter(([id]) => String(id).includes('_path_')).length;
    // Font ids name their document (g_d3_f2): the font within it is what must match.
    const items = text.items.map((item) =>
      'str' in item
        ? [item.str, item.transform, item.width, item.height, item.fontName.replace(/_d\d+_/, '_')]
        : [],
    );
    return { items, operators: operators.fnArray, outlines };
  } finally {
    await document.loadingTask.destroy();
  }
}

describe('textOnlyFontOptions', () => {
  // agstat names Arial without embedding it (pdf.js substitutes a standard font program when it
  // draws); tracemonkey embeds its Type1 fonts.
  it.each(['tables/agstat.pdf', 'pdf/tracemonkey.pdf'])(
    'reads %s with the same text and drawing as the rendering options, and builds no glyph outlines',
    async (file) => {
      const rendering = await readPage(file, { disableFontFace: true });
      const textOnly = await readPage(file, textOnlyFontOptions());
      expect(rendering.outlines).toBeGreaterThan(0);
      expect(textOnly.outlines).toBe(0);
      expect(textOnly.items.length).toBeGreaterThan(20);
      expect(textOnly.items).toEqual(rendering.items);
      expect(textOnly.operators).toEqual(rendering.operators);
    },
  );
});
