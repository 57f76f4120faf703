/**
 * Decodes an HTML page's bytes the way browsers do, simplified: a byte-order mark wins, then the
 * charset declared by the server, then a `<meta charset>` in the first 1024 bytes, then UTF-8 when
 * the bytes are valid UTF-8, else windows-1252.
 */
export function decodeHtml(bytes: Uint8Array, declaredCharset?: string): string {
  const bom = bomEncoding(bytes);
  if (bom !== undefined) return new TextDecoder(bom).decode(bytes);
  for (const label of [declaredCharset, metaCharset(bytes)]) {
    const decoder = decoderFor(label);
    if (decoder !== undefined) return decoder.decode(bytes);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

function metaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const match =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(head);
  return match?.[1];
}

function decoderFor(label: string | undefined): TextDecoder | undefined {
  if (label === undefined || label.trim() === '') return undefined;
  try {
    const decoder = new TextDecoder(label.trim());
    // A page that declares UTF-16 in a meta tag is ASCII-compatible: the spec reads it as UTF-8.
    return decoder.encoding.startsWith('utf-16') ? new TextDecoder('utf-8') : decoder;
  } catch {
    return undefined;
  }
}
