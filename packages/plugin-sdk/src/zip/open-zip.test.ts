import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZipArchive } from 'archiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArchiveTotals } from './check-archive-totals.js';
import { openZip, type SafeZip, type ZipEntry, type ZipLimits } from './open-zip.js';

const LIMITS: ZipLimits = {
  maximumEntries: 100,
  maximumUncompressedBytes: 1e9,
  maximumCompressionRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

async function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 9 } });
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
