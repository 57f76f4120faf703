/** The code page RTF assumes when a file declares none (`\ansi`). */
export const DEFAULT_CODE_PAGE = 1252;

/** `\fcharsetN` → Windows code page (RTF 1.9.1, "Font Table"); 0 and 1 (default) defer to `\ansicpg`. */
const CHARSET_CODE_PAGES: Record<number, number> = {
  77: 10000,
  128: 932,
  129: 949,
  134: 936,
  136: 950,
  161: 1253,
  162: 1254,
  163: 1258,
  177: 1255,
  178: 1256,
  186: 1257,
  204: 1251,
  222: 874,
  238: 1250,
  254: 437,
};

/** Windows code pages → WHATWG encoding labels (what `TextDecoder` with Node's ICU decodes). */
const CODE_PAGE_LABELS: Record<number, string> = {
  874: 'windows-874',
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  866: 'ibm866',
  1250: 'windows-1250',
  1251: 'windows-1251',
  1252: 'windows-1252',
  1253: 'windows-1253',
  1254: 'windows-1254',
  1255: 'windows-1255',
  1256: 'windows-1256',
  1257: 'windows-1257',
  1258: 'windows-1258',
  10000: 'macintosh',
  10007: 'x-mac-cyrillic',
  20866: 'koi8-r',
  20932: 'euc-jp',
  21866: 'koi8-u',
  50220: 'iso-2022-jp',
  51932: 'euc-jp',
  54936: 'gb18030',
  65001: 'utf-8',
};

/** The code page a font's `\fcharsetN` selects, if it selects one. */
export function codePageOfCharset(charset: number): number | undefined {
  return CHARSET_CODE_PAGES[charset];
}

const decoders = new Map<number, TextDecoder>();

function labelOf(codePage: number): string {
  if (codePage >= 28591 && codePage <= 28606) return `iso-8859-${String(codePage - 28590)}`;
  return CODE_PAGE_LABELS[codePage] ?? 'windows-1252';
}

/**
 * A decoder for a Windows code page; code pages the platform cannot decode (OEM 437, 850, Johab)
 * fall back to Windows-1252, which matches them on ASCII.
 */
export function decoderOf(codePage: number): TextDecoder {
  let decoder = decoders.get(codePage);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(labelOf(codePage));
    } catch {
      decoder = new TextDecoder('windows-1252');
    }
    decoders.set(codePage, decoder);
  }
  return decoder;
}
