import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeBase64url } from './base64url.js';

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
      // Strict decoding: a token has one spelling, junk appended to it is not the same token.
      const given = decodeBase64url(token.slice(dot + 1));
      const expected = mac(purpose, body);
      if (given === null || given.length !== expected.length || !timingSafeEqual(given, expected))
        return null;
      const json = decodeBase64url(body);
      if (json === null) return null;
      try {
        return JSON.parse(json.toString('utf8')) as unknown;
      } catch {
        return null;
      }
    },
  };
}
