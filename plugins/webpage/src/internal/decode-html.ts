import { bomEncoding, toDecoderEncoding } from '@transmute/plugin-sdk/text-encoding';

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
    if (decoder !== undefined) return decode(decoder, bytes);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

function decode(decoder: TextDecoder, bytes: Uint8Array): string {
  // Node 20 decodes the windows-1252 family (latin1, iso-8859-1, ascii labels) as ISO-8859-1,
  // leaving 0x80-0x9F as control characters; browsers read them as €, quotes, dashes...
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(bytes) : decoder.decode(bytes);
}

/** 0x80-0x9F of windows-1252 (undefined positions keep their C1 code point, as browsers do). */
const C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => C1.charAt(c.charCodeAt(0) - 0x80));
}

function metaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const match =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(head);
  return match?.[1];
}

function decoderFor(label: string | undefined): TextDecoder | undefined {
  const encoding = label === undefined ? undefined : toDecoderEncoding(label);
  if (encoding === undefined) return undefined;
  // A page that declares UTF-16 in a meta tag is ASCII-compatible: the spec reads it as UTF-8.
  return new TextDecoder(encoding.startsWith('utf-16') ? 'utf-8' : encoding);
}
