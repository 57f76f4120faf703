import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PdfPool, type PdfWorker } from '../src/internal/pdf-pool.js';
import { fixtures } from './helpers.js';

const BOUNDS = { maxHeapMb: 512, recycleHeapBytes: 1024 * 1024 * 1024 };

async function untilDead(worker: PdfWorker): Promise<void> {
  while (!worker.dead) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('PdfPool', () => {
  it('lends the same worker again while it has not been idle for idleTimeoutMs', async () => {
    const pool = new PdfPool({ size: 1, ...BOUNDS, idleTimeoutMs: 600_000 });
    try {
      const worker = await pool.acquire();
      pool.release(worker);
      expect(await pool.acquire()).toBe(worker);
      pool.release(worker);
    } finally {
      await pool.close();
    }
  });

  it('retires a worker idle for idleTimeoutMs and starts a fresh one for the next document', async () => {
    const pool = new PdfPool({ size: 1, ...BOUNDS, idleTimeoutMs: 20 });
    try {
      const worker = await pool.acquire();
      pool.release(worker);
      await untilDead(worker);
      // A size-1 pool that had not counted the retired worker out would wait here for ever.
      const fresh = await pool.acquire();
      expect(fresh).not.toBe(worker);
      const reply = await fresh.request({ type: 'open', path: join(fixtures, 'two-column.pdf') }, 30_000);
      expect(reply).toMatchObject({ ok: true, info: { pageCount: 2 } });
      pool.release(fresh);
    } finally {
      await pool.close();
    }
  });
});
