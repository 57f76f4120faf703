import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '../src/index.js';
import { describeStoreConformance } from '../src/testing.js';

const dir = mkdtempSync(join(tmpdir(), 'transmute-sqlite-'));

describeStoreConformance('sqlite', {
  open: () => createSqliteStore({ path: join(dir, 'store.db') }),
  cleanup: () => {
    rmSync(dir, { recursive: true, force: true });
    return Promise.resolve();
  },
});
