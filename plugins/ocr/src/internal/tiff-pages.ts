import { TransmuteError } from '@transmute/plugin-sdk';
import { open, type FileHandle } from 'node:fs/promises';

/** A tag's values as UTIF.js keeps them: numbers, [numerator, denominator] pairs, bytes or text. */
export type TiffValue = number[] | [number, number][] | string[] | Uint8Array;

/** Tags of one image directory, keyed `t<tag number>` (UTIF.js's shape, so it can decode them). */
export type TiffTags = Record<string, TiffValue>;

/** One page of a TIFF: its directory's tags and where its image data lies in the file. */
export interface TiffPage {
  /** 1-based, in directory order (reduced-resolution copies and masks are not pages). */
  number: number;
  width: number;
  height: number;
  tags: TiffTags;
  /** First byte of the page's strips or tiles. */
  dataStart: number;
  /** Byte after the last byte of the page's strips or tiles. */
  dataEnd: number;
}

/** The pages of a TIFF, read from its directories only (no pixel data). */
export interface TiffDirectory {
  littleEndian: boolean;
  pages: TiffPage[];
}

/** Limits checked while the directories are walked. */
export interface TiffDirectoryLimits {
  maxPages: number;
  maxPixels: number;
}

/** Tags the decoder needs; the rest (EXIF, XMP, ICC profiles, private tags) is never read. */
const WANTED = new Set([
  254, 256, 257, 258, 259, 262, 266, 273, 277, 278, 279, 282, 283, 284, 292, 296, 317, 320, 322, 323, 324,
  325, 338, 339, 347, 530,
]);
/** Bytes of one value of each TIFF field type (1 BYTE … 13 IFD). */
const TYPE_SIZE = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
/** No tag the decoder reads needs more (a strip per row of a 1-million-row page, a 64 KB JPEG table). */
const MAX_VALUE_BYTES = 8 * 1024 * 1024;
/** Decoded pixel data of one page (a 100-megapixel page of 8-bit RGB is 300 MiB). */
const MAX_DECODED_BYTES = 320 * 1024 * 1024;
/**
 * Compressions UTIF.js decodes: none, CCITT RLE, G3 and G4 (fax), LZW, JPEG, Deflate, PackBits.
 * Old-style JPEG (6, deprecated since 1995) is left out: UTIF.js's code for it has broken paths.
 */
const COMPRESSIONS = new Set([1, 2, 3, 4, 5, 7, 8, 32946, 32773]);

class Reader {
  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    readonly littleEndian: boolean,
  ) {}

  /** Reads `length` bytes at `offset`; a range past the end of the file means the file is cut short. */
  async bytes(offset: number, length: number, what: string): Promise<Buffer> {
    if (offset < 0 || length < 0 || offset + length > this.size) {
      throw new TransmuteError(
        'corrupt_file',
        `The TIFF is truncated or corrupt: ${what} lies past its end.`,
      );
    }
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    if (bytesRead < length)
      throw new TransmuteError('corrupt_file', `The TIFF is truncated: ${what} is cut short.`);
    return buffer;
  }

  u16(buffer: Buffer, offset: number): number {
    return this.littleEndian ? buffer.readUInt16LE(offset) : buffer.readUInt16BE(offset);
  }

  u32(buffer: Buffer, offset: number): number {
    return this.littleEndian ? buffer.readUInt32LE(offset) : buffer.readUInt32BE(offset);
  }

  i32(buffer: Buffer, offset: number): number {
    return this.littleEndian ? buffer.readInt32LE(offset) : buffer.readInt32BE(offset);
  }
}

/**
 * Walks the directory chain of a TIFF and reads each page's tags, without touching pixel data:
 * a few small reads per page, so it serves both upload validation and extraction. Refuses a chain
 * that loops or points outside the file and image data past the end (`corrupt_file`), more pages
 * than `maxPages` (`too_many_pages`), a page over `maxPixels` (`limit_exceeded`) and encodings the
 * decoder does not know (`unsupported_content`).
 */
