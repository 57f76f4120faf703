import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-signed compact tokens: base64url(JSON payload) + '.' + base64url(HMAC-SHA256). */
export interface TokenSigner {
  sign(purpose: string, payload: unknown): string;
  /** The payload, or null when the signature or purpose does not match. */
  verify(purpose: string, token: string): unknown;
}

/** Creates a signer bound to one secret; `purpose` separates cursors, upload and artifact tokens. */
export function createTokenSigner(secret: string): TokenSigner {
  const mac = (purpose: string, body: string): Buffer =>
    createHmac('sha256', secret).update(`${purpose}.${body}`).digest();
  return {
    sign(purpose, payload) {
      const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
      return `${body}.${mac(purpose, body).toString('base64url')}`;
    },
    verify(purpose, token) {
      const dot = token.indexOf('.');
      if (dot <= 0 || token.length > 4096) return null;
      const body = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(purpose, body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
      } catch {
        return null;
      }
    },
  };
}
