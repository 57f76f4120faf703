import { setImmediate as nextTurn } from 'node:timers/promises';

/** An array with at least this many members has each member stringified whole. */
const MANY = 64;
/** Containers this deep (or inside an array of {@link MANY} members) are stringified whole. */
const MAX_DEPTH = 4;
/** How long one synchronous stretch may run before the event loop gets a turn. */
const SLICE_MS = 10;

type Clock = { sliceStart: number };

/**
 * `JSON.stringify(value)`, the same text, computed in parts with the event loop given a turn every
 * {@link SLICE_MS} ms: a large document or checkpoint (megabytes of blocks and chunks) is otherwise
 * one 100-200 ms stall of the server. The top levels of objects and arrays are walked member by
 * member; the members of a long array (blocks, chunks, records) are each stringified whole.
 */
export async function stringifyInParts(value: unknown): Promise<string> {
  const parts: string[] = [];
  await write(value, parts, { sliceStart: performance.now() }, { depth: 0, inArray: false, whole: false });
  return parts.join('');
}

interface Place {
  depth: number;
  inArray: boolean;
  /** A member of a long array: stringified in one call. */
  whole: boolean;
}

/** Appends the JSON of `value` to `parts`; returns false when it has none (undefined, functions…). */
async function write(value: unknown, parts: string[], clock: Clock, place: Place): Promise<boolean> {
  const plain = toPlain(value);
  const walk = !place.whole && place.depth < MAX_DEPTH;
  if (walk && Array.isArray(plain)) {
    const member: Place = { depth: place.depth + 1, inArray: true, whole: plain.length >= MANY };
    parts.push('[');
    for (let index = 0; index < plain.length; index += 1) {
      if (index > 0) parts.push(',');
      await write(plain[index], parts, clock, member);
    }
    parts.push(']');
    return true;
  }
  if (walk && isPlainObject(plain)) {
    const member: Place = { depth: place.depth + 1, inArray: false, whole: false };
    parts.push('{');
    let first = true;
    for (const key of Object.keys(plain)) {
      const mark = parts.length;
      parts.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      if (await write(plain[key], parts, clock, member)) first = false;
      else parts.length = mark;
    }
    parts.push('}');
    return true;
  }
  const text = JSON.stringify(plain) as string | undefined;
  if (text === undefined) {
    if (place.inArray) parts.push('null');
    return place.inArray;
  }
  parts.push(text);
  if (performance.now() - clock.sliceStart > SLICE_MS) {
    await nextTurn();
    clock.sliceStart = performance.now();
  }
  return true;
}

/** Applies `toJSON` as JSON.stringify would (members are handled on their own). */
function toPlain(value: unknown): unknown {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return (value as { toJSON: () => unknown }).toJSON();
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
