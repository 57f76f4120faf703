import { estimateSkew, rotateBy } from './deskew.js';
import { readJpegOrientation } from './exif-orientation.js';
import { decodeGray, enlarge, halve, toPgm, turn, type GrayImage } from './gray-image.js';
import type { OcrEngine, OcrResult } from './ocr-engine.js';
import { imageSize, sniffKind } from './sniff.js';

/** Quarter turns tried, in this order, when a page reads badly: upside down first (scans), then sideways. */
const TURNS = [2, 1, 3] as const;
/** A turned reading replaces the first one only when its confidence is this much higher. */
const MARGIN = 0.1;
/** A retry is not started with less time than this left of the page's limit. */
const MIN_RETRY_MS = 1000;
/** Turns are probed at half size (about a quarter of the OCR time) on images at least this large. */
const PROBE_HALF_FROM_PIXELS = 2_000_000;
/** Text whose smallest paragraph has lines lower than this (pixels) is small for tesseract… */
const SMALL_LINE_PX = 20;
/** …and is read again enlarged when its confidence is under this, so lines become about… */
const SMALL_TEXT_BELOW_CONFIDENCE = 0.9;
/** …this many pixels high (tesseract reads best with capitals of 20-30 px). */
const TARGET_LINE_PX = 30;

/** Skew under this (degrees) is left to tesseract, which copes with a little. */
const MIN_SKEW_DEGREES = 1;

/** Options of {@link AdaptiveOcrEngine}. */
export interface AdaptiveOcrOptions {
  /** Pages read with a confidence under this (and some text) are tried turned. */
  retryBelow: number;
  /** Images larger than this are read as they are (decoding, turning and enlarging cost memory). */
  maxPixels: number;
}

/** One recognition with its retries: when the page's time is up, and in which languages. */
interface Attempt {
  deadline: number;
  languages: string[] | undefined;
}

/** An image being read: its pixels once decoded (null: it cannot be), and how much it was enlarged. */
interface Candidate {
  bytes: Uint8Array;
  gray?: GrayImage | null;
  scale: number;
}

/**
 * Reads images the way tesseract reads best, around another engine:
 * - a JPEG's EXIF orientation (phone photos store the sensor's pixels and say how to turn them) is
 *   applied first;
 * - small text (a screenshot, a low-resolution scan: lines under 20 px) that reads with less than
 *   0.9 confidence is read again enlarged to about 30 px lines, and the better reading kept;
 * - a page that still reads badly (no text found, or a confidence under `retryBelow`) is
 *   straightened when its lines are tilted by a degree or more (tesseract gives up past a few);
 * - a page that reads badly even then (upside-down or sideways text comes out as garbage around
 *   0.4), with an engine that does not detect orientation itself (tesseract.js), is probed turned by 180, 90 and 270 degrees (at half size when large, so a page that is merely hard costs about 1.75x, not
 *   4x) and read again at full size the way a probe reads clearly better.
 * All of it within the page's time limit. Line heights are reported at the image's own size.
 */
export class AdaptiveOcrEngine implements OcrEngine {
  constructor(
    private readonly inner: OcrEngine,
    private readonly options: AdaptiveOcrOptions,
  ) {}

  // Asked of the inner engine when read, not copied: it may choose itself on first use.
  get name(): string {
    return this.inner.name;
  }

  get detectsOrientation(): boolean {
    return this.inner.detectsOrientation;
  }

