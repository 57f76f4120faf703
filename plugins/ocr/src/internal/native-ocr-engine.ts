import { TransmuteError } from '@transmute/plugin-sdk';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  findLanguageData,
  toNormalizedBox,
  type OcrEngine,
  type OcrParagraph,
  type OcrResult,
  type OcrWord,
} from './ocr-engine.js';

/** TSV output of tesseract past this many bytes means something is wrong with the image. */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

/**
 * The native `tesseract` binary (4.1+) as the OCR engine, fed the same shipped language data as
 * tesseract.js (gunzipped once into a cache folder), so both engines read alike. One process per
 * image with the image on stdin and TSV on stdout: a crash or a hostile image never takes the
 * service down, the time limit kills the process, and `OMP_THREAD_LIMIT=1` keeps it on one core
 * (pages run side by side instead). It is about 1.5x faster than tesseract.js (WebAssembly).
 * With the orientation data (`osd.traineddata`, Debian's `tesseract-ocr-osd`) it reads with
 * orientation and script detection (`--psm 1`): a sideways or upside-down page is read the right
 * way up in the same run, for about a tenth more time.
 */
export class NativeOcrEngine implements OcrEngine {
  readonly name = 'tesseract';
  readonly detectsOrientation: boolean;
  /** The prepared tessdata folder of each language set read so far. */
  private readonly tessdata = new Map<string, string>();

  /** `orientationData`: the path of `osd.traineddata`, when the machine has it. */
  constructor(
    private readonly binary: string,
    private readonly languages: string[],
    private readonly orientationData?: string,
  ) {
    this.detectsOrientation = orientationData !== undefined;
  }

  recognize(image: Uint8Array, timeoutMs: number, languages = this.languages): Promise<OcrResult> {
    const key = languages.join('+');
    const tessdata = this.tessdata.get(key) ?? prepareTessdata(languages, this.orientationData);
    this.tessdata.set(key, tessdata);
    const args = [
      'stdin',
      'stdout',
      '--tessdata-dir',
      tessdata,
      '-l',
      key,
      '--oem',
      '1',
      '--psm',
      this.detectsOrientation ? '1' : '3',
      '--dpi',
      '300',
      // The `tsv` config file lives in the system's tessdata, not in ours: set what it sets.
      '-c',
      'tessedit_create_tsv=1',
      '-c',
      'tessedit_create_txt=0',
    ];
    return new Promise((resolve, reject) => {
      const child = spawn(this.binary, args, {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      });
      const out: Buffer[] = [];
      let size = 0;
      let stderr = '';
      let failure: TransmuteError | undefined;
      const fail = (error: TransmuteError): void => {
        failure ??= error;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(() => {
        fail(
          new TransmuteError('timeout', `OCR of a page took longer than ${Math.round(timeoutMs / 1000)} s.`),
        );
      }, timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_OUTPUT_BYTES)
          fail(new TransmuteError('corrupt_file', 'OCR output of the image is too large.'));
        else out.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 4096) stderr += chunk.toString('utf8');
      });
      // A process that exits early (unreadable image) closes stdin: that is reported by `close`.
      child.stdin.on('error', () => undefined);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(
          new TransmuteError('internal_error', `Could not run tesseract: ${error.message}`, { cause: error }),
        );
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (failure !== undefined) return reject(failure);
        if (code !== 0) {
          const reason =
            stderr.split('\n').find((line) => /error|cannot|can't/i.test(line)) ??
            `exit code ${String(code)}`;
          return reject(new TransmuteError('corrupt_file', `The image could not be read: ${reason.trim()}`));
        }
        resolve(parseTsv(Buffer.concat(out).toString('utf8')));
      });
      child.stdin.end(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    });
  }

  /** Nothing stays running between images. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Whether this tesseract binary runs and is recent enough (LSTM, TSV, stdin: 4.1+). */
export function nativeTesseractWorks(binary: string): boolean {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const version = /tesseract v?(\d+)\.(\d+)/i.exec(`${result.stdout ?? ''}${result.stderr ?? ''}`);
  if (result.status !== 0 || version === null) return false;
  const [major, minor] = [Number(version[1]), Number(version[2])];
  return major > 4 || (major === 4 && minor >= 1);
}

/**
 * A tessdata folder with the shipped `.traineddata.gz` of each language gunzipped (and the
 * orientation data copied when given), keyed by the data's digest so every process shares one
 * copy and a new data version gets a new folder.
 */