export async function readTiffDirectory(path: string, limits: TiffDirectoryLimits): Promise<TiffDirectory> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(8);
    await handle.read(header, 0, 8, 0);
    const order = header.toString('latin1', 0, 2);
    if (size < 8 || (order !== 'II' && order !== 'MM'))
      throw new TransmuteError('corrupt_file', 'The file is not a TIFF.');
    const reader = new Reader(handle, size, order === 'II');
    if (reader.u16(header, 2) !== 42) throw new TransmuteError('corrupt_file', 'The TIFF header is invalid.');
    const pages: TiffPage[] = [];
    const seen = new Set<number>();
    let offset = reader.u32(header, 4);
    while (offset !== 0) {
      if (seen.has(offset)) throw new TransmuteError('corrupt_file', 'The TIFF directories form a loop.');
      seen.add(offset);
      // Thumbnails do not count as pages, but a chain of millions of them is still refused.
      if (seen.size > limits.maxPages * 2 + 16) {
        throw new TransmuteError('too_many_pages', `The TIFF has more than ${seen.size - 1} images.`);
      }
      const { tags, next } = await readDirectory(reader, offset);
      offset = next;
      // Reduced-resolution copies (thumbnails) and transparency masks are not pages.
      if (((firstNumber(tags, 254) ?? 0) & 0b101) !== 0) continue;
      if (pages.length === limits.maxPages) {
        throw new TransmuteError(
          'too_many_pages',
          `The TIFF has more than ${limits.maxPages} pages; the limit is ${limits.maxPages}.`,
        );
      }
      pages.push(toPage(pages.length + 1, tags, reader.size, limits.maxPixels));
    }
    if (pages.length === 0) throw new TransmuteError('corrupt_file', 'The TIFF has no pages.');
    return { littleEndian: reader.littleEndian, pages };
  } finally {
    await handle.close();
  }
}

async function readDirectory(reader: Reader, offset: number): Promise<{ tags: TiffTags; next: number }> {
  const count = reader.u16(await reader.bytes(offset, 2, 'a directory'), 0);
  const entries = await reader.bytes(offset + 2, count * 12 + 4, 'a directory');
  const tags: TiffTags = {};
  for (let index = 0; index < count; index += 1) {
    const at = index * 12;
    const tag = reader.u16(entries, at);
    if (!WANTED.has(tag)) continue;
    const type = reader.u16(entries, at + 2);
    const number = reader.u32(entries, at + 4);
    const unit = TYPE_SIZE[type] ?? 0;
    if (unit === 0 || number === 0) continue;
    const length = unit * number;
    if (length > MAX_VALUE_BYTES)
      throw new TransmuteError('corrupt_file', `The TIFF tag ${tag} is implausibly large.`);
    const data =
      length <= 4
        ? entries.subarray(at + 8, at + 8 + length)
        : await reader.bytes(reader.u32(entries, at + 8), length, `tag ${tag}`);
    tags[`t${tag}`] = toValue(reader, type, number, data);
  }
  return { tags, next: reader.u32(entries, count * 12) };
}

function toValue(reader: Reader, type: number, number: number, data: Buffer): TiffValue {
  switch (type) {
    case 1:
    case 6:
    case 7:
      return new Uint8Array(data);
    case 2:
      return [data.toString('latin1').replace(/\0[\s\S]*$/, '')];
    case 5:
    case 10:
      return Array.from({ length: number }, (_, index): [number, number] =>
        type === 5
          ? [reader.u32(data, index * 8), reader.u32(data, index * 8 + 4)]
          : [reader.i32(data, index * 8), reader.i32(data, index * 8 + 4)],
      );
    case 3:
    case 8:
      return Array.from({ length: number }, (_, index) => reader.u16(data, index * 2));
    default:
      // LONG, SLONG, IFD; FLOAT and DOUBLE are in no tag the decoder reads.
      return Array.from({ length: number }, (_, index) => reader.u32(data, index * 4));
  }
}

