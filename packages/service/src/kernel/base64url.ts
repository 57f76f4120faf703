const ALPHABET = /^[A-Za-z0-9_-]*$/;

/**
 * Decodes unpadded base64url strictly, or null. Node's decoder skips characters outside the
 * alphabet and ignores padding and unused trailing bits, so `<token>~~`, `<token>=` and a last
 * character differing in its unused bits would all decode like `<token>`: a signed value must have
 * exactly one spelling, the one {@link Buffer.toString} writes.
 */
export function decodeBase64url(text: string): Buffer | null {
  if (!ALPHABET.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}
