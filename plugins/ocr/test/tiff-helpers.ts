import { inflateSync } from 'node:zlib';

/** One page for {@link toTiff}: its image data stored as one strip. */
export interface TiffPageSpec {
  width: number;
  height: number;
  /** Stored strip bytes (already compressed as `compression` says). */
  data: Uint8Array;
  compression?: number;
  bitsPerSample?: number;
  photometric?: number;
}

/**
 * A little-endian TIFF of the given pages, written by hand so that tests can make files no tool
 * writes: hundreds of pages, unknown compressions, directories that loop.
 */
export function toTiff(pages: TiffPageSpec[], options: { loop?: boolean } = {}): Buffer {
  const entries = 9;
  const directorySize = 2 + entries * 12 + 4;
  const dataSize = pages.reduce((sum, page) => sum + page.data.length + (page.data.length % 2), 0);
  const out = Buffer.alloc(8 + dataSize + pages.length * directorySize);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  let at = 8;
  const strips = pages.map((page) => {
    const offset = at;
    out.set(page.data, at);
    at += page.data.length + (page.data.length % 2);
    return offset;
  });
  out.writeUInt32LE(at, 4);
  const first = at;
  pages.forEach((page, index) => {
    const tags: [number, number, number][] = [
      [256, 4, page.width],
      [257, 4, page.height],
      [258, 3, page.bitsPerSample ?? 1],
      [259, 3, page.compression ?? 1],
      [262, 3, page.photometric ?? 0],
      [273, 4, strips[index] ?? 0],
      [277, 3, 1],
      [278, 4, page.height],
      [279, 4, page.data.length],
    ];
    out.writeUInt16LE(entries, at);
    tags.forEach(([tag, type, value], entry) => {
      const base = at + 2 + entry * 12;
      out.writeUInt16LE(tag, base);
      out.writeUInt16LE(type, base + 2);
      out.writeUInt32LE(1, base + 4);
      if (type === 3) out.writeUInt16LE(value, base + 8);
      else out.writeUInt32LE(value, base + 8);
    });
    const last = index === pages.length - 1;
    const next = last ? (options.loop === true ? first : 0) : at + directorySize;
    out.writeUInt32LE(next, at + 2 + entries * 12);
    at += directorySize;
  });
  return out;
}

/** A blank bilevel page (white-is-zero, uncompressed). */
export function blankPage(width = 8, height = 8): TiffPageSpec {
  return { width, height, data: new Uint8Array(Math.ceil(width / 8) * height) };
}

/** Gray pixels (0 black .. 255 white) of the PBM or 8-bit gray PNG the plugin makes for OCR. */
export function toPixels(image: {
  bytes: Uint8Array;
  format: 'pbm' | 'png';
  width: number;
  height: number;
}): Uint8Array {
  const { width, height } = image;
  const bytes = Buffer.from(image.bytes);
  const gray = new Uint8Array(width * height);
  if (image.format === 'pbm') {
    const header = `P4\n${width} ${height}\n`;
    if (bytes.toString('latin1', 0, header.length) !== header) throw new Error('not the expected PBM');
    const rowBytes = Math.ceil(width / 8);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const bit = ((bytes[header.length + y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
        gray[y * width + x] = bit === 1 ? 0 : 255;
      }
    }
    return gray;
  }
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (
      type === 'IHDR' &&
      (bytes.readUInt32BE(at + 8) !== width || bytes[at + 16] !== 8 || bytes[at + 17] !== 0)
    )
      throw new Error('not an 8-bit gray PNG of the expected width');
    if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  for (let y = 0; y < height; y += 1) {
    if (raw[y * (width + 1)] !== 0) throw new Error('a filtered PNG row (the plugin writes none)');
    gray.set(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
  }
  return gray;
}
