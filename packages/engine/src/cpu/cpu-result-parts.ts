import type { CpuTaskKind } from './cpu-tasks.js';

type Paths = Record<CpuTaskKind, readonly (readonly string[])[]>;

/** The arrays of each task's result that can be long (one entry per block, chunk or record). */
const LONG_ARRAYS: Paths = {
  'read-text': [['root', 'children']],
  'prepare-document': [['root', 'children'], ['blocks'], ['chunks']],
  render: [['records']],
};

/** The same for each task's input. */
const LONG_INPUT_ARRAYS: Paths = {
  'read-text': [],
  'prepare-document': [['extracted', 'root', 'children']],
  render: [
    ['document', 'root', 'children'],
    ['document', 'blocks'],
    ['document', 'chunks'],
  ],
};

/** Entries per part: receiving one part takes the caller's thread a few milliseconds at most. */
const PART_ITEMS = 200;

/** A slice of one long array of a result. */
export interface ResultPart {
  /** Index into the task's long arrays. */
  array: number;
  items: unknown[];
}

function arrayAt(
  result: unknown,
  path: readonly string[],
): { parent: Record<string, unknown>; key: string; items: unknown[] } | undefined {
  let parent: unknown;
  let value: unknown = result;
  for (const key of path) {
    parent = value;
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  const key = path.at(-1);
  if (!Array.isArray(value) || key === undefined || typeof parent !== 'object' || parent === null)
    return undefined;
  return { parent: parent as Record<string, unknown>, key, items: value as unknown[] };
}

/**
 * Empties the long arrays of a result (in place) and returns their entries as parts, so a large
 * result crosses to the caller's thread in slices it deserializes one turn at a time instead of
 * in one long synchronous step.
 */
export function splitResult(kind: CpuTaskKind, result: unknown, partItems = PART_ITEMS): ResultPart[] {
  const parts: ResultPart[] = [];
  for (const [array, path] of LONG_ARRAYS[kind].entries()) {
    const found = arrayAt(result, path);
    if (found === undefined || found.items.length <= partItems) continue;
    found.parent[found.key] = [];
    for (let start = 0; start < found.items.length; start += partItems)
      parts.push({ array, items: found.items.slice(start, start + partItems) });
  }
  return parts;
}

/** A copy of `value` whose array at `path` is empty (the containers on the way are copied, nothing else). */
function withEmptyArray(value: unknown, path: readonly string[]): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return [];
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return { ...record, [key]: withEmptyArray(record[key], rest) };
}

/** Like {@link splitResult} for a task's input, without touching the caller's objects. */
export function splitInput(
  kind: CpuTaskKind,
  input: unknown,
  partItems = PART_ITEMS,
): { input: unknown; parts: ResultPart[] } {
  let skeleton = input;
  const parts: ResultPart[] = [];
  for (const [array, path] of LONG_INPUT_ARRAYS[kind].entries()) {
    const found = arrayAt(input, path);
    if (found === undefined || found.items.length <= partItems) continue;
    skeleton = withEmptyArray(skeleton, path);
    for (let start = 0; start < found.items.length; start += partItems)
      parts.push({ array, items: found.items.slice(start, start + partItems) });
  }
  return { input: skeleton, parts };
}

function append(paths: Paths, kind: CpuTaskKind, target: unknown, part: ResultPart): void {
  const path = paths[kind][part.array];
  const found = path === undefined ? undefined : arrayAt(target, path);
  if (found === undefined) throw new Error(`No array ${part.array} in a ${kind} message`);
  for (const item of part.items) found.items.push(item);
}

/** Puts a part back into the result it was split from. */
export function appendPart(kind: CpuTaskKind, result: unknown, part: ResultPart): void {
  append(LONG_ARRAYS, kind, result, part);
}

/** Puts a part back into the input it was split from. */
export function appendInputPart(kind: CpuTaskKind, input: unknown, part: ResultPart): void {
  append(LONG_INPUT_ARRAYS, kind, input, part);
}
