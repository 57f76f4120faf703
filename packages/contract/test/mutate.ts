/** Sentinel: delete the property instead of setting it. */
export const REMOVE = Symbol('remove');

function tokens(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) =>
    match[2] === undefined ? (match[1] ?? '') : Number(match[2]),
  );
}

/** A deep copy of `value` with the field at `path` (`a.b[2].c`) set to `next` or removed. */
export function change<T>(value: T, path: string, next: unknown): T {
  const copy = structuredClone(value) as unknown;
  const keys = tokens(path);
  const last = keys.pop();
  let node = copy as Record<string | number, unknown>;
  for (const key of keys) node = node[key] as Record<string | number, unknown>;
  if (last === undefined) throw new Error(`empty path ${path}`);
  if (next === REMOVE) delete node[last];
  else node[last] = next;
  return copy as T;
}