/** The first value of a numeric tag. */
export function firstNumber(tags: TiffTags, tag: number): number | undefined {
  const value = tags[`t${tag}`]?.[0];
  return typeof value === 'number' ? value : undefined;
}

function numbers(tags: TiffTags, tag: number): number[] {
  const value = tags[`t${tag}`];
  if (value === undefined) return [];
  return Array.from(value as ArrayLike<unknown>, (item) => (typeof item === 'number' ? item : Number.NaN));
}

function toPage(number: number, tags: TiffTags, fileSize: number, maxPixels: number): TiffPage {
  const width = firstNumber(tags, 256) ?? 0;
  const height = firstNumber(tags, 257) ?? 0;
  if (width === 0 || height === 0)
    throw new TransmuteError('corrupt_file', `Page ${number} of the TIFF has no width or height.`);
  if (width * height > maxPixels) {
    throw new TransmuteError(
      'limit_exceeded',
      `Page ${number} of the TIFF has ${width}x${height} pixels; too large to OCR.`,
    );
  }
  assertDecodable(number, tags);
  const decodedBytes = (width * height * (firstNumber(tags, 258) ?? 1) * (firstNumber(tags, 277) ?? 1)) / 8;
  if (decodedBytes > MAX_DECODED_BYTES) {
    throw new TransmuteError(
      'limit_exceeded',
      `Page ${number} of the TIFF decodes to ${Math.round(decodedBytes / 1048576)} MiB; too large to OCR.`,
    );
  }
  const tiled = tags['t322'] !== undefined;
  const offsets = numbers(tags, tiled ? 324 : 273);
  const counts = numbers(tags, tiled ? 325 : 279);
  if (offsets.length === 0 || offsets.length !== counts.length) {
    throw new TransmuteError('corrupt_file', `Page ${number} of the TIFF has no usable strip or tile table.`);
  }
  let dataStart = Number.POSITIVE_INFINITY;
  let dataEnd = 0;
  for (const [index, offset] of offsets.entries()) {
    const end = offset + (counts[index] ?? Number.NaN);
    if (!Number.isFinite(end) || end > fileSize) {
      throw new TransmuteError(
        'corrupt_file',
        `The TIFF is truncated: the image data of page ${number} ends past the end of the file.`,
      );
    }
    dataStart = Math.min(dataStart, offset);
    dataEnd = Math.max(dataEnd, end);
  }
  return { number, width, height, tags, dataStart, dataEnd };
}

/**
 * Refuses, before any decoding, what the decoder cannot turn into a gray page: unknown
 * compressions, separate colour planes, floating-point samples and unusual colour models.
 */
export function assertDecodable(page: number, tags: TiffTags): void {
  const compression = firstNumber(tags, 259) ?? 1;
  const refuse = (what: string): never => {
    throw new TransmuteError(
      'unsupported_content',
      `Page ${page} of the TIFF uses ${what}, which cannot be read.`,
    );
  };
  if (!COMPRESSIONS.has(compression))
    refuse(compression === 6 ? 'old-style JPEG compression' : `compression ${compression}`);
  const bits = firstNumber(tags, 258) ?? 1;
  const samples = firstNumber(tags, 277) ?? 1;
  const photometric = firstNumber(tags, 262) ?? (bits === 1 ? 0 : 1);
  if (samples > 1 && firstNumber(tags, 284) === 2) refuse('separate colour planes');
  if ((firstNumber(tags, 339) ?? 1) === 3) refuse('floating-point samples');
  const supported =
    ((photometric === 0 || photometric === 1) && [1, 2, 4, 8, 16].includes(bits)) ||
    (photometric === 2 && samples >= 3 && (bits === 8 || bits === 16)) ||
    (photometric === 3 && [1, 2, 4, 8].includes(bits)) ||
    (photometric === 5 && samples >= 4 && bits === 8) ||
    (photometric === 6 && compression === 7 && samples >= 3 && bits === 8);
  if (!supported) refuse(`photometric interpretation ${photometric} with ${samples}x${bits}-bit samples`);
}
