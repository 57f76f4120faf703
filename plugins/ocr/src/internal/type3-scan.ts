/** Byte strings whose presence means a PDF may use a Type3 font (or hides its objects from a scan). */
const MARKERS = [
  // A Type3 font dictionary written in the clear (`/Subtype /Type3`), or with its 3 hex-escaped.
  'Type3',
  'Type#33',
  // Object streams are compressed: a font dictionary inside one cannot be seen in the raw bytes.
  '/ObjStm',
].map((marker) => Buffer.from(marker, 'latin1'));

/**
 * Whether a PDF may use a Type3 font, from its raw bytes: true when a Type3 font dictionary is
 * written in the clear or objects are packed into (compressed) object streams, where a scan cannot
 * see them. Type3 glyphs can be drawn with images, and pdf.js measures such glyphs from those
 * images, so a document that may hold one must be opened with its images for its text to be read
 * right. A false answer is safe only for fonts whose names are not hex-escaped beyond `Type#33`.
 *
 * @example
 * mayUseType3Fonts(readFileSync('paper.pdf')); // false for most PDF 1.4 files
 */
export function mayUseType3Fonts(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return MARKERS.some((marker) => buffer.includes(marker));
}
