import type { ReadContext } from './format-reader.js';

/**
 * The first `maximum` items of a file that holds many (a mailbox's messages, a calendar's entries,
 * an address book's contacts: each becomes a section), with a `<noun>_truncated` warning naming how
 * many there were when some are left out.
 */
export function firstItems<T>(
  items: readonly T[],
  maximum: number,
  noun: string,
  fileName: string,
  ctx: ReadContext,
): T[] {
  if (items.length > maximum)
    ctx.warn(
      `${noun}_truncated`,
      `${fileName} holds ${String(items.length)} ${noun}; the first ${String(maximum)} are read.`,
    );
  return items.slice(0, maximum);
}
