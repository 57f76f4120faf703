import { createHash } from 'node:crypto';

/** Stable chunk id: `chk_` + the first 24 hex digits of sha256(index, text). */
export function toChunkId(index: number, text: string): string {
  return `chk_${createHash('sha256').update(`${index}\n${text}`).digest('hex').slice(0, 24)}`;
}
