import { TransmuteError } from '@transmute/plugin-sdk';
import UTIF from 'utif2';
import { firstNumber, type TiffPage, type TiffTags } from './tiff-pages.js';

/** The baseline JPEG decoder inside UTIF.js (pdf.js's), which its typings leave out. */
interface JpegDecoder {
  width: number;
  height: number;
  parse(data: Uint8Array): void;
  getData(options: { width: number; height: number; forceRGB: boolean; isSourcePDF: boolean }): Uint8Array;
}

const JpegDecoderClass = (UTIF as unknown as { JpegDecoder: new () => JpegDecoder }).JpegDecoder;

/** Whether a page is one-sample JPEG in strips, which UTIF.js decodes wrongly (see {@link decodeGrayJpeg}). */
export function isGrayJpegInStrips(tags: TiffTags): boolean {
  return firstNumber(tags, 259) === 7 && (firstNumber(tags, 277) ?? 1) === 1 && tags['t322'] === undefined;
}

/**
 * The 8-bit samples of a gray JPEG-in-TIFF page (compression 7, one sample a pixel), strip by
 * strip with the shared `JPEGTables`. UTIF.js asks its decoder for RGB whatever the page holds and
 * writes three bytes a pixel where one belongs, so gray JPEG pages came out smeared.
 */
export function decodeGrayJpeg(bytes: Uint8Array, tags: TiffTags, page: TiffPage): Uint8Array {
  const tables = tags['t347'] instanceof Uint8Array ? tags['t347'] : undefined;
  // The tables end with an end-of-image marker and each strip starts with a start-of-image one.
  const head = tables === undefined ? new Uint8Array() : tables.subarray(0, Math.max(0, tables.length - 2));
  const rowsPerStrip = Math.max(1, Math.min(firstNumber(tags, 278) ?? page.height, page.height));
  const offsets = (tags['t273'] ?? []) as number[];
  const counts = (tags['t279'] ?? []) as number[];
  const out = new Uint8Array(page.width * page.height);
  for (const [index, offset] of offsets.entries()) {
    const first = index * rowsPerStrip;
    const rows = Math.min(rowsPerStrip, page.height - first);
    if (rows <= 0) break;
    const strip = bytes.subarray(offset, offset + (counts[index] ?? 0));
    const body = tables !== undefined && strip[0] === 0xff && strip[1] === 0xd8 ? strip.subarray(2) : strip;
    const stream = new Uint8Array(head.length + body.length);
    stream.set(head);
    stream.set(body, head.length);
    let samples: Uint8Array;
    try {
      const decoder = new JpegDecoderClass();
      decoder.parse(stream);
      samples = decoder.getData({ width: page.width, height: rows, forceRGB: false, isSourcePDF: false });
    } catch (error) {
      throw new TransmuteError(
        'corrupt_file',
        `Page ${page.number} of the TIFF could not be decoded: ${String(error)}`,
        { cause: error },
      );
    }
    if (samples.length < page.width * rows)
      throw new TransmuteError(
        'corrupt_file',
        `Page ${page.number} of the TIFF has less image data than its size.`,
      );
    out.set(samples.subarray(0, page.width * rows), first * page.width);
  }
  return out;
}
