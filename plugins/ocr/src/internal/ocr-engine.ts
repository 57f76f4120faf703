import { TransmuteError } from '@transmute/plugin-sdk';
import { existsSync } from 'node:fs';
import { mkdtemp, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type Tesseract from 'tesseract.js';
import { imageSize, sniffKind } from './sniff.js';

const require = createRequire(import.meta.url);

/** One recognized word with its confidence (0..1). */
export interface OcrWord {
  text: string;
  confidence: number;
}

/** One recognized paragraph: its lines of words, its confidence (0..1) and its line height in pixels. */
export interface OcrParagraph {
  lines: OcrWord[][];
  confidence: number;
  lineHeight: number;
  /**
   * The paragraph's box `[x0, y0, x1, y1]` normalized 0..1 to the image that was read (top-left
   * origin), when the engine knows the image's size.
   */
  box?: [number, number, number, number];
}

/** What OCR of one image yields. */
export interface OcrResult {
  paragraphs: OcrParagraph[];
  /** 0..1 */
  confidence: number;
}

/** Where the traineddata of a language ships (`@tesseract.js-data/<lang>`), or undefined. */
export function findLanguageData(language: string): string | undefined {
  try {
    const root = dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
    const data = require(`@tesseract.js-data/${language}`) as { langPath?: string };
    const langPath = data.langPath ?? join(root, '4.0.0');
    return existsSync(join(langPath, `${language}.traineddata.gz`)) ? langPath : undefined;
  } catch {
    return undefined;
  }
}

/** Recognizes text in images: tesseract.js (WebAssembly) or the native tesseract binary. */
export interface OcrEngine {
  /** `tesseract.js` or `tesseract` (the native binary). */
  readonly name: string;
  /**
   * True when the engine turns a sideways or upside-down page the right way up itself (tesseract's
   * orientation and script detection), so that nobody needs to read it again turned.
   */
  readonly detectsOrientation: boolean;
  /**
   * Recognizes one encoded image (PNG, JPEG, TIFF, PGM…) within the time limit, in `languages`
   * (tesseract codes whose data ships) or else the engine's own.
   */
  recognize(image: Uint8Array, timeoutMs: number, languages?: string[]): Promise<OcrResult>;
  /** Stops what the engine keeps running. */
  close(): Promise<void>;
}

/**
 * A tesseract.js worker fed only from shipped language data (never the CDN): one recognition at a
 * time, a time limit per image (the worker is terminated and replaced past it), and a fresh worker
 * every `recycleAfter` images because wasm memory never shrinks.
 */
export class WasmOcrEngine implements OcrEngine {
  readonly name = 'tesseract.js';
  readonly detectsOrientation = false;
  private worker: Promise<Tesseract.Worker> | undefined;
  /** The languages the running worker was started with. */
  private workerLanguages: string[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private served = 0;

  constructor(
    private readonly languages: string[],
    private readonly recycleAfter = 25,
  ) {}

  /** Recognizes one encoded image (PNG, JPEG, TIFF, PGM…); other languages start another worker. */
  recognize(image: Uint8Array, timeoutMs: number, languages = this.languages): Promise<OcrResult> {
    const run = this.queue.then(() => this.recognizeNow(image, timeoutMs, languages));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Terminates the worker. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) await (await worker.catch(() => undefined))?.terminate();
  }

  private async recognizeNow(image: Uint8Array, timeoutMs: number, languages: string[]): Promise<OcrResult> {
    if (this.served >= this.recycleAfter || languages.join('+') !== this.workerLanguages.join('+'))
      await this.close();
    this.worker ??= this.start(languages);
    this.served += 1;
    const worker = await this.worker;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(
          new TransmuteError('timeout', `OCR of a page took longer than ${Math.round(timeoutMs / 1000)} s.`),
        );
      }, timeoutMs);
    });
    try {
      const result = await Promise.race([
        worker.recognize(
          Buffer.from(image.buffer, image.byteOffset, image.byteLength),
          {},
          { text: true, blocks: true },
        ),
        timeout,
      ]);
      return toOcrResult(result.data, pixelSize(image));
    } catch (error) {
      await this.close();
      throw error instanceof TransmuteError
        ? error
        : new TransmuteError('corrupt_file', `The image could not be read: ${String(error)}`, {
            cause: error,
          });
    } finally {
      clearTimeout(timer);
    }
  }

  private async start(languages: string[]): Promise<Tesseract.Worker> {
    this.served = 0;
    this.workerLanguages = languages;
    const { createWorker, OEM, PSM } = (await import('tesseract.js')).default;
    const langPath = await sharedLangPath(languages);
    const worker = await createWorker(languages, OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: 'none',
      // Without a handler, a worker error is rethrown as an uncaught exception.
      errorHandler: () => undefined,
    });
    // tesseract.js defaults to one uniform block (PSM 6), which reads straight across columns;
    // automatic page segmentation (the CLI's default) finds columns and blocks.
    // Pages are rendered (and scans usually made) at 300 dpi; saying so also stops tesseract
    // printing its resolution estimate for every page.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: '300' });
    return worker;
  }
}

