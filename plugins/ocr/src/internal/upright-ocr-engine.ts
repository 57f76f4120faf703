import { readJpegOrientation } from './exif-orientation.js';
import { decodeGray, fromExifOrientation, halve, reorient, toPgm, type GrayImage } from './gray-image.js';
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

/** Options of {@link UprightOcrEngine}. */
export interface UprightOptions {
  /** Pages read with a confidence under this (and some text) are tried turned. */
  retryBelow: number;
  /** Images larger than this are read as they are (decoding and turning them costs memory). */
  maxPixels: number;
}

/**
 * Reads images the right way up around another engine. A JPEG's EXIF orientation (phone photos
 * store the sensor's pixels and say how to turn them) is applied before reading. A page that still
 * reads badly, with some text found but a confidence under `retryBelow` (upside-down or sideways
 * text comes out as garbage around 0.4), is probed turned by 180, 90 and 270 degrees (at half size
 * when large, so a page that is merely hard costs about 1.75x, not 4x) and read again at full size
 * the way a probe reads clearly better, within the page's time limit.
 */
export class UprightOcrEngine implements OcrEngine {
  readonly name: string;

  constructor(
    private readonly inner: OcrEngine,
    private readonly options: UprightOptions,
  ) {
    this.name = inner.name;
  }

  async recognize(image: Uint8Array, timeoutMs: number): Promise<OcrResult> {
    const deadline = Date.now() + timeoutMs;
    let upright = image;
    let gray: GrayImage | undefined;
    const exif = fromExifOrientation(readJpegOrientation(image));
    if (exif.mirror || exif.quarterTurns !== 0) {
      const stored = await this.decode(image);
      if (stored !== undefined) {
        gray = reorient(stored, exif);
        upright = toPgm(gray);
      }
    }
    let best = await this.inner.recognize(upright, timeoutMs);
    if (best.paragraphs.length === 0 || best.confidence >= this.options.retryBelow) return best;
    gray ??= await this.decode(upright);
    if (gray === undefined) return best;
    const probe = gray.width * gray.height >= PROBE_HALF_FROM_PIXELS ? halve(gray) : gray;
    for (const quarterTurns of TURNS) {
      // The page already has a reading: a retry that fails or runs out of time just loses.
      const probed = await this.readTurned(probe, quarterTurns, deadline);
      if (probed === undefined || probed.confidence <= best.confidence + MARGIN) continue;
      const reading = probe === gray ? probed : await this.readTurned(gray, quarterTurns, deadline);
      if (reading !== undefined && reading.confidence > best.confidence + MARGIN) best = reading;
      if (best.confidence >= this.options.retryBelow) break;
    }
    return best;
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Reads the image turned, with what is left of the page's time; undefined when that fails. */
  private async readTurned(
    image: GrayImage,
    quarterTurns: 1 | 2 | 3,
    deadline: number,
  ): Promise<OcrResult | undefined> {
    const left = deadline - Date.now();
    if (left < MIN_RETRY_MS) return undefined;
    const turned = toPgm(reorient(image, { mirror: false, quarterTurns }));
    return this.inner.recognize(turned, left).catch(() => undefined);
  }

  /** Grayscale pixels of an image small enough to turn, else undefined. */
  private async decode(image: Uint8Array): Promise<GrayImage | undefined> {
    const kind = sniffKind(image.subarray(0, 1024));
    const size = kind === undefined ? undefined : imageSize(image.subarray(0, 65_536), kind);
    if (size !== undefined && size.width * size.height > this.options.maxPixels) return undefined;
    const gray = await decodeGray(image);
    return gray !== undefined && gray.width * gray.height <= this.options.maxPixels ? gray : undefined;
  }
}
