import { hash as hashOnce } from 'node:crypto';
import canonicalize from 'canonicalize';
import { TransmuteError } from '@transmute/contract';

const KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

/**
 * Parses an `Idempotency-Key` header (CONTRACT §5): a bare token or an RFC 8941 quoted string
 * (`"abc"`, with `\"` and `\\` escapes); after unquoting it must be 1..255 printable ASCII.
 * Throws `idempotency_key_invalid` otherwise.
 */
export function parseIdempotencyKey(raw: string): string {
  const value = raw.trim();
  let key = value;
  if (value.startsWith('"')) {
    const unquoted = unquote(value);
    if (unquoted === null) throw invalidKey();
    key = unquoted;
  }
  if (!KEY_PATTERN.test(key)) throw invalidKey();
  return key;
}

function unquote(value: string): string | null {
  if (value.length < 2 || !value.endsWith('"')) return null;
  let result = '';
  for (let i = 1; i < value.length - 1; i++) {
    const char = value[i];
    if (char === '\\') {
      const next = value[i + 1];
      if (next !== '"' && next !== '\\') return null;
      result += next;
      i++;
    } else if (char === '"') {
      return null;
    } else {
      result += char;
    }
  }
  return result;
}

function invalidKey(): TransmuteError {
  return new TransmuteError(
    'idempotency_key_invalid',
    'The Idempotency-Key header must be 1 to 255 printable ASCII characters (a token or a quoted string).',
  );
}

/**
 * SHA-256 hex of `METHOD path` + canonical JSON (RFC 8785) of the parsed body (null when none).
 * One-shot (`crypto.hash` of the joined text, the same bytes a stream hashed, so keys stored before
 * keep their fingerprints): a `Hash` object per request was ~4 % of a createJob's CPU (issue 27).
 */
export function idempotencyFingerprint(method: string, path: string, body: unknown): string {
  return hashOnce('sha256', `${method} ${path}\n${canonicalize(body ?? null) ?? 'null'}`);
}
