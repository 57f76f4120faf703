import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random base62 characters (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62] ?? '';
    }
  }
  return out;
}

/** A resource id: `<prefix>_` + 24 base62 characters. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(24)}`;
}
