import { describe, expect, it } from 'vitest';
import { createCredentialCache } from './credential-cache.js';

const ACCOUNT = {
  id: 'acct_1',
  plan: 'free',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
} as const;

describe('createCredentialCache', () => {
  it('answers a kept account until its time runs out', () => {
    let now = 1000;
    const cache = createCredentialCache({ ttlMs: 500, now: () => now });
    cache.set('hash', ACCOUNT, cache.generation());
    expect(cache.get('hash')).toEqual(ACCOUNT);
    now = 1499;
    expect(cache.get('hash')).toEqual(ACCOUNT);
    now = 1500;
    expect(cache.get('hash')).toBeUndefined();
  });

  it('forgets every entry when cleared', () => {
    const cache = createCredentialCache({ ttlMs: 60_000, now: () => 0 });
    cache.set('a', ACCOUNT, cache.generation());
    cache.set('b', ACCOUNT, cache.generation());
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep a read that started before a clear (a key revoked while it was read)', () => {
    const cache = createCredentialCache({ ttlMs: 60_000, now: () => 0 });
    const startedIn = cache.generation();
    cache.clear();
    cache.set('hash', ACCOUNT, startedIn);
    expect(cache.get('hash')).toBeUndefined();
  });

  it('keeps nothing with a time of 0', () => {
    const cache = createCredentialCache({ ttlMs: 0, now: () => 0 });
    cache.set('hash', ACCOUNT, cache.generation());
    expect(cache.get('hash')).toBeUndefined();
  });

  it('forgets every entry once another connection committed (writesElsewhere moved)', () => {
    let elsewhere = 7;
    const cache = createCredentialCache({ ttlMs: 60_000, now: () => 0, writesElsewhere: () => elsewhere });
    const startedIn = cache.generation();
    cache.set('hash', ACCOUNT, startedIn);
    expect(cache.get('hash')).toEqual(ACCOUNT);
    elsewhere = 8;
    expect(cache.get('hash')).toBeUndefined();
    cache.set('late', ACCOUNT, startedIn);
    expect(cache.get('late')).toBeUndefined();
  });

  it('looks for other connections’ commits only when it would answer, and before it answers', () => {
    let elsewhere = 7;
    let looks = 0;
    const cache = createCredentialCache({
      ttlMs: 500,
      now: () => 0,
      writesElsewhere: () => {
        looks += 1;
        return elsewhere;
      },
    });
    looks = 0;
    expect(cache.get('unknown')).toBeUndefined();
    expect(looks).toBe(0);
    cache.set('hash', ACCOUNT, cache.generation());
    expect(looks).toBe(1);
    elsewhere = 8;
    expect(cache.get('hash')).toBeUndefined();
    expect(looks).toBe(2);
  });
});
