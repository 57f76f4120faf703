import { randomBytes } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

/** A new request id: `req_` + 24 base62 characters (CONTRACT §3). */
export function createRequestId(): string {
  let id = 'req_';
  while (id.length < 28) {
    if (offset >= POOL_SIZE) {
      pool = randomBytes(POOL_SIZE);
      offset = 0;
    }
    const byte = pool[offset++] ?? 0;
    // Rejection sampling keeps the characters uniform (248 = 4 * 62).
    if (byte < 248) id += BASE62[byte % 62] ?? 'A';
  }
  return id;
}
