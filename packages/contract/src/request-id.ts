const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const POOL_SIZE = 4096;
let pool = new Uint8Array(0);
let offset = 0;

/**
 * A new request id: `req_` + 24 base62 characters (CONTRACT §3). Drawn from a pool of Web Crypto
 * random bytes (one call per few hundred ids: it runs on every request), so it works in Node and
 * in browsers alike.
 */
export function createRequestId(): string {
  let id = 'req_';
  while (id.length < 28) {
    if (offset >= pool.length) {
      pool = crypto.getRandomValues(new Uint8Array(POOL_SIZE));
      offset = 0;
    }
    const byte = pool[offset++] ?? 0;
    // Rejection sampling keeps the characters uniform (248 = 4 * 62).
    if (byte < 248) id += BASE62[byte % 62] ?? 'A';
  }
  return id;
}
