import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type Store } from '../src/index.js';
import { keptBy, type TransactionSlot } from '../src/storage/pipelined-writes.js';

// What a transaction keeps (an account's endpoint read, reused by its second event) lives exactly
// as long as the transaction: the same value within it, a new one in the next, none kept outside.

const dir = mkdtempSync(join(tmpdir(), 'transmute-kept-'));
let store: Store;
let made = 0;
const slot: TransactionSlot<{ n: number }> = { make: () => ({ n: ++made }) };

beforeAll(async () => {
  store = await createSqliteStore({ path: join(dir, 'store.db') });
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('keptBy', () => {
  it('keeps one value per transaction and slot, and none outside a transaction', async () => {
    const first = await store.transaction((trx) => Promise.resolve([keptBy(trx, slot), keptBy(trx, slot)]));
    expect(first[0]).toBe(first[1]);
    const second = await store.transaction((trx) => Promise.resolve(keptBy(trx, slot)));
    expect(second).not.toBe(first[0]);
    expect(keptBy(store.db, slot)).not.toBe(keptBy(store.db, slot));
    expect(made).toBe(4);
  });

  it('keeps nothing of a transaction that rolled back', async () => {
    let inside: { n: number } | undefined;
    await expect(
      store.transaction((trx) => {
        inside = keptBy(trx, slot);
        return Promise.reject(new Error('rolled back'));
      }),
    ).rejects.toThrow('rolled back');
    const next = await store.transaction((trx) => Promise.resolve(keptBy(trx, slot)));
    expect(next).not.toBe(inside);
  });
});
