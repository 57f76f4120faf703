import { isIPv4, isIPv6 } from 'node:net';

/** Parses a dotted-quad IPv4 address into its 4 bytes, or undefined. */
export function parseIPv4(address: string): number[] | undefined {
  if (!isIPv4(address)) return undefined;
  return address.split('.').map((part) => Number(part));
}

/**
 * Parses an IPv6 address (with `::`, an embedded dotted-quad tail and an optional `%zone`) into
 * its 16 bytes, or undefined.
 */
export function parseIPv6(input: string): number[] | undefined {
  const address = input.replace(/%.*$/, '');
  if (!isIPv6(address)) return undefined;
  let head = address;
  const tailBytes: number[] = [];
  const lastColon = address.lastIndexOf(':');
  const last = address.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIPv4(last);
    if (v4 === undefined) return undefined;
    tailBytes.push(...v4);
    head = address.slice(0, lastColon + 1);
    // Keep a `::` right before the tail; drop a single separating colon.
    if (!head.endsWith('::')) head = head.slice(0, -1);
  }
  const groupsWanted = 8 - tailBytes.length / 2;
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const toGroups = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const left = toGroups(halves[0] ?? '');
  const right = halves.length === 2 ? toGroups(halves[1] ?? '') : [];
  const fill = halves.length === 2 ? groupsWanted - left.length - right.length : 0;
  const groups = [...left, ...new Array<number>(Math.max(0, fill)).fill(0), ...right];
  if (groups.length !== groupsWanted || groups.some((g) => Number.isNaN(g))) return undefined;
  const bytes: number[] = [];
  for (const group of groups) bytes.push(group >> 8, group & 0xff);
  return [...bytes, ...tailBytes];
}

/** Whether `bytes` start with the first `bits` bits of `prefix`. */
export function matchesPrefix(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const remaining = Math.min(8, bits - i);
    const mask = (0xff << (8 - remaining)) & 0xff;
    const a = bytes[i / 8] ?? 0;
    const b = prefix[i / 8] ?? 0;
    if ((a & mask) !== (b & mask)) return false;
  }
  return true;
}
