import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * Digits and lowercase letters only, in ASCII order: encoded numbers sort alike as bytes (SQLite,
 * PostgreSQL's C collation) and under linguistic collations that fold case (en_US).
 */
const SORTED = '0123456789abcdefghijklmnopqrstuvwxyz';
const TIME_DIGITS = 9; // 36^9 ms: past the year 5000
const SEQUENCE_DIGITS = 2; // 1 296 ids per millisecond before the next millisecond is borrowed
const SEQUENCE_LIMIT = SORTED.length ** SEQUENCE_DIGITS;

/** Random bytes drawn a few kilobytes at a time: ids are made several times per request. */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/** `length` random base62 characters (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    if (offset >= pool.length) {
      pool = randomBytes(POOL_SIZE);
      offset = 0;
    }
    const byte = pool[offset++] ?? 0;
    // 248 = 4 * 62: bytes above it are skipped so every character is equally likely.
    if (byte < 248) out += ALPHABET[byte % 62] ?? '';
  }
  return out;
}

function toSortedDigits(value: number, digits: number): string {
  let out = '';
  let rest = value;
  for (let index = 0; index < digits; index += 1) {
    out = (SORTED[rest % SORTED.length] ?? '0') + out;
    rest = Math.floor(rest / SORTED.length);
  }
  return out;
}

let lastMs = 0;
let sequence = 0;

/**
 * A resource id: `<prefix>_` + 24 base62 characters, of which the first 11 are the creation time in
 * milliseconds and a sequence within it (base 36, lowercase), and the last 13 are random (77 bits). Ids made by one
 * process therefore sort in creation order: lists order by `created_at` desc, then id desc
 * (CONTRACT §6), so rows created in the same millisecond still come newest first. The clock never
 * runs backwards here: a clock step back keeps the last time and counts on.
 */
export function newId(prefix: string): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else {
    sequence += 1;
    if (sequence >= SEQUENCE_LIMIT) {
      lastMs += 1;
      sequence = 0;
    }
  }
  return `${prefix}_${toSortedDigits(lastMs, TIME_DIGITS)}${toSortedDigits(sequence, SEQUENCE_DIGITS)}${randomBase62(13)}`;
}
