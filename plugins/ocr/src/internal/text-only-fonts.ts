/**
 * pdf.js options for a document opened to read its text and drawing, never to render.
 *
 * Under Node pdf.js has no font loading API, so by default (`disableFontFace`) it turns every glyph
 * a page shows into a path for canvas rendering while it builds the page's operator list, and
 * clones each path across its port: about a quarter of that call on the table corpus, for outlines
 * text layout never reads. With font faces allowed, pdf.js instead hands each font program to its
 * document's font set and builds no outlines. A document opened this way is never rendered (the
 * worker reopens it for rendering), so its font set is a sink that keeps nothing.
 *
 * Nor does such a document load the programs pdf.js substitutes for the standard 14 fonts a PDF
 * names without embedding (Foxit and Liberation, parsed and translated once per document): they
 * are drawn with, but a glyph's width comes from the PDF's `Widths` or pdf.js's own metrics and its
 * text from the font's encoding, so text positions stay the same.
 *
 * Nor does pdf.js build an OpenType program from each embedded font (`textOnlyFonts`, our patch of
 * pdf.js): it still parses the program for what text needs (a Type1 or CFF font's built-in
 * encoding, a TrueType font's metrics, names and cmap), with every check that can make it fall back
 * to a substitute, but skips sanitizing hints and glyph outlines and writing the tables that only a
 * font face would read (about a fifth of pdf.js's text content on a one-page PDF).
 */
import type { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

type GetDocumentOptions = Exclude<
  Parameters<typeof getDocument>[0],
  string | URL | ArrayBuffer | ArrayLike<number> | undefined
>;
type TextOnlyFontOptions = Required<
  Pick<GetDocumentOptions, 'disableFontFace' | 'ownerDocument' | 'textOnlyFonts'>
> &
  Pick<GetDocumentOptions, 'standardFontDataUrl'>;

/** What pdf.js asks of a font face: a family name and a promise that it loaded. */
class DiscardedFontFace {
  readonly loaded: Promise<this>;

  constructor(readonly family: string) {
    this.loaded = Promise.resolve(this);
  }

  load(): Promise<this> {
    return this.loaded;
  }
}

/** The document's font set pdf.js adds its font faces to (and deletes them from). */
const discardingFontSet = { add: (): void => undefined, delete: (): boolean => true };

/**
 * `getDocument` options under which pdf.js builds no glyph outlines, no OpenType programs and loads
 * no substitute font programs (they override `pdfjsAssets()`'s standard font folder). Installs the `FontFace`
 * constructor pdf.js calls for each embedded font, in this worker thread only, where nothing
 * renders with it.
 */
export function textOnlyFontOptions(): TextOnlyFontOptions {
  const scope = globalThis as { FontFace?: unknown };
  scope.FontFace ??= DiscardedFontFace;
  return {
    disableFontFace: false,
    // pdf.js reads only `fonts` of the document it is given when it has nothing to render.
    ownerDocument: { fonts: discardingFontSet } as unknown as TextOnlyFontOptions['ownerDocument'],
    standardFontDataUrl: undefined,
    textOnlyFonts: true,
  };
}
