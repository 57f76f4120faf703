/** A UTF-16 surrogate without its pair (`u` mode reads a pair as one code point, never as `Cs`). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a string can be stored and compared as text: well-formed Unicode (no unpaired UTF-16
 * surrogate, which UTF-8 cannot encode and RFC 8785 canonical JSON refuses) without NUL (U+0000,
 * which PostgreSQL `text` cannot hold). Every string a request carries must pass: the body
 * validation and the query parsing answer `invalid_value` otherwise (docs/DECISIONS.md).
 *
 * @example
 * isStorableText('naïve 🙂'); // true
 * isStorableText('a\u0000b'); // false
 * isStorableText('\ud800'); // false
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}
