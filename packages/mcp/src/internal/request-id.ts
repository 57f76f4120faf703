const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new request id in the API's format (`req_` + 24 base62 characters, CONTRACT §3), for a tool
 * error that no API answer stands behind (arguments refused before any call, a connection that
 * failed), so that every tool error carries one to quote.
 */
export function createRequestId(): string {
  let id = 'req_';
  while (id.length < 28) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      // Rejection sampling keeps the characters uniform (248 = 4 * 62).
      if (byte < 248 && id.length < 28) id += BASE62[byte % 62] ?? 'A';
    }
  }
  return id;
}
