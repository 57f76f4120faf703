/**
 * Sniffs the media type of a downloaded body from its first bytes (used when the server sent no
 * usable `Content-Type`). Returns `application/octet-stream` when nothing matches.
 */
export function sniffUrlMediaType(body: Uint8Array): string {
  const head = Buffer.from(body.subarray(0, 1024));
  const magic = sniffMagic(head);
  if (magic !== undefined) return magic;
  if (head.includes(0)) return 'application/octet-stream';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const lower = text.toLowerCase();
  if (/^<\?xml[^>]*>\s*(?:<!doctype html|<html)/.test(lower) && lower.includes('xhtml'))
    return 'application/xhtml+xml';
  if (/^(?:<!--[\s\S]*?-->\s*)*(?:<!doctype html|<html|<head|<body)/.test(lower)) return 'text/html';
  if (/^[[{]/.test(text) && isJson(body)) return 'application/json';
  return 'text/plain';
}

function sniffMagic(head: Buffer): string | undefined {
  const ascii = head.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('%PDF-')) return 'application/pdf';
  if (
    ascii.startsWith('ID3') ||
    (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0 && ((head[1] ?? 0) & 0x06) !== 0)
  ) {
    return 'audio/mpeg';
  }
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii.startsWith('OggS')) return 'audio/ogg';
  if (ascii.startsWith('fLaC')) return 'audio/flac';
  if (ascii.slice(4, 8) === 'ftyp')
    return /^(M4A|M4B|mp42|isom)/.test(ascii.slice(8, 12)) ? 'audio/mp4' : 'video/mp4';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'audio/webm';
  if (ascii.startsWith('\x89PNG')) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii.startsWith('GIF8')) return 'image/gif';
  if (ascii.startsWith('PK\x03\x04')) return 'application/zip';
  return undefined;
}

function isJson(body: Uint8Array): boolean {
  try {
    JSON.parse(Buffer.from(body).toString('utf8'));
    return true;
  } catch {
    return false;
  }
}
