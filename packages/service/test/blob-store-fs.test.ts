import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
});
