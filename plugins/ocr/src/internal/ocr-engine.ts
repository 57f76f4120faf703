import { existsSync } from 'node:fs';
import { mkdtemp, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { TransmuteError } from '@transmute/contract';
import type Tesseract from 'tesseract.js';

const require = createRequire(import.meta.url);

/** One recognized paragraph with its line height in pixels. */
export interface OcrParagraph {
  text: string;
  confidence: number;
  lineHeight: number;
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

/**
 * A tesseract.js worker fed only from shipped language data (never the CDN): one recognition at a
 * time, a time limit per image (the worker is terminated and replaced past it), and a fresh worker
 * every `recycleAfter` images because wasm memory never shrinks.
 */
export class OcrEngine {
  private worker: Promise<Tesseract.Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private served = 0;

  constructor(
    private readonly languages: string[],
    private readonly recycleAfter = 25,
  ) {}

  /** Recognizes one encoded image (PNG, JPEG, TIFF, PGM…). */
  recognize(image: Uint8Array, timeoutMs: number): Promise<OcrResult> {
    const run = this.queue.then(() => this.recognizeNow(image, timeoutMs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Terminates the worker. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) await (await worker.catch(() => undefined))?.terminate();
  }

  private async recognizeNow(image: Uint8Array, timeoutMs: number): Promise<OcrResult> {
    if (this.served >= this.recycleAfter) await this.close();
    this.worker ??= this.start();
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
      return toOcrResult(result.data);
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

  private async start(): Promise<Tesseract.Worker> {
    this.served = 0;
    const { createWorker, OEM, PSM } = (await import('tesseract.js')).default;
    const langPath = await sharedLangPath(this.languages);
    const worker = await createWorker(this.languages, OEM.LSTM_ONLY, {
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

function toOcrResult(page: Tesseract.Page): OcrResult {
  const paragraphs: OcrParagraph[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      let text = '';
      let height = 0;
      for (const line of paragraph.lines) {
        const lineText = line.text.replace(/\s+/g, ' ').trim();
        if (lineText === '') continue;
        text =
          text === ''
            ? lineText
            : /\p{L}-$/u.test(text) && /^\p{Ll}/u.test(lineText)
              ? text.slice(0, -1) + lineText
              : `${text} ${lineText}`;
        height += line.rowAttributes.rowHeight || line.bbox.y1 - line.bbox.y0;
      }
      if (text === '') continue;
      paragraphs.push({
        text,
        confidence: paragraph.confidence / 100,
        lineHeight: height / Math.max(1, paragraph.lines.length),
      });
    }
  }
  return { paragraphs, confidence: page.confidence / 100 };
}
