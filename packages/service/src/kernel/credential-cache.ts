import type { Account } from './service-types.js';
import { CHANNELS } from '../storage/channels.js';
import type { Store } from '../storage/store.js';

/** How long a verified API key is trusted without reading it again, by default (milliseconds). */
export const DEFAULT_CREDENTIAL_CACHE_MS = 1000;

/** Entries kept at most; the oldest go first (a process serves far fewer live keys than this). */
const CAPACITY = 10_000;

interface Entry {
  account: Account;
  until: number;
}

/**
 * The accounts of API keys verified lately, by key hash, so a request does not read its key and
 * account again (issue 27: it was a query per request). Only a key found active is kept, never an
 * unknown or revoked one. What may not outlive a change:
 * - in this process, every revocation or account change clears the cache before it returns
 *   ({@link invalidateCredentials}), and a read that started before the change is not kept
 *   (the generation it started in has passed);
 * - in other processes, the change is announced on the store's `credentials` channel (PostgreSQL
 *   NOTIFY); on a SQLite file shared by processes, any commit by another connection
 *   (`writesElsewhere`, SQLite's `data_version`) clears the cache before it answers; and every entry
 *   also lapses after `ttlMs`: the bound when a notification cannot arrive (a listening connection
 *   being re-opened).
 */
export interface CredentialCache {
  /** The account of a key hash still fresh, or undefined. */
  get(keyHash: string): Account | undefined;
  /** The generation to pass to {@link CredentialCache.set} for a read starting now. */
  generation(): number;
  /** Keeps an active key's account, unless the cache was cleared since `generation`. */
  set(keyHash: string, account: Account, generation: number): void;
  /** Forgets every entry (a key revoked or an account changed, here or in another process). */
  clear(): void;
}

/**
 * Creates an empty cache; `ttlMs` 0 keeps nothing (every request reads its key).
 *
 * @example
 * const cache = createCredentialCache({ ttlMs: 1000, now: Date.now });
 */
export function createCredentialCache(options: {
  ttlMs: number;
  now: () => number;
  /** The store's count of other connections' commits ({@link Store.writesElsewhere}), when it has one. */
  writesElsewhere?: (() => number) | undefined;
}): CredentialCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let seenElsewhere = options.writesElsewhere?.();
  /** Clears the cache when another connection committed since it last looked; true if it did. */
  const catchUp = (): boolean => {
    if (options.writesElsewhere === undefined) return false;
    const now = options.writesElsewhere();
    if (now === seenElsewhere) return false;
    seenElsewhere = now;
    generation += 1;
    entries.clear();
    return true;
  };
  return {
    get(keyHash) {
      const entry = entries.get(keyHash);
      if (entry === undefined) return undefined;
      if (entry.until <= options.now()) {
        entries.delete(keyHash);
        return undefined;
      }
      // Only an answer from the cache needs the check (on SQLite a statement taking the log's read
      // lock): a miss reads the key anyway, after `generation` has caught up.
      return catchUp() ? undefined : entry.account;
    },
    generation() {
      catchUp();
      return generation;
    },
    set(keyHash, account, startedIn) {
      if (options.ttlMs <= 0 || startedIn !== generation) return;
      if (entries.size >= CAPACITY) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) entries.delete(oldest.value);
      }
      entries.set(keyHash, { account, until: options.now() + options.ttlMs });
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

/**
 * After a key was revoked or an account changed (committed): clears this process's cache and
 * tells the other processes on the store to clear theirs.
 */
export async function invalidateCredentials(ctx: {
  store: Store;
  credentials: CredentialCache;
}): Promise<void> {
  ctx.credentials.clear();
  await ctx.store.notify(CHANNELS.credentials);
}

/** Clears `cache` whenever another process announces a change; returns the unsubscribe function. */
export function listenForCredentialChanges(store: Store, cache: CredentialCache): () => void {
  return store.subscribe(CHANNELS.credentials, () => cache.clear());
}
