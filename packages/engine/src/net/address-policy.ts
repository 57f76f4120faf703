import { matchesPrefix, parseIPv4, parseIPv6 } from './internal/ip-address.js';

/** Why an address is refused (a short, stable label). */
export type BlockedAddressReason =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared_cgnat'
  | 'link_local'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'ipv4_mapped'
  | 'ipv4_translated'
  | 'nat64'
  | 'teredo'
  | '6to4'
  | 'unique_local'
  | 'site_local'
  | 'invalid';

type Range = readonly [prefix: readonly number[], bits: number, reason: BlockedAddressReason];

// IANA special-purpose registries (RFC 6890 and successors): everything not globally reachable.
const IPV4_BLOCKED: readonly Range[] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared_cgnat'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link_local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'documentation'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'documentation'],
  [[203, 0, 113, 0], 24, 'documentation'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

const IPV6_BLOCKED: readonly Range[] = [
  // ::/96 covers ::, ::1 and the deprecated IPv4-compatible form; checked precisely below.
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, 'ipv4_mapped'],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], 96, 'ipv4_translated'],
  [[0, 0x64, 0xff, 0x9b], 96, 'nat64'],
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48, 'nat64'],
  [[1, 0], 64, 'reserved'],
  [[0x20, 0x01, 0, 0], 32, 'teredo'],
  [[0x20, 0x01, 0, 0x02, 0, 0], 48, 'reserved'],
  [[0x20, 0x01, 0, 0x10], 28, 'reserved'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'documentation'],
  [[0x3f, 0xff], 20, 'documentation'],
  [[0xfc, 0], 7, 'unique_local'],
  [[0xfe, 0x80], 10, 'link_local'],
  [[0xfe, 0xc0], 10, 'site_local'],
  [[0xff, 0], 8, 'multicast'],
];

function firstMatch(bytes: readonly number[], ranges: readonly Range[]): BlockedAddressReason | null {
  for (const [prefix, bits, reason] of ranges) {
    if (matchesPrefix(bytes, prefix, bits)) return reason;
  }
  return null;
}

function classifyIPv6(bytes: readonly number[]): BlockedAddressReason | null {
  if (bytes.slice(0, 12).every((b) => b === 0)) {
    const last = bytes.slice(12);
    if (last.every((b) => b === 0)) return 'unspecified';
    if (last.slice(0, 3).every((b) => b === 0) && last[3] === 1) return 'loopback';
    return 'reserved'; // IPv4-compatible (::a.b.c.d), deprecated by RFC 4291
  }
  // 6to4 (2002::/16) carries an IPv4 address in bytes 2..5; refuse it when that one is refused.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) {
    return classifyIPv4(bytes.slice(2, 6)) === null ? null : '6to4';
  }
  return firstMatch(bytes, IPV6_BLOCKED);
}

function classifyIPv4(bytes: readonly number[]): BlockedAddressReason | null {
  return firstMatch(bytes, IPV4_BLOCKED);
}

/**
 * Classifies an IP address literal (IPv4 dotted quad or IPv6, brackets allowed): `null` when it is
 * globally reachable, otherwise the reason it must be refused. Anything that is not an IP literal
 * is `'invalid'`.
 *
 * @example
 * getBlockedAddressReason('169.254.169.254'); // 'link_local'
 * getBlockedAddressReason('[::ffff:127.0.0.1]'); // 'ipv4_mapped'
 * getBlockedAddressReason('93.184.215.14'); // null
 */
export function getBlockedAddressReason(address: string): BlockedAddressReason | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const v4 = parseIPv4(bare);
  if (v4 !== undefined) return classifyIPv4(v4);
  const v6 = parseIPv6(bare);
  if (v6 !== undefined) return classifyIPv6(v6);
  return 'invalid';
}

/** Whether an IP address literal is globally reachable (not in any refused range). */
export function isPublicAddress(address: string): boolean {
  return getBlockedAddressReason(address) === null;
}
