/**
 * The EXIF orientation (1-8) of a JPEG, from its APP1 `Exif` segment; 1 when it has none. Phone
 * cameras store pixels as the sensor saw them and say here how to turn them upright.
 */
export function readJpegOrientation(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return 1;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xd9 || marker === 0xda) return 1; // end of image, start of scan: no more metadata
    const length = view.getUint16(offset + 2);
    if (length < 2) return 1;
    const start = offset + 4;
    if (marker === 0xe1 && start + 14 <= bytes.length && readAscii(bytes, start, 6) === 'Exif\0\0') {
      return readTiffOrientation(view, start + 6, Math.min(bytes.length, offset + 2 + length)) ?? 1;
    }
    offset += 2 + length;
  }
  return 1;
}

function readAscii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** Orientation tag (274) of the first IFD of the TIFF structure at `base`. */
function readTiffOrientation(view: DataView, base: number, end: number): number | undefined {
  if (base + 8 > end) return undefined;
  const order = view.getUint16(base);
  const little = order === 0x4949;
  if (!little && order !== 0x4d4d) return undefined;
  const ifd = base + view.getUint32(base + 4, little);
  if (ifd + 2 > end) return undefined;
  const count = view.getUint16(ifd, little);
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > end) return undefined;
    if (view.getUint16(entry, little) === 274) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}