/** tesseract.js takes one langPath: languages from several packages are linked into one folder. */
async function sharedLangPath(languages: string[]): Promise<string> {
  const paths = languages.map((language) => {
    const path = findLanguageData(language);
    if (path === undefined) throw new TransmuteError('internal_error', `No OCR data ships for ${language}.`);
    return path;
  });
  const unique = [...new Set(paths)];
  if (unique.length === 1 && unique[0] !== undefined) return unique[0];
  const folder = await mkdtemp(join(tmpdir(), 'transmute-tessdata-'));
  for (const [index, language] of languages.entries()) {
    const file = `${language}.traineddata.gz`;
    await symlink(join(paths[index] ?? '', file), join(folder, file));
  }
  return folder;
}

/**
 * The text of a paragraph from its words read with at least `minimumConfidence` (all by default),
 * lines joined as {@link joinOcrLines} does.
 */
export function paragraphText(paragraph: OcrParagraph, minimumConfidence = 0): string {
  return joinOcrLines(
    paragraph.lines.map((line) =>
      line
        .filter((word) => word.confidence >= minimumConfidence)
        .map((word) => word.text)
        .join(' '),
    ),
  );
}

/** Joins the lines of a paragraph, rejoining words hyphenated across a line break. */
export function joinOcrLines(lines: readonly string[]): string {
  let text = '';
  for (const raw of lines) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line === '') continue;
    text =
      text === ''
        ? line
        : /\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line)
          ? text.slice(0, -1) + line
          : `${text} ${line}`;
  }
  return text;
}

/** Width and height of an encoded image (PGM as pages are rendered, PNG, JPEG), when readable. */
function pixelSize(image: Uint8Array): { width: number; height: number } | undefined {
  const pgm = /^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)/.exec(
    Buffer.from(image.subarray(0, 256)).toString('latin1'),
  );
  if (pgm !== null) return { width: Number(pgm[1]), height: Number(pgm[2]) };
  const kind = sniffKind(image.subarray(0, 1024));
  return kind === undefined ? undefined : imageSize(image.subarray(0, 65_536), kind);
}

/** A pixel box normalized to the image (0..1, 4 decimals). */
export function toNormalizedBox(
  box: { x0: number; y0: number; x1: number; y1: number },
  size: { width: number; height: number },
): [number, number, number, number] {
  const scale = (value: number, by: number): number =>
    Math.round(Math.min(1, Math.max(0, value / by)) * 10_000) / 10_000;
  return [
    scale(box.x0, size.width),
    scale(box.y0, size.height),
    scale(box.x1, size.width),
    scale(box.y1, size.height),
  ];
}

function toOcrResult(page: Tesseract.Page, size: { width: number; height: number } | undefined): OcrResult {
  const paragraphs: OcrParagraph[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      const lines = paragraph.lines.filter((line) => line.text.trim() !== '');
      const words = lines.map((line) =>
        line.words
          .map((word) => ({ text: word.text.trim(), confidence: word.confidence / 100 }))
          .filter((word) => word.text !== ''),
      );
      if (words.every((line) => line.length === 0)) continue;
      const height = lines.reduce(
        (sum, line) => sum + (line.rowAttributes.rowHeight || line.bbox.y1 - line.bbox.y0),
        0,
      );
      paragraphs.push({
        lines: words,
        confidence: paragraph.confidence / 100,
        lineHeight: height / Math.max(1, paragraph.lines.length),
        ...(size === undefined ? {} : { box: toNormalizedBox(paragraph.bbox, size) }),
      });
    }
  }
  return { paragraphs, confidence: page.confidence / 100 };
}
