import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../src/index.js';
import { describeBlobStoreConformance } from '../src/testing.js';

describeBlobStoreConformance('filesystem', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-fs-blobs-'));
  return {
    blobs: await createFsBlobStore({ root: dir }),
    close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
});

describe('filesystem blob store directories', () => {
  it('makes a key directory again when it was removed after its first blob', async () => {
    const root = mkdtempSync(join(tmpdir(), 'transmute-fs-blobs-'));
    try {
      const blobs = await createFsBlobStore({ root });
      const first = await blobs.putBytes('same bytes');
      // A second blob of the same bytes lands in the same `ab/cd` directory, which is gone now.
      rmSync(join(root, first.key.slice(0, 2)), { recursive: true, force: true });
      const second = await blobs.putBytes('same bytes');
      expect(second.key.slice(0, 4)).toBe(first.key.slice(0, 4));
      expect((await blobs.getBytes(second.key)).toString('utf8')).toBe('same bytes');
      expect(readdirSync(join(root, 'tmp'))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('moves a small file its caller gives up into place instead of copying it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'transmute-fs-blobs-'));
    try {
      const blobs = await createFsBlobStore({ root });
      const path = join(root, 'artifact.md');
      writeFileSync(path, '# moved');
      const inode = statSync(path).ino;
      const info = await blobs.putFile(path, { giveUp: true });
      expect(existsSync(path)).toBe(false);
      expect(statSync(await blobs.localFile(info.key)).ino).toBe(inode);
      expect((await blobs.getBytes(info.key)).toString('utf8')).toBe('# moved');
      // A file not given up is copied and left where it was.
      writeFileSync(path, '# copied');
      const copied = await blobs.putFile(path);
      expect(existsSync(path)).toBe(true);
      expect((await blobs.getBytes(copied.key)).toString('utf8')).toBe('# copied');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('takes a given-up file whose bytes its caller holds without reading it back', async () => {
    const root = mkdtempSync(join(tmpdir(), 'transmute-fs-blobs-'));
    try {
      const blobs = await createFsBlobStore({ root });
      const bytes = Buffer.alloc(512 * 1024, 'a');
      const path = join(root, 'artifact.md');
      writeFileSync(path, bytes);
      const inode = statSync(path).ino;
      // The process's count of bytes read (every thread's): reading the file back adds 512 KiB.
      const bytesRead = (): number => Number(/rchar: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))?.[1]);
      const before = bytesRead();
      const info = await blobs.putFile(path, { giveUp: true, bytes });
      expect(bytesRead() - before).toBeLessThan(bytes.length / 2);
      expect(info).toEqual({
        key: info.key,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        sizeBytes: bytes.length,
      });
      expect(existsSync(path)).toBe(false);
      expect(statSync(await blobs.localFile(info.key)).ino).toBe(inode);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.runIf(existsSync('/dev/shm'))('copies a given-up file from another filesystem', async () => {
    const root = mkdtempSync(join(tmpdir(), 'transmute-fs-blobs-'));
    const other = mkdtempSync('/dev/shm/transmute-render-');
    try {
      const blobs = await createFsBlobStore({ root });
      for (const text of ['# first', '# second']) {
        const path = join(other, 'artifact.md');
        writeFileSync(path, text);
        const info = await blobs.putFile(path, { giveUp: true });
        expect((await blobs.getBytes(info.key)).toString('utf8')).toBe(text);
        expect(readdirSync(join(root, 'tmp'))).toEqual([]);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });
});
