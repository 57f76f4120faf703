import { TransmuteError } from '@transmute/plugin-sdk';
import { open } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import UTIF from 'utif2';
import { decodeCcitt } from './ccitt.js';
import { decodeGrayJpeg, isGrayJpegInStrips } from './tiff-gray-jpeg.js';
import { assertDecodable, firstNumber, type TiffPage, type TiffTags } from './tiff-pages.js';

/** Resolution assumed for pages that do not say (scans are usually 300 dpi). */
const ASSUMED_DPI = 300;

/** One TIFF page encoded for tesseract.js. */
export interface OcrImage {
  /** PBM (P4) for bilevel pages, 8-bit gray PNG for the others. */
  bytes: Uint8Array;
  format: 'pbm' | 'png';
  width: number;
  height: number;
  /** Vertical resolution after non-square fax pixels were made square. */
  dpi: number;
}

/**
 * Decodes one page of a TIFF into an image tesseract.js reads fast: only the page's own byte range
 * is read from the file, UTIF.js decompresses it, bilevel pages become PBM (measured: tesseract.js
 * loads a 300 dpi page as PBM in ~20 ms, as PGM in ~200 ms) and the others an 8-bit gray PNG
 * (~25 ms to load plus ~40 ms to encode). Low-resolution fax pages (204x98 dpi) get their rows
 * repeated so that pixels are square, which OCR needs.
 */
export async function decodeTiffPage(path: string, page: TiffPage, littleEndian: boolean): Promise<OcrImage> {
  assertDecodable(page.number, page.tags);
  const length = page.dataEnd - page.dataStart;
  // UTIF.js reads the byte order from the first two bytes and takes absolute offsets, so the
  // page's bytes are placed after a copy of the header and its offsets moved accordingly.
  const buffer = new ArrayBuffer(8 + length);
  const bytes = new Uint8Array(buffer);
  bytes.set(littleEndian ? [0x49, 0x49, 0x2a, 0] : [0x4d, 0x4d, 0, 0x2a]);
  const handle = await open(path, 'r');
  try {
    const { bytesRead } = await handle.read(bytes, 8, length, page.dataStart);
    if (bytesRead < length)
      throw new TransmuteError('corrupt_file', `The TIFF is truncated: page ${page.number} is cut short.`);
  } finally {
    await handle.close();
  }
  const tags = rebase(page.tags, 8 - page.dataStart);
  const compression = firstNumber(tags, 259) ?? 1;
  const fax = (compression === 2 || compression === 3 || compression === 4) && tags['t322'] === undefined;
  const data = fax
    ? decodeFax(bytes, tags, page)
    : isGrayJpegInStrips(tags)
      ? decodeGrayJpeg(bytes, tags, page)
      : decompress(buffer, tags, page);
  const { x, y } = toResolution(tags);
  const repeat = x / y >= 1.5 ? Math.min(4, Math.round(x / y)) : 1;
  const dpi = x >= 50 && x <= 2400 ? x : ASSUMED_DPI;
  const bits = firstNumber(tags, 258) ?? 1;
  const samples = firstNumber(tags, 277) ?? 1;
  const photometric = firstNumber(tags, 262) ?? 0;
  const height = page.height * repeat;
  if (bits === 1 && samples === 1 && (photometric === 0 || photometric === 1)) {
    return {
      // Fax decoding yields black as 1 whatever the photometric tag says; other data follows the tag.
      bytes: toPbm(data, page, !fax && photometric === 1, repeat),
      format: 'pbm',
      width: page.width,
      height,
      dpi,
    };
  }
  const gray = toGray(data, page.width, page.height, tags);
  return {
    bytes: toPng(gray, page.width, page.height, repeat),
    format: 'png',
    width: page.width,
    height,
    dpi,
  };
}

