/** Longest `response_preview` (CONTRACT §10). */
export const RESPONSE_PREVIEW_LENGTH = 512;

const MASK = '****';

// Secret-looking strings: prefixed API keys and webhook secrets, bearer tokens, JWTs, cloud keys,
// `password=…`-style assignments, and long random-looking tokens.
const PATTERNS: readonly [RegExp, string][] = [
  [
    /\b((?:whsec|sk|pk|rk|tk|ak|key|api|token|secret|sess|ghp|gho|xox[abprs])[_-])[A-Za-z0-9+/=_-]{8,}/gi,
    `$1${MASK}`,
  ],
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${MASK}`],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, MASK],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, MASK],
  [
    /((?:"|')?(?:password|passwd|pwd|secret|client_secret|token|access_token|refresh_token|api[_-]?key|access[_-]?key|private[_-]?key|authorization|signature)(?:"|')?\s*[:=]\s*(?:"|')?)(?!(?:Bearer|Basic|Token)\s|\*{4})([^"'\s,;&}]{1,})/gi,
    `$1${MASK}`,
  ],
  [/(?<![A-Za-z0-9+/_-])(?=[A-Za-z0-9+/_-]*\d)(?=[A-Za-z0-9+/_-]*[A-Za-z])[A-Za-z0-9+/_-]{32,}={0,2}/g, MASK],
];

/** Removes control characters (C0, DEL, C1); line breaks and tabs become spaces. */
function stripControl(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\t\n\r]+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/**
 * The redacted `response_preview` of a receiver's body: control characters stripped,
 * secret-looking strings masked, at most 512 characters. Masking runs before the cut so a
 * secret straddling the limit is not half-shown.
 *
 * @example
 * toResponsePreview('{"token":"abc123def456"}'); // '{"token":"****"}'
 */
export function toResponsePreview(body: string): string {
  let text = stripControl(body.slice(0, RESPONSE_PREVIEW_LENGTH * 4));
  for (const [pattern, replacement] of PATTERNS) text = text.replace(pattern, replacement);
  const cut = text.slice(0, RESPONSE_PREVIEW_LENGTH);
  // Never end on half a surrogate pair.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