  async recognize(image: Uint8Array, timeoutMs: number, languages?: string[]): Promise<OcrResult> {
    const attempt: Attempt = { deadline: Date.now() + timeoutMs, languages };
    let current: Candidate = { bytes: image, scale: 1 };
    if (readJpegOrientation(image) !== 1) {
      // Tesseract reads the stored pixels as they are; the decoder turns them as EXIF says.
      const gray = await this.pixels(current);
      if (gray !== undefined) current = { bytes: toPgm(gray), gray, scale: 1 };
    }
    let best = await this.inner.recognize(current.bytes, timeoutMs, languages);
    const enlarged = await this.readEnlarged(current, best, attempt);
    if (enlarged !== undefined) {
      current = enlarged.candidate;
      best = enlarged.reading;
    }
    // Tilted text often reads as nothing at all, so no text found is reason enough to look for a tilt.
    if (best.paragraphs.length === 0 || this.readsBadly(best)) {
      const straightened = await this.readDeskewed(current, best, attempt);
      if (straightened !== undefined) {
        current = straightened.candidate;
        best = straightened.reading;
      }
    }
    // An engine that detects orientation has read the page the right way up already.
    if (this.readsBadly(best) && !this.inner.detectsOrientation)
      best = await this.readTurned(current, best, attempt);
    return current.scale === 1 ? best : atScale(best, current.scale);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The image enlarged and read again when its text is small and unsure and enlarging reads better. */
  private async readEnlarged(
    current: Candidate,
    reading: OcrResult,
    attempt: Attempt,
  ): Promise<{ candidate: Candidate; reading: OcrResult } | undefined> {
    const lines = reading.paragraphs.map((paragraph) => paragraph.lineHeight).filter((height) => height > 0);
    const smallest = Math.min(...lines);
    if (lines.length === 0 || smallest >= SMALL_LINE_PX || reading.confidence >= SMALL_TEXT_BELOW_CONFIDENCE)
      return undefined;
    const gray = await this.pixels(current);
    if (gray === undefined) return undefined;
    const factor = Math.min(4, Math.max(2, Math.round(TARGET_LINE_PX / smallest)));
    if (gray.width * gray.height * factor * factor > this.options.maxPixels) return undefined;
    const large = enlarge(gray, factor);
    const candidate: Candidate = { bytes: toPgm(large), gray: large, scale: factor };
    const again = await this.retry(candidate.bytes, attempt);
    return again !== undefined && again.confidence > reading.confidence
      ? { candidate, reading: again }
      : undefined;
  }

  /** Some text found, but with a confidence that says it is mostly garbage. */
  private readsBadly(reading: OcrResult): boolean {
    return reading.paragraphs.length > 0 && reading.confidence < this.options.retryBelow;
  }

  /**
   * The image straightened when its lines are tilted by a degree or more (a photo of a page, a crooked
   * scan: tesseract gives up past a few degrees), with its reading when that reads better. The
   * straightened image is kept for turning even when it does not (it may be upside down as well).
   */
  private async readDeskewed(
    current: Candidate,
    reading: OcrResult,
    attempt: Attempt,
  ): Promise<{ candidate: Candidate; reading: OcrResult } | undefined> {
    const gray = await this.pixels(current);
    if (gray === undefined) return undefined;
    const skew = estimateSkew(gray);
    if (Math.abs(skew) < MIN_SKEW_DEGREES) return undefined;
    const straight = rotateBy(gray, skew);
    if (straight.width * straight.height > this.options.maxPixels) return undefined;
    const candidate: Candidate = { bytes: toPgm(straight), gray: straight, scale: current.scale };
    const again = await this.retry(candidate.bytes, attempt);
    return {
      candidate,
      reading: again !== undefined && again.confidence > reading.confidence ? again : reading,
    };
  }

  /** The best of the reading and the image's turned readings. */
  private async readTurned(current: Candidate, reading: OcrResult, attempt: Attempt): Promise<OcrResult> {
    const gray = await this.pixels(current);
    if (gray === undefined) return reading;
    let best = reading;
    const probe = gray.width * gray.height >= PROBE_HALF_FROM_PIXELS ? halve(gray) : gray;
    for (const quarterTurns of TURNS) {
      const probed = await this.retry(toPgm(turn(probe, quarterTurns)), attempt);
      if (probed === undefined || probed.confidence <= best.confidence + MARGIN) continue;
      const full = probe === gray ? probed : await this.retry(toPgm(turn(gray, quarterTurns)), attempt);
      if (full !== undefined && full.confidence > best.confidence + MARGIN) best = full;
      if (best.confidence >= this.options.retryBelow) break;
    }
    return best;
  }

  /** Reads again with what is left of the page's time; undefined when that fails (the page already has a reading). */
  private async retry(image: Uint8Array, attempt: Attempt): Promise<OcrResult | undefined> {
    const left = attempt.deadline - Date.now();
    if (left < MIN_RETRY_MS) return undefined;
    return this.inner.recognize(image, left, attempt.languages).catch(() => undefined);
  }

  /** Grayscale pixels of a candidate small enough to work on, else undefined; decoded once per candidate. */
  private async pixels(candidate: Candidate): Promise<GrayImage | undefined> {
    candidate.gray ??= (await this.decode(candidate.bytes)) ?? null;
    return candidate.gray ?? undefined;
  }

  private async decode(image: Uint8Array): Promise<GrayImage | undefined> {
    const kind = sniffKind(image.subarray(0, 1024));
    const size = kind === undefined ? undefined : imageSize(image.subarray(0, 65_536), kind);
    if (size !== undefined && size.width * size.height > this.options.maxPixels) return undefined;
    const gray = await decodeGray(image);
    return gray !== undefined && gray.width * gray.height <= this.options.maxPixels ? gray : undefined;
  }
}

/** A reading of an image enlarged `scale` times, with line heights at the image's own size. */
function atScale(reading: OcrResult, scale: number): OcrResult {
  return {
    ...reading,
    paragraphs: reading.paragraphs.map((paragraph) => ({
      ...paragraph,
      lineHeight: paragraph.lineHeight / scale,
    })),
  };
}