function rebase(tags: TiffTags, shift: number): TiffTags {
  const copy: TiffTags = { ...tags };
  for (const key of ['t273', 't324']) {
    const offsets = tags[key];
    if (offsets !== undefined) copy[key] = Array.from(offsets as number[], (offset) => offset + shift);
  }
  // UTIF.js reads the photometric tag of uncompressed pages unguarded; bilevel defaults to white-is-zero.
  copy['t262'] ??= [(firstNumber(tags, 258) ?? 1) === 1 ? 0 : 1];
  // Arrays UTIF.js mutates (JPEG turns YCbCr into RGB in place) are copied.
  copy['t262'] = [...(copy['t262'] as number[])];
  return copy;
}

function decompress(buffer: ArrayBuffer, tags: TiffTags, page: TiffPage): Uint8Array {
  const ifd = tags as unknown as UTIF.IFD;
  try {
    UTIF.decodeImage(buffer, ifd);
  } catch (error) {
    throw new TransmuteError(
      'corrupt_file',
      `Page ${page.number} of the TIFF could not be decoded: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
  const bits = firstNumber(tags, 258) ?? 1;
  const samples = firstNumber(tags, 277) ?? 1;
  const needed = page.height * Math.ceil((page.width * bits * samples) / 8);
  const data = (ifd as { data?: Uint8Array }).data;
  if (!(data instanceof Uint8Array) || data.length < needed) {
    throw new TransmuteError(
      'corrupt_file',
      `Page ${page.number} of the TIFF has less image data than its size.`,
    );
  }
  return data;
}

/**
 * Fax-coded strips go to our own decoder: UTIF.js's reads bit by bit through growing strings and
 * takes tens of seconds on a corrupt strip, ours is table-driven and stops at the first bad code.
 */
function decodeFax(bytes: Uint8Array, tags: TiffTags, page: TiffPage): Uint8Array {
  const compression = firstNumber(tags, 259);
  const kind = compression === 2 ? 'rle' : compression === 3 ? 'g3' : 'g4';
  const rowBytes = Math.ceil(page.width / 8);
  const rowsPerStrip = Math.max(1, Math.min(firstNumber(tags, 278) ?? page.height, page.height));
  const offsets = (tags['t273'] ?? []) as number[];
  const counts = (tags['t279'] ?? []) as number[];
  const out = new Uint8Array(rowBytes * page.height);
  for (const [index, offset] of offsets.entries()) {
    const first = index * rowsPerStrip;
    const rows = Math.min(rowsPerStrip, page.height - first);
    if (rows <= 0) break;
    const strip = bytes.subarray(offset, offset + (counts[index] ?? 0));
    const decoded = decodeCcitt(strip, {
      kind,
      width: page.width,
      rows,
      twoDimensional: ((firstNumber(tags, 292) ?? 0) & 1) === 1,
      reversedBits: firstNumber(tags, 266) === 2,
    });
    out.set(decoded, first * rowBytes);
  }
  return out;
}

function toResolution(tags: TiffTags): { x: number; y: number } {
  const read = (tag: number): number | undefined => {
    const pair = tags[`t${tag}`]?.[0];
    if (!Array.isArray(pair) || !(pair[1] > 0)) return undefined;
    const value = pair[0] / pair[1];
    return value > 0 && Number.isFinite(value) ? value : undefined;
  };
  const unit = firstNumber(tags, 296) ?? 2;
  const scale = unit === 3 ? 2.54 : 1;
  const x = read(282);
  const y = read(283) ?? x;
  if (x === undefined || y === undefined) return { x: ASSUMED_DPI, y: ASSUMED_DPI };
  // Without a unit (1) only the aspect ratio means something.
  if (unit === 1) return { x: ASSUMED_DPI, y: (ASSUMED_DPI * y) / x };
  return { x: Math.round(x * scale), y: Math.round(y * scale) };
}

/** PBM's 1 is black, as white-is-zero TIFF's is; black-is-zero rows are inverted. */
function toPbm(data: Uint8Array, page: TiffPage, invert: boolean, repeat: number): Uint8Array {
  const rowBytes = Math.ceil(page.width / 8);
  const header = Buffer.from(`P4\n${page.width} ${page.height * repeat}\n`, 'latin1');
  const out = new Uint8Array(header.length + rowBytes * page.height * repeat);
  out.set(header);
  let at = header.length;
  for (let row = 0; row < page.height; row += 1) {
    const source = data.subarray(row * rowBytes, (row + 1) * rowBytes);
    for (let copy = 0; copy < repeat; copy += 1) {
      out.set(source, at);
      if (invert)
        for (let index = at; index < at + rowBytes; index += 1) out[index] = ~(out[index] ?? 0) & 0xff;
      at += rowBytes;
    }
  }
  return out;
}

/** 8-bit gray (0 black, 255 white) of a decoded page in any supported colour model. */
export function toGray(data: Uint8Array, width: number, height: number, tags: TiffTags): Uint8Array {
  const bits = firstNumber(tags, 258) ?? 1;
  const samples = firstNumber(tags, 277) ?? 1;
  const photometric = firstNumber(tags, 262) ?? 1;
  const rowBytes = Math.ceil((width * bits * samples) / 8);
  const maximum = bits >= 8 ? 255 : (1 << bits) - 1;
  /** A sample as 0..maximum: 16-bit samples by their high byte (UTIF.js leaves them little-endian). */
  const raw = (row: number, index: number): number => {
    if (bits === 8) return data[row + index] ?? 0;
    if (bits === 16) return data[row + index * 2 + 1] ?? 0;
    const bit = index * bits;
    return ((data[row + (bit >> 3)] ?? 0) >> (8 - bits - (bit & 7))) & maximum;
  };
  const scaled = (row: number, index: number): number => Math.round((raw(row, index) * 255) / maximum);
  const luma = (r: number, g: number, b: number): number => (r * 77 + g * 150 + b * 29) >> 8;
  const palette = photometric === 3 ? toPaletteGray(tags, bits, luma) : undefined;
  const gray = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * rowBytes;
    const out = y * width;
    for (let x = 0; x < width; x += 1) {
      const first = x * samples;
      let value: number;
      if (photometric === 0) value = 255 - scaled(row, first);
      else if (photometric === 1) value = scaled(row, first);
      else if (palette !== undefined) value = palette[raw(row, first)] ?? 255;
      else if (photometric === 5) {
        const ink = luma(raw(row, first), raw(row, first + 1), raw(row, first + 2));
        value = ((255 - ink) * (255 - raw(row, first + 3))) / 255;
      } else value = luma(raw(row, first), raw(row, first + 1), raw(row, first + 2));
      gray[out + x] = value;
    }
  }
  return gray;
}

function toPaletteGray(
  tags: TiffTags,
  bits: number,
  luma: (r: number, g: number, b: number) => number,
): Uint8Array {
  const map = (tags['t320'] ?? []) as number[];
  const size = 1 << bits;
  const gray = new Uint8Array(size).fill(255);
  if (map.length < size * 3) return gray;
  for (let index = 0; index < size; index += 1) {
    gray[index] = luma(
      (map[index] ?? 0) >> 8,
      (map[size + index] ?? 0) >> 8,
      (map[2 * size + index] ?? 0) >> 8,
    );
  }
  return gray;
}

/** An 8-bit gray PNG, every row unfiltered, deflated at level 1 (speed over size: it never leaves memory). */
export function toPng(gray: Uint8Array, width: number, height: number, repeat = 1): Uint8Array {
  const stride = width + 1;
  const raw = Buffer.alloc(stride * height * repeat);
  for (let y = 0; y < height; y += 1) {
    const source = gray.subarray(y * width, (y + 1) * width);
    for (let copy = 0; copy < repeat; copy += 1) raw.set(source, (y * repeat + copy) * stride + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height * repeat, 4);
  header[8] = 8;
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ];
  // A buffer of its own (Buffer.concat may slice a shared pool), so it can be transferred.
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, check]);
}
