/** An 8-bit grayscale image, row by row. */
export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** The image turned clockwise by `quarterTurns` quarter turns. */
export function turn(image: GrayImage, quarterTurns: 0 | 1 | 2 | 3): GrayImage {
  const { width, height, pixels } = image;
  const outWidth = quarterTurns % 2 === 0 ? width : height;
  const outHeight = quarterTurns % 2 === 0 ? height : width;
  const out = new Uint8Array(outWidth * outHeight);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      let target: number;
      if (quarterTurns === 1) target = x * outWidth + (height - 1 - y);
      else if (quarterTurns === 2) target = (height - 1 - y) * outWidth + (width - 1 - x);
      else if (quarterTurns === 3) target = (width - 1 - x) * outWidth + y;
      else target = row + x;
      out[target] = pixels[row + x] ?? 255;
    }
  }
  return { width: outWidth, height: outHeight, pixels: out };
}

/** The image at half its width and height, each pixel the mean of a 2x2 block. */
export function halve(image: GrayImage): GrayImage {
  const width = Math.max(1, image.width >> 1);
  const height = Math.max(1, image.height >> 1);
  const pixels = new Uint8Array(width * height);
  const at = (x: number, y: number): number =>
    image.pixels[Math.min(y, image.height - 1) * image.width + Math.min(x, image.width - 1)] ?? 255;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const sx = x * 2;
      const sy = y * 2;
      pixels[y * width + x] = (at(sx, sy) + at(sx + 1, sy) + at(sx, sy + 1) + at(sx + 1, sy + 1) + 2) >> 2;
    }
  }
  return { width, height, pixels };
}

/** The image enlarged `factor` times (bilinear), for text too small to read well. */
export function enlarge(image: GrayImage, factor: number): GrayImage {
  const width = image.width * factor;
  const height = image.height * factor;
  const pixels = new Uint8Array(width * height);
  const at = (x: number, y: number): number => image.pixels[y * image.width + x] ?? 255;
  for (let y = 0; y < height; y += 1) {
    const sy = Math.min(image.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x += 1) {
      const sx = Math.min(image.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = sx - x0;
      const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
      const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
      pixels[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, pixels };
}

/** The image as binary PGM (P5) bytes, which both OCR engines read. */
export function toPgm(image: GrayImage): Uint8Array {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  const out = new Uint8Array(header.length + image.pixels.length);
  out.set(header, 0);
  out.set(image.pixels, header.length);
  return out;
}

/** Reads a binary PGM (P5, 8-bit) or PBM (P4) image; undefined for anything else. */
export function fromPnm(bytes: Uint8Array): GrayImage | undefined {
  if (bytes[0] !== 0x50 || (bytes[1] !== 0x35 && bytes[1] !== 0x34)) return undefined;
  const bitmap = bytes[1] === 0x34;
  const fields: number[] = [];
  let offset = 2;
  while (fields.length < (bitmap ? 2 : 3) && offset < bytes.length) {
    const byte = bytes[offset] ?? 0;
    if (byte === 0x23) {
      while (offset < bytes.length && bytes[offset] !== 0x0a) offset += 1; // a # comment line
    } else if (byte >= 0x30 && byte <= 0x39) {
      let value = 0;
      while (offset < bytes.length && (bytes[offset] ?? 0) >= 0x30 && (bytes[offset] ?? 0) <= 0x39) {
        value = value * 10 + ((bytes[offset] ?? 0x30) - 0x30);
        offset += 1;
      }
      fields.push(value);
      continue;
    }
    offset += 1;
  }
  offset += 1; // the single whitespace after the header
  const [width = 0, height = 0, max = 1] = fields;
  if (width <= 0 || height <= 0 || (!bitmap && max !== 255)) return undefined;
  const pixels = new Uint8Array(width * height);
  if (bitmap) {
    const stride = Math.ceil(width / 8);
    if (bytes.length < offset + stride * height) return undefined;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const bit = ((bytes[offset + y * stride + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
        pixels[y * width + x] = bit === 1 ? 0 : 255; // PBM: 1 is black
      }
    }
  } else {
    if (bytes.length < offset + width * height) return undefined;
    pixels.set(bytes.subarray(offset, offset + width * height));
  }
  return { width, height, pixels };
}

/**
 * Decodes a PNG, JPEG or PNM image to grayscale (PNG and JPEG with @napi-rs/canvas, whose decoder
 * applies a JPEG's EXIF orientation: the pixels come out the way a viewer shows them).
 */
export async function decodeGray(bytes: Uint8Array): Promise<GrayImage | undefined> {
  const pnm = fromPnm(bytes);
  if (pnm !== undefined) return pnm;
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const decoded = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).catch(
    () => undefined,
  );
  if (decoded === undefined || decoded.width <= 0 || decoded.height <= 0) return undefined;
  const canvas = createCanvas(decoded.width, decoded.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff'; // transparent pixels read as paper
  context.fillRect(0, 0, decoded.width, decoded.height);
  context.drawImage(decoded, 0, 0);
  const rgba = context.getImageData(0, 0, decoded.width, decoded.height).data;
  return { width: decoded.width, height: decoded.height, pixels: toGrayPixels(rgba) };
}

/** RGBA pixels (alpha ignored) to 8-bit luma, ITU-R BT.601 weights in fixed point. */
export function toGrayPixels(rgba: Uint8ClampedArray | Uint8Array): Uint8Array {
  const pixels = new Uint8Array(rgba.length >> 2);
  for (let source = 0, target = 0; source < rgba.length; source += 4, target += 1) {
    pixels[target] =
      ((rgba[source] ?? 255) * 77 + (rgba[source + 1] ?? 255) * 150 + (rgba[source + 2] ?? 255) * 29) >> 8;
  }
  return pixels;
}
