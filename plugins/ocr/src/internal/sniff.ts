/** File kinds the OCR source reads. */
export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'tiff';

/** Recognizes a PDF or an image from its first bytes (a PDF header may follow some junk). */
export function sniffKind(head: Uint8Array): DocumentKind | undefined {
  const starts = (...bytes: number[]): boolean => bytes.every((byte, index) => head[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  const text = Buffer.from(head.subarray(0, 1024)).toString('latin1');
  return text.includes('%PDF-') ? 'pdf' : undefined;
}

/** The media type of a kind. */
export function toMediaType(kind: DocumentKind): string {
  switch (kind) {
    case 'pdf':
      return 'application/pdf';
    case 'png':
      return 'image/png';
    case 'jpeg':
      return 'image/jpeg';
    case 'tiff':
      return 'image/tiff';
  }
}

/** Width and height of a PNG or JPEG from its header, when they can be read cheaply. */
export function imageSize(
  bytes: Uint8Array,
  kind: DocumentKind,
): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png' && bytes.length >= 24) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (kind !== 'jpeg') return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    const length = view.getUint16(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    offset += 2 + length;
  }
  return undefined;
}
