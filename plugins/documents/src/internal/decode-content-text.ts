import { readFileSync } from 'node:fs';
import { detectEncodings, isUtf8 } from '@transmute/plugin-sdk/text-encoding';
import type { DocumentFile, ReadContext } from './format-reader.js';
import { toUtf8MessageBytes } from './utf8-message-bytes.js';

/**
 * The text of an iCalendar or vCard file. Both are UTF-8 by their RFCs, but files from older phones
 * and mail programs are UTF-16 (with or without a byte-order mark) or a legacy code page: UTF-16 is
 * told by its mark or its NUL bytes, anything else that is not UTF-8 is decoded as the detector's
 * best guess (windows-1252 when it has none), each guess with an `encoding_guessed` warning.
 */
export function readContentText(file: DocumentFile, ctx: ReadContext): string {
  const { bytes, guessed } = toUtf8MessageBytes(readFileSync(file.path));
  if (guessed !== undefined)
    ctx.warn(
      'encoding_guessed',
      `${file.name} has no byte-order mark but its NUL bytes say ${guessed.toUpperCase()}; decoded as that.`,
    );
  if (isUtf8(bytes, true)) return new TextDecoder('utf-8').decode(bytes);
  const encoding = detectEncodings(bytes)[0]?.encoding ?? 'windows-1252';
  ctx.warn('encoding_guessed', `${file.name} is not UTF-8; decoded as ${encoding}, the likeliest encoding.`);
  return new TextDecoder(encoding).decode(bytes);
}
