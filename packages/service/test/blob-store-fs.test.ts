import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
  // Up to 64 KiB a blob is written with synchronous calls, above it through fs/promises: both ways.
  it.each([
    ['a tiny blob', 'same bytes'],
    ['a blob just over the synchronous bound', 'x'.repeat(64 * 1024 + 1)],
  ])('makes a key directory again when it was removed after its first blob: %s', async (_, bytes) => {
    const root = mkdtempSync(join(tmpdir(), 'transmute-fs-blobs-'));
    try {
      const blobs = await createFsBlobStore({ root });
      const first = await blobs.putBytes(bytes);
      // A second blob of the same bytes lands in the same `ab/cd` directory, which is gone now.
      rmSync(join(root, first.key.slice(0, 2)), { recursive: true, force: true });
      const second = await blobs.putBytes(bytes);
      expect(second.key.slice(0, 4)).toBe(first.key.slice(0, 4));
      expect((await blobs.getBytes(second.key)).toString('utf8')).toBe(bytes);
      expect(readdirSync(join(root, 'tmp'))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('stores a file at, just over and far over the synchronous bound whole, leaving no temporary', async () => {
    const root = mkdtempSync(join(tmpdir(), 'transmute-fs-blobs-'));
    try {
      const blobs = await createFsBlobStore({ root });
      for (const size of [0, 300, 64 * 1024, 64 * 1024 + 1, 2 * 1024 * 1024 + 7]) {
        const bytes = Buffer.alloc(size, size % 251);
        const path = join(root, `in-${String(size)}`);
        writeFileSync(path, bytes);
        const info = await blobs.putFile(path);
        expect(info.sizeBytes).toBe(size);
        expect(info.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
        expect((await blobs.getBytes(info.key)).equals(bytes)).toBe(true);
      }
      expect(readdirSync(join(root, 'tmp'))).toEqual([]);
      await expect(blobs.putFile(join(root, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
