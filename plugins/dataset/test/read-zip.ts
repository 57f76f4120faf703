import { inflateRawSync } from 'node:zlib';

/** One entry of a zip file, decompressed. */
export interface ZipEntry {
  name: string;
  data: Buffer;
  /** DOS date/time of the entry as an ISO string (UTC as written by archiver). */
  date: string;
  mode: number;
}

/**
 * Reads a zip file's entries (stored or deflated) from its central directory: a small, strict
 * reader for tests, independent of the library that wrote the archive.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(offset + 10);
    const time = zip.readUInt16LE(offset + 12);
    const day = zip.readUInt16LE(offset + 14);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const externalAttributes = zip.readUInt32LE(offset + 38);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    const localNameLength = zip.readUInt16LE(localOffset + 26);
    const localExtraLength = zip.readUInt16LE(localOffset + 28);
    const start = localOffset + 30 + localNameLength + localExtraLength;
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : inflateRawSync(raw);
    const date = new Date(
      Date.UTC(
        1980 + (day >> 9),
        ((day >> 5) & 15) - 1,
        day & 31,
        time >> 11,
        (time >> 5) & 63,
        (time & 31) * 2,
      ),
    );
    entries.push({ name, data, date: date.toISOString(), mode: (externalAttributes >>> 16) & 0o7777 });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
