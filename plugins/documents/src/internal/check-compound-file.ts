import { TransmuteError } from '@transmute/plugin-sdk';

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const NO_STREAM = 0xffffffff;
const HEADER_DIFAT_ENTRIES = 109;
const ENTRY_BYTES = 128;
const STREAM = 2;
const STORAGE = 1;
/**
 * How deep storages may nest. Each embedded message adds two (its attachment and the message);
 * real mail stays within a few, and the reader walks storages recursively.
 */
export const MAXIMUM_STORAGE_DEPTH = 64;

/** The file's structure is wrong: `why` finishes the sentence begun by what the file is. */
class StructureError extends Error {}

function corrupt(why: string): StructureError {
  return new StructureError(why);
}

/** The compound file's geometry and its sector allocation table (FAT). */
interface Layout {
  bytes: Buffer;
  sectorSize: number;
  sectors: number;
  fat: Uint32Array;
}

/** Follows a chain of the FAT (or mini FAT), each sector once: a cycle or a stray pointer is corrupt. */
function chainOf(start: number, table: Uint32Array, limit: number, what: string): number[] {
  const chain: number[] = [];
  const seen = new Set<number>();
  for (let sector = start; sector !== END_OF_CHAIN; sector = table[sector] ?? FREE_SECTOR) {
    if (sector >= limit) throw corrupt(`the ${what} points outside the file`);
    if (seen.has(sector)) throw corrupt(`the ${what} runs in a cycle`);
    seen.add(sector);
    chain.push(sector);
  }
  return chain;
}

function sectorWords(layout: Layout, sector: number): Uint32Array {
  const offset = (sector + 1) * layout.sectorSize;
  const words = new Uint32Array(layout.sectorSize / 4);
  for (let index = 0; index < words.length; index += 1)
    words[index] = layout.bytes.readUInt32LE(offset + index * 4);
  return words;
}

/** The header's geometry and the FAT, gathered from the header's and the DIFAT chain's sector lists. */
function layoutOf(bytes: Buffer): Layout {
  if (bytes.length < 512) throw corrupt('it is shorter than its header');
  const shift = bytes.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) throw corrupt(`its sector size 2^${String(shift)} is not 512 or 4096`);
  const sectorSize = 1 << shift;
  // A last sector cut short still counts (writers leave them): reading past the end is then corrupt.
  const sectors = Math.ceil(bytes.length / sectorSize) - 1;
  const partial: Layout = { bytes, sectorSize, sectors, fat: new Uint32Array(0) };
  const fatSectors: number[] = [];
  for (let index = 0; index < HEADER_DIFAT_ENTRIES; index += 1) {
    const sector = bytes.readUInt32LE(0x4c + index * 4);
    if (sector !== FREE_SECTOR) fatSectors.push(sector);
  }
  const seen = new Set<number>();
  for (let difat = bytes.readUInt32LE(0x44); difat !== END_OF_CHAIN && difat !== FREE_SECTOR;) {
    if (difat >= sectors) throw corrupt('the DIFAT points outside the file');
    if (seen.has(difat)) throw corrupt('the DIFAT runs in a cycle');
    seen.add(difat);
    const words = sectorWords(partial, difat);
    for (const sector of words.subarray(0, -1)) if (sector !== FREE_SECTOR) fatSectors.push(sector);
    difat = words[words.length - 1] ?? END_OF_CHAIN;
  }
  const fat = new Uint32Array(fatSectors.length * (sectorSize / 4));
  fatSectors.forEach((sector, index) => {
    if (sector >= sectors) throw corrupt('a FAT sector lies outside the file');
    fat.set(sectorWords(partial, sector), index * (sectorSize / 4));
  });
  return { ...partial, fat };
}

