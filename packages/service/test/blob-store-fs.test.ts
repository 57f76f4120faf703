import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFsBlobStore } from '../src/index.js';
import { describeBlobStoreConformance } from '../src/testing.js';

describeBlobStoreConformance('filesystem', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-fs-blobs-'));
  return {
    blobs: await createFsBlobStore({ root: dir }),
    close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
});
