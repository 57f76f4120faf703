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
    // As the worker opens documents; it also keeps a loaded font's program where the test sees it.
    fontExtraProperties: true,
    ...options,
  }).promise;
  try {
    const page: PdfPage = await document.getPage(1);
    const text = await page.getTextContent({ disableNormalization: true });
    const operators = await page.getOperatorList();
    const objects = [...page.commonObjs] as [string, { data?: unknown; missingFile?: boolean }][];
    const outlines = objects.filter(([id]) => id.includes('_path_')).length;
    // Embedded fonts (a substitute is a missing file), and how many came with a program to draw with.
    const embedded = objects.filter(([id, font]) => /_f\d+$/.test(id) && font.missingFile === false);
    const programs = embedded.filter(([, font]) => font.data !== undefined).length;
    // Font ids name their document (g_d3_f2): the font within it is what must match.
    const items = text.items.map((item) =>
      'str' in item
        ? [item.str, item.transform, item.width, item.height, item.fontName.replace(/_d\d+_/, '_')]
        : [],
    );
    const styles = Object.entries(text.styles).map(([id, style]) => [id.replace(/_d\d+_/, '_'), style]);
    return { items, styles, operators: operators.fnArray, outlines, embedded: embedded.length, programs };
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

  // Embedded programs of each kind pdf.js reads: Type1 (tracemonkey; issue18823 with its built-in
  // encoding), CFF (issue14048 without a ToUnicode map; issue_cff_unsigned_bbox CID-keyed),
  // TrueType (ArabicCIDTrueType's simple fonts without ToUnicode, complex_ttf_font CID-keyed) and
  // a vertical CID TrueType font (issue20930).
  it.each([
    'pdf/tracemonkey.pdf',
    'pdf/issue18823.pdf',
    'pdf/issue14048.pdf',
    'pdf/issue_cff_unsigned_bbox.pdf',
    'pdf/ArabicCIDTrueType.pdf',
    'pdf/complex_ttf_font.pdf',
    'pdf/issue20930.pdf',
  ])(
    'reads %s’s text, widths and font metrics as rendering does, without building font programs',
    async (file) => {
      const rendering = await readPage(file, { disableFontFace: true });
      const textOnly = await readPage(file, textOnlyFontOptions());
      const withPrograms = await readPage(file, { ...textOnlyFontOptions(), textOnlyFonts: false });
      expect(withPrograms.embedded).toBeGreaterThan(0);
      expect(withPrograms.programs).toBe(withPrograms.embedded);
      expect(textOnly.embedded).toBe(withPrograms.embedded);
      expect(textOnly.programs).toBe(0);
      expect(textOnly.items.length).toBeGreaterThan(0);
      expect(textOnly.items).toEqual(rendering.items);
      expect(textOnly.styles).toEqual(rendering.styles);
      expect(textOnly.operators).toEqual(rendering.operators);
    },
  );
});