/** One directory entry's links and stream, as MS-CFB lays it out. */
interface Entry {
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

function entriesOf(layout: Layout): Entry[] {
  const chain = chainOf(layout.bytes.readUInt32LE(0x30), layout.fat, layout.sectors, 'directory chain');
  const entries: Entry[] = [];
  for (const sector of chain) {
    for (
      let at = (sector + 1) * layout.sectorSize;
      at < (sector + 2) * layout.sectorSize;
      at += ENTRY_BYTES
    ) {
      const b = layout.bytes;
      entries.push({
        type: b.readUInt8(at + 66),
        left: b.readUInt32LE(at + 68),
        right: b.readUInt32LE(at + 72),
        child: b.readUInt32LE(at + 76),
        start: b.readUInt32LE(at + 116),
        size: b.readUInt32LE(at + 120),
      });
    }
  }
  return entries;
}

/**
 * Walks the directory tree from the root (siblings and children, without recursion): every entry
 * at most once, links inside the directory, storages nested at most {@link MAXIMUM_STORAGE_DEPTH}.
 * Returns the streams reached.
 */
function walkDirectory(entries: readonly Entry[]): Entry[] {
  const root = entries[0];
  if (root === undefined) throw corrupt('it has no root directory entry');
  const streams: Entry[] = [];
  const seen = new Set<number>([0]);
  const pending: { id: number; depth: number }[] = [{ id: root.child, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { id, depth } = next;
    if (id === NO_STREAM) continue;
    const entry = entries[id];
    if (entry === undefined) throw corrupt('a directory entry links outside the directory');
    if (seen.has(id)) throw corrupt('its directory tree runs in a cycle');
    seen.add(id);
    if (entry.type === STREAM) streams.push(entry);
    if (entry.type === STORAGE) {
      if (depth >= MAXIMUM_STORAGE_DEPTH)
        throw corrupt(`its storages nest deeper than ${String(MAXIMUM_STORAGE_DEPTH)} levels`);
      pending.push({ id: entry.child, depth: depth + 1 });
    }
    pending.push({ id: entry.left, depth }, { id: entry.right, depth });
  }
  return streams;
}

/**
 * Checks the structure of an OLE compound file (MS-CFB) before a parser walks it (msgreader for
 * .msg, `cfb` for legacy .doc/.xls/.ppt), which follow chains and links without checks: a sector
 * chain or a directory tree that runs in a cycle (the parser would loop forever or overflow its
 * stack), a pointer outside the file, or storages nested too deep is `corrupt_file`, with a
 * sentence beginning with `what` (the file, e.g. "The Outlook message") saying which.
 */
export function checkCompoundFile(bytes: Buffer, what: string): void {
  try {
    checkStructure(bytes);
  } catch (error) {
    const why =
      error instanceof StructureError
        ? error.message
        : error instanceof RangeError
          ? 'a sector it uses lies past the end of the file'
          : undefined;
    if (why === undefined) throw error;
    throw new TransmuteError('corrupt_file', `${what} is corrupt: ${why}.`);
  }
}

function checkStructure(bytes: Buffer): void {
  const layout = layoutOf(bytes);
  const entries = entriesOf(layout);
  const streams = walkDirectory(entries);
  const cutoff = bytes.readUInt32LE(0x38);
  const miniFatChain = chainOf(bytes.readUInt32LE(0x3c), layout.fat, layout.sectors, 'mini FAT chain');
  const miniFat = new Uint32Array(miniFatChain.flatMap((sector) => [...sectorWords(layout, sector)]));
  const miniStream = chainOf(entries[0]?.start ?? END_OF_CHAIN, layout.fat, layout.sectors, 'mini stream');
  const miniSectors = (miniStream.length * layout.sectorSize) / 64;
  for (const stream of streams) {
    if (stream.size === 0) continue;
    if (stream.size < cutoff) chainOf(stream.start, miniFat, miniSectors, 'chain of a small stream');
    else chainOf(stream.start, layout.fat, layout.sectors, 'chain of a stream');
  }
}
