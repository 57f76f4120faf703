import { detectLanguage } from './detect-language.js';
import { paragraphText, type OcrEngine, type OcrResult } from './ocr-engine.js';
import { installedOcrLanguages, toOcrLanguage } from './ocr-languages.js';

/**
 * The OCR of one document, in the document's language: the requested one (the source's preferred
 * language) when its data is installed; otherwise the source's languages until a page's text says
 * the document is in another installed language, when that page is read again in it and the pages
 * after it are read in it at once.
 */
export class DocumentOcr implements OcrEngine {
  /** Languages settled for the rest of the document; undefined until a page's language is known. */
  private settled: string[] | undefined;
  /** Every language set the pages were read in, in order. */
  private readonly used = new Set<string>();

  constructor(
    private readonly engine: OcrEngine,
    private readonly defaults: string[],
    requested: string | undefined,
  ) {
    const code = requested === undefined ? undefined : toOcrLanguage(requested);
    if (code !== undefined && installedOcrLanguages().includes(code)) this.settled = [code];
  }

  // Asked of the source's engine when read, not copied: it may choose itself on first use.
  get name(): string {
    return this.engine.name;
  }

  get detectsOrientation(): boolean {
    return this.engine.detectsOrientation;
  }

  /** The languages the pages were read in (`fra`, `eng+fra`), for the document facts. */
  get languages(): string[] {
    return [...this.used];
  }

  async recognize(image: Uint8Array, timeoutMs: number): Promise<OcrResult> {
    if (this.settled !== undefined) return this.read(image, timeoutMs, this.settled);
    const first = await this.read(image, timeoutMs, this.defaults);
    const text = first.paragraphs.map((paragraph) => paragraphText(paragraph)).join('\n');
    const detected = detectLanguage(text);
    if (detected === undefined) return first;
    const code = toOcrLanguage(detected);
    if (code === undefined || this.defaults.includes(code) || !installedOcrLanguages().includes(code)) {
      this.settled = this.defaults;
      return first;
    }
    this.settled = [code];
    const again = await this.read(image, timeoutMs, this.settled).catch(() => undefined);
    return again !== undefined && again.confidence >= first.confidence ? again : first;
  }

  /** The engine belongs to the source, which closes it. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  private read(image: Uint8Array, timeoutMs: number, languages: string[]): Promise<OcrResult> {
    this.used.add(languages.join('+'));
    return this.engine.recognize(image, timeoutMs, languages);
  }
}
