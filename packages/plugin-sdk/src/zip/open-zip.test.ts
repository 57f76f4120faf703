import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZipArchive } from 'archiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArchiveTotals } from './check-archive-totals.js';
import { IN_MEMORY_ZIP_BYTES, openZip, type SafeZip, type ZipEntry, type ZipLimits } from './open-zip.js';

const LIMITS: ZipLimits = {
  maximumEntries: 100,
  maximumUncompressedBytes: 1e9,
  maximumCompressionRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

async function zipOf(entries: Record<string, string | Buffer>, level = 9): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level } });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', resolve);
    archive.on('error', reject);
  });
  for (const [name, content] of Object.entries(entries)) archive.append(content, { name });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

async function allEntries(zip: SafeZip): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  for (let entry = await zip.nextEntry(); entry !== undefined; entry = await zip.nextEntry())
    entries.push(entry);
  return entries;
}

describe('openZip', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sdk-zip-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const write = async (name: string, bytes: Buffer): Promise<{ path: string; fileBytes: number }> => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return { path, fileBytes: (await stat(path)).size };
  };
  const open = async (name: string, bytes: Buffer, limits: ZipLimits = LIMITS): Promise<SafeZip> => {
    const { path, fileBytes } = await write(name, bytes);
    return openZip(path, { fileBytes, limits, noun: 'test archive' });
  };

  it('hands out entries in order and reads them whole or streamed, counted against a maximum', async () => {
    const zip = await open('ok.zip', await zipOf({ 'a.txt': 'héllo', 'b/c.bin': Buffer.alloc(5000, 7) }));
    try {
      expect(zip.entryCount).toBe(2);
      const [a, c] = await allEntries(zip);
      expect([a?.fileName, c?.fileName]).toEqual(['a.txt', 'b/c.bin']);
      if (a === undefined || c === undefined) throw new Error('entries missing');
      expect((await zip.readBytes(a, 100)).toString('utf8')).toBe('héllo');
      let streamed = 0;
      for await (const chunk of await zip.openStream(c, 5000)) streamed += (chunk as Buffer).length;
      expect(streamed).toBe(5000);
      await expect(zip.readBytes(c, 4999)).rejects.toMatchObject({ code: 'archive_unsafe' });
    } finally {
      zip.close();
      zip.close();
    }
  });

  it('refuses too many entries at once, and a declared total past the size or ratio limit', async () => {
    const many = await zipOf(
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${String(i)}`, 'x'])),
    );
    await expect(open('many.zip', many, { ...LIMITS, maximumEntries: 11 })).rejects.toMatchObject({
      code: 'archive_unsafe',
    });
    const bomb = await zipOf({ 'big.txt': Buffer.alloc(4 * 1024 * 1024, 0x20) });
    const tooBig = await open('big.zip', bomb, { ...LIMITS, maximumUncompressedBytes: 1024 * 1024 });
    await expect(tooBig.nextEntry()).rejects.toMatchObject({ code: 'archive_unsafe' });
    tooBig.close();
    const ratio = await open('ratio.zip', bomb);
    await expect(ratio.nextEntry()).rejects.toMatchObject({ code: 'archive_unsafe' });
    ratio.close();
    const allowed = await open('allowed.zip', bomb, { ...LIMITS, maximumCompressionRatio: 1e6 });
    expect((await allowed.nextEntry())?.uncompressedSize).toBe(4 * 1024 * 1024);
    allowed.close();
  });

  it('reads the same entries from a zip held in memory and from one read on disk', async () => {
    const entries = { 'a.txt': 'héllo', 'stored.txt': 'kept as is' };
    const small = await open('small.zip', await zipOf(entries));
    // Past IN_MEMORY_ZIP_BYTES (random bytes do not compress) the zip is read from disk by yauzl.
    const padding = randomBytes(IN_MEMORY_ZIP_BYTES + 1024);
    const large = await open('large.zip', await zipOf({ ...entries, 'padding.bin': padding }, 0));
    try {
      for (const zip of [small, large]) {
        const [a, stored] = await allEntries(zip);
        if (a === undefined || stored === undefined) throw new Error('entries missing');
        expect((await zip.readBytes(a, 100)).toString('utf8')).toBe('héllo');
        const chunks: Buffer[] = [];
        for await (const chunk of await zip.openStream(stored, 100)) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).toString('utf8')).toBe('kept as is');
        await expect(zip.readBytes(a, 5)).rejects.toMatchObject({ code: 'archive_unsafe' });
      }
    } finally {
      small.close();
      large.close();
    }
  });

  it('hands out the entries before one the directory fails on, then its error, and waits for an entry answered later', async () => {
    // The second name patched to leave the archive (same length in both headers): the first still comes first.
    const bytes = await zipOf({ 'a.txt': 'first', 'xx/evil.txt': 'x' });
    const patched = Buffer.from(bytes.toString('latin1').replaceAll('xx/evil', '../evil'), 'latin1');
    // Read from disk too (past IN_MEMORY_ZIP_BYTES); on both, asking again gives the same error, not a wait.
    const padded = await zipOf(
      { 'a.txt': 'first', 'xx/evil.txt': 'x', 'padding.bin': randomBytes(IN_MEMORY_ZIP_BYTES + 1024) },
      0,
    );
    const patchedOnDisk = Buffer.concat([
      Buffer.from(padded.subarray(0, 200).toString('latin1').replaceAll('xx/evil', '../evil'), 'latin1'),
      padded.subarray(200, padded.length - 400),
      Buffer.from(
        padded
          .subarray(padded.length - 400)
          .toString('latin1')
          .replaceAll('xx/evil', '../evil'),
        'latin1',
      ),
    ]);
    for (const [name, zipBytes] of [
      ['unsafe-second.zip', patched],
      ['unsafe-second-on-disk.zip', patchedOnDisk],
    ] as const) {
      const unsafe = await open(name, zipBytes);
      try {
        expect((await unsafe.nextEntry())?.fileName).toBe('a.txt');
        await expect(unsafe.nextEntry()).rejects.toMatchObject({ code: 'archive_unsafe' });
        await expect(unsafe.nextEntry()).rejects.toMatchObject({ code: 'archive_unsafe' });
      } finally {
        unsafe.close();
      }
    }
    // An entry with no name, extra field or comment: yauzl answers it on a later turn, not at once.
    const named = await zipOf({ x: 'one', 'b.txt': 'two' });
    const central = named.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const nameless = Buffer.concat([
      named.subarray(0, central + 28),
      Buffer.alloc(6),
      named.subarray(central + 34, central + 46),
      named.subarray(central + 46 + 1 + named.readUInt16LE(central + 30) + named.readUInt16LE(central + 32)),
    ]);
    const removed = named.length - nameless.length;
    const end = nameless.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    nameless.writeUInt32LE(nameless.readUInt32LE(end + 12) - removed, end + 12);
    const zip = await open('nameless.zip', nameless);
    try {
      expect((await allEntries(zip)).map((entry) => entry.fileName)).toEqual(['', 'b.txt']);
    } finally {
      zip.close();
    }
  });

  it('reads an entry whole across output chunks: at, just past and well past the 64 KB one', async () => {
    const text = (length: number): Buffer =>
      Buffer.from(Array.from({ length }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join(''));
    const contents = {
      'at.txt': text(64 * 1024 - 1),
      'past.txt': text(64 * 1024),
      'random.bin': randomBytes(200_000),
    };
    const zip = await open('chunks.zip', await zipOf(contents));
    try {
      for (const entry of await allEntries(zip)) {
        expect(entry.compressionMethod).toBe(8);
        const expected = contents[entry.fileName as keyof typeof contents];
        expect((await zip.readBytes(entry, 1e6)).equals(expected)).toBe(true);
      }
    } finally {
      zip.close();
    }
  });

  it('refuses an entry that inflates to more or fewer bytes than its header declares as corrupt_file', async () => {
    const bytes = await zipOf({ 'a.txt': 'x'.repeat(1000) });
    // The central directory's uncompressed size (offset 24 of its file header), which yauzl hands out.
    const central = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    for (const declared of [999, 1001]) {
      const lying = Buffer.from(bytes);
      lying.writeUInt32LE(declared, central + 24);
      const zip = await open(`lying-${String(declared)}.zip`, lying);
      try {
        const entry = await zip.nextEntry();
        if (entry === undefined) throw new Error('entry missing');
        await expect(zip.readBytes(entry, 10_000)).rejects.toMatchObject({ code: 'corrupt_file' });
      } finally {
        zip.close();
      }
    }
  });

  it('refuses an entry path leaving the archive as archive_unsafe and a file that is no zip as corrupt_file', async () => {
    // archiver strips `../` from names, so the name is patched in both headers (same length).
    const bytes = await zipOf({ 'xx/evil.txt': 'x' });
    const patched = Buffer.from(bytes.toString('latin1').replaceAll('xx/evil', '../evil'), 'latin1');
    const unsafe = await open('unsafe.zip', patched);
    await expect(unsafe.nextEntry()).rejects.toMatchObject({ code: 'archive_unsafe' });
    unsafe.close();
    await expect(open('not.zip', Buffer.from('not a zip at all'))).rejects.toMatchObject({
      code: 'corrupt_file',
    });
  });
});

describe('checkArchiveTotals', () => {
  it('checks the ratio only past its floor, and the size always', () => {
    const limits = { maximumUncompressedBytes: 1000, maximumCompressionRatio: 10, ratioFloorBytes: 500 };
    expect(() => checkArchiveTotals(400, 1, limits, 'archive')).not.toThrow();
    expect(() => checkArchiveTotals(600, 1, limits, 'archive')).toThrow(
      expect.objectContaining({ code: 'archive_unsafe' }),
    );
    expect(() => checkArchiveTotals(1001, 1000, limits, 'archive')).toThrow(
      expect.objectContaining({ code: 'archive_unsafe' }),
    );
  });
});