function prepareTessdata(languages: string[], orientationData: string | undefined): string {
  const files = languages.map((language) => {
    const folder = findLanguageData(language);
    if (folder === undefined)
      throw new TransmuteError('internal_error', `No OCR data ships for ${language}.`);
    return { language, gz: readFileSync(join(folder, `${language}.traineddata.gz`)) };
  });
  const digest = createHash('sha256');
  for (const file of files) digest.update(file.language).update(file.gz);
  if (orientationData !== undefined) digest.update(orientationData);
  const folder = join(tmpdir(), `transmute-tessdata-${digest.digest('hex').slice(0, 16)}`);
  mkdirSync(folder, { recursive: true });
  for (const { language, gz } of files) {
    const target = join(folder, `${language}.traineddata`);
    if (existsSync(target)) continue;
    const partial = `${target}.${String(process.pid)}.partial`;
    writeFileSync(partial, gunzipSync(gz));
    renameSync(partial, target);
  }
  const orientationTarget = join(folder, 'osd.traineddata');
  if (orientationData !== undefined && !existsSync(orientationTarget)) {
    const partial = `${orientationTarget}.${String(process.pid)}.partial`;
    copyFileSync(orientationData, partial);
    renameSync(partial, orientationTarget);
  }
  return folder;
}

interface TsvLine {
  words: OcrWord[];
  width: number;
  height: number;
  /** Pixel box of the line's words. */
  box?: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Tesseract TSV (level 1 = the page with its size, level 4 = line with its box, level 5 = word with
 * confidence and box) → paragraphs of lines of words, each paragraph boxed around its words. Boxes
 * are those of the image as given: on a page tesseract read turned a quarter (orientation
 * detection), lines stand upright and their height is the box's width.
 */
export function parseTsv(tsv: string): OcrResult {
  const paragraphs = new Map<string, TsvLine[]>();
  const lines = new Map<string, TsvLine>();
  let size: { width: number; height: number } | undefined;
  let confidenceSum = 0;
  let words = 0;
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] === 'level') continue;
    const [level, , block, paragraph, lineNumber, , left, top, width, height, conf, ...text] = cells;
    if (level === '1') size = { width: Number(width), height: Number(height) };
    const paragraphKey = `${block ?? ''}.${paragraph ?? ''}`;
    const lineKey = `${paragraphKey}.${lineNumber ?? ''}`;
    if (level === '4') {
      const line: TsvLine = { words: [], width: Number(width), height: Number(height) };
      lines.set(lineKey, line);
      const list = paragraphs.get(paragraphKey) ?? [];
      list.push(line);
      paragraphs.set(paragraphKey, list);
    } else if (level === '5') {
      const word = text.join('\t').trim();
      const confidence = Number(conf);
      const line = lines.get(lineKey);
      if (word === '' || line === undefined || !(confidence >= 0)) continue;
      line.words.push({ text: word, confidence: confidence / 100 });
      const box = addPixels(line.box, Number(left), Number(top), Number(width), Number(height));
      if (box !== undefined) line.box = box;
      confidenceSum += confidence;
      words += 1;
    }
  }
  const used = [...paragraphs.values()]
    .map((paragraphLines) => paragraphLines.filter((line) => line.words.length > 0))
    .filter((paragraphLines) => paragraphLines.length > 0);
  const longLines = used.flat().filter((line) => line.words.length >= 2);
  const upright = longLines.filter((line) => line.height > line.width).length > longLines.length / 2;
  const result: OcrParagraph[] = used.map((paragraphLines) => {
    const confidences = paragraphLines.flatMap((line) => line.words.map((word) => word.confidence));
    const box = paragraphLines.reduce<TsvLine['box']>(
      (union, line) =>
        line.box === undefined
          ? union
          : addPixels(union, line.box.x0, line.box.y0, line.box.x1 - line.box.x0, line.box.y1 - line.box.y0),
      undefined,
    );
    return {
      lines: paragraphLines.map((line) => line.words),
      confidence: confidences.reduce((sum, value) => sum + value, 0) / confidences.length,
      lineHeight:
        paragraphLines.reduce((sum, line) => sum + (upright ? line.width : line.height), 0) /
        paragraphLines.length,
      ...(box === undefined || size === undefined || !(size.width > 0 && size.height > 0)
        ? {}
        : { box: toNormalizedBox(box, size) }),
    };
  });
  return { paragraphs: result, confidence: words === 0 ? 0 : confidenceSum / words / 100 };
}

/** A pixel box grown to hold the rectangle at `left, top` of `width × height`. */
function addPixels(
  box: TsvLine['box'],
  left: number,
  top: number,
  width: number,
  height: number,
): TsvLine['box'] {
  if (![left, top, width, height].every(Number.isFinite)) return box;
  const added = { x0: left, y0: top, x1: left + width, y1: top + height };
  if (box === undefined) return added;
  return {
    x0: Math.min(box.x0, added.x0),
    y0: Math.min(box.y0, added.y0),
    x1: Math.max(box.x1, added.x1),
    y1: Math.max(box.y1, added.y1),
  };
}
