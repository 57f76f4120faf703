import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { Caller, IdempotencyRequest, IdempotentResult } from '../kernel/service-types.js';
import { addMs, type CoreContext } from '../kernel/context.js';
import { randomBase62 } from '../kernel/ids.js';
import { answer, encode, inUse, judge, rememberedError, type Remembered } from './idempotency-outcome.js';
import {
  preparedInsert,
  preparedInsertUnread,
  preparedQuery,
  preparedStatement,
  type InsertInto,
} from '../storage/prepared-query.js';
import { sendsAhead } from '../storage/pipelined-writes.js';
import type { Database, IdempotencyKeysTable } from '../storage/schema.js';

const RETENTION_MS = 24 * 3_600_000;
/**
 * The lease of an in-flight claim. The running request renews it every {@link CLAIM_RENEW_MS}, so
 * a request of any length keeps its key, while the claim of a request whose process died lapses
 * within this time and is taken over by the next request with the key, whatever its body: nothing
 * of the dead request was stored (CONTRACT §5).
 */
const CLAIM_MS = 10_000;
/** A third of the lease: two renewals may fail (a busy database) before the claim lapses. */
const CLAIM_RENEW_MS = 3_000;

/**
 * Operations whose own transaction writes the key with their value ({@link rememberInTransaction}
 * at its end), so no claim is committed before they run ({@link runClaimedAtCommit}): each of them
 * writes nothing outside that transaction before it.
 */
const CLAIMED_AT_COMMIT: ReadonlySet<string> = new Set(['createJob']);

/** The claim of the request being executed, for {@link rememberInTransaction}. */
interface Claim {
  accountId: string;
  key: string;
  /** Identifies this claim: a lapsed claim taken over by another request is no longer ours. */
  claimId: string;
  /**
   * Set when no row was claimed before the operation ({@link runClaimedAtCommit}): the key's row
   * is written whole, with the outcome, by {@link remember}; `at` is when the request began, and
   * `free` whether the read before the operation found no row of the key at all.
   */
  atCommit?: { fingerprint: string; at: string; free: boolean };
  /** Set once the key's row went out as a plain insert, sent ahead of the commit ({@link newKeyRow}). */
  sentAhead?: boolean;
  /** Set once the operation wrote its value in its own transaction (nothing left to write after it). */
  rememberedInTransaction?: boolean;
  /** Seals what is remembered ({@link encode}). */
  masterKey: string | undefined;
}

const pending = new AsyncLocalStorage<Claim>();

type ClaimResult = { kind: 'claimed'; claimId: string } | { kind: 'replay'; remembered: Remembered };

/** An upsert of a key's row that replaces the row found, as if the key were new. */
type KeyUpsert = Parameters<Parameters<InsertInto<'idempotency_keys'>['onConflict']>[0]>[0];

function replacedWhole(oc: KeyUpsert) {
  return oc.columns(['account_id', 'key']).doUpdateSet((eb) => ({
    fingerprint: eb.ref('excluded.fingerprint'),
    state: eb.ref('excluded.state'),
    response_status: eb.ref('excluded.response_status'),
    response_headers: eb.ref('excluded.response_headers'),
    response_body: eb.ref('excluded.response_body'),
    claim_id: eb.ref('excluded.claim_id'),
    locked_until: eb.ref('excluded.locked_until'),
    created_at: eb.ref('excluded.created_at'),
    expires_at: eb.ref('excluded.expires_at'),
  }));
}

/**
 * Claims a new key, or a key whose 24 hours have passed (its row is replaced as if it were new),
 * in one statement; counts 1 when claimed, 0 when the key is remembered or in flight.
 */
const claimKey = preparedInsert('idempotency_keys', (insert) =>
  insert.onConflict((oc) =>
    replacedWhole(oc).whereRef('idempotency_keys.expires_at', '<', 'excluded.created_at'),
  ),
);

/**
 * Writes a key's row whole, outcome included ({@link runClaimedAtCommit}): a new key, or over a row
 * whose 24 hours have passed or whose claim lapsed (its request died) by the row's `created_at`;
 * counts 0 when another request answered the key or holds it.
 */
const insertOutcome = preparedInsert('idempotency_keys', (insert) =>
  insert.onConflict((oc) =>
    replacedWhole(oc).where((eb) =>
      eb.or([
        eb('idempotency_keys.expires_at', '<', eb.ref('excluded.created_at')),
        eb.and([
          eb('idempotency_keys.state', '=', 'in_flight'),
          eb('idempotency_keys.locked_until', '<=', eb.ref('excluded.created_at')),
        ]),
      ]),
    ),
  ),
);

/**
 * Writes a key's row whole, outcome included, where the read before the operation found none: a
 * plain insert, whose answer nobody waits for ({@link preparedInsertUnread}). On PostgreSQL it goes
 * out with the COMMIT; a row of the key written meanwhile by another request fails it with a
 * unique violation ({@link isKeyTaken}), which aborts the transaction, so nothing of it commits.
 */
const insertNewKey = preparedInsertUnread('idempotency_keys');

/** The primary key of `idempotency_keys` (migration 0001), which a plain insert of a key taken violates. */
const KEY_CONSTRAINT = 'idempotency_keys_pk';

/** PostgreSQL's unique violation on the key's row: another request wrote the key first. */
function isKeyTaken(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === KEY_CONSTRAINT;
}

const keyRow = preparedQuery((db, accountId: string, key: string) =>
  db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).where('key', '=', key),
);

async function claim(ctx: CoreContext, caller: Caller, request: IdempotencyRequest): Promise<ClaimResult> {
  const db = ctx.store.db;
  const now = ctx.nowIso();
  const claimId = randomBase62(16);
  const fresh = {
    fingerprint: request.fingerprint,
    claim_id: claimId,
    locked_until: addMs(now, CLAIM_MS),
    created_at: now,
    expires_at: addMs(now, RETENTION_MS),
  };
  const claimRow: IdempotencyKeysTable = {
    account_id: caller.accountId,
    key: request.key,
    fingerprint: fresh.fingerprint,
    state: 'in_flight',
    response_status: null,
    response_headers: null,
    response_body: null,
    claim_id: fresh.claim_id,
    locked_until: fresh.locked_until,
    created_at: fresh.created_at,
    expires_at: fresh.expires_at,
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if ((await claimKey(db, [claimRow])) === 1n) return { kind: 'claimed', claimId };
    const [row] = await keyRow(db, caller.accountId, request.key);
    if (row === undefined) continue;
    const remembered = judge(row, request.fingerprint, now, ctx.config.masterKey);
    if (remembered !== null) return { kind: 'replay', remembered };
    // The claim lapsed: its request died before committing. Taken over as if the key were new;
    // compared on the lapsed lease, so of several takers exactly one wins.
    const taken = await db
      .updateTable('idempotency_keys')
      .set(fresh)
      .where('account_id', '=', caller.accountId)
      .where('key', '=', request.key)
      .where('state', '=', 'in_flight')
      .where('locked_until', '=', row.locked_until)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed', claimId };
  }
  throw inUse();
}

/** The in-flight row of this claim (none once it lapsed and another request took the key). */
function ownRow(db: Kysely<Database>, claimed: Claim) {
  return db
    .updateTable('idempotency_keys')
    .where('account_id', '=', claimed.accountId)
    .where('key', '=', claimed.key)
    .where('claim_id', '=', claimed.claimId)
    .where('state', '=', 'in_flight');
}

/**
 * Renews the claim's lease every {@link CLAIM_RENEW_MS} while its request runs; returns the
 * function that stops it. A failed renewal is only logged: the next one may succeed, and a claim
 * lost meanwhile is caught where the operation commits ({@link rememberInTransaction}).
 */
function keepClaim(ctx: CoreContext, claimed: Claim): () => void {
  const timer = setInterval(() => {
    ownRow(ctx.store.db, claimed)
      .set({ locked_until: addMs(ctx.nowIso(), CLAIM_MS) })
      .execute()
      .catch((error: unknown) => {
        ctx.logger.warn('idempotency claim renewal failed', { key: claimed.key, error: String(error) });
      });
  }, CLAIM_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

const rememberOnOwnRow = preparedStatement(
  (db, accountId: string, key: string, claimId: string, status: number | null, body: string) =>
    db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_status: status, response_headers: null, response_body: body })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('claim_id', '=', claimId)
      .where('state', '=', 'in_flight'),
);

/**
 * Writes what the key remembers: on the claim's own row, or (claimed at commit) as the key's whole
 * row; false when the claim was no longer this request's, or another request answered or holds
 * the key.
 */
async function remember(db: Kysely<Database>, claimed: Claim, remembered: Remembered): Promise<boolean> {
  const { response_status, response_body } = encode(remembered, claimed.masterKey);
  const { accountId, key, claimId, atCommit } = claimed;
  if (atCommit !== undefined) {
    const row: IdempotencyKeysTable = {
      account_id: accountId,
      key,
      fingerprint: atCommit.fingerprint,
      state: 'done',
      response_status,
      response_headers: null,
      response_body,
      claim_id: claimId,
      locked_until: atCommit.at,
      created_at: atCommit.at,
      expires_at: addMs(atCommit.at, RETENTION_MS),
    };
    // The key was free when read, and the transaction sends its writes ahead (PostgreSQL): the row
    // goes out with the COMMIT instead of being waited for before it, one round trip less. A row
    // written meanwhile fails the commit ({@link isKeyTaken}) where the upsert would count 0.
    if (atCommit.free && sendsAhead(db)) {
      await insertNewKey(db, [row]);
      claimed.sentAhead = true;
      return true;
    }
    return (await insertOutcome(db, [row])) === 1n;
  }
  const result = await rememberOnOwnRow(db, accountId, key, claimId, response_status, response_body);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/**
 * Inside an operation's transaction: remembers the value it will return with the side effect, so
 * that a crash between the commit and the end of {@link runIdempotent} still replays instead of
 * running twice. `value` must be exactly what the operation returns. No-op outside `runIdempotent`.
 * Throws `idempotency_key_in_use`, rolling the transaction back, when this request's claim lapsed
 * and another request took the key: that one runs instead, so the key still yields one resource.
 */
export async function rememberInTransaction(trx: Kysely<Database>, value: unknown): Promise<void> {
  const claimed = pending.getStore();
  if (claimed === undefined) return;
  if (!(await remember(trx, claimed, { kind: 'value', value }))) throw inUse();
  // A transaction that rolls back throws out of the operation, so the flag only stands for a commit.
  claimed.rememberedInTransaction = true;
}

/**
 * CONTRACT §5, the one owner of idempotency: runs `execute` at most once per (account, key) and
 * remembers its value, or the code of an error the catalogue marks `remembered`; a repeat with the
 * same fingerprint gets the remembered value (`replayed: true`) or the same error again (with
 * `Idempotent-Replayed: true`). Any other error forgets the key, so a corrected or retried request
 * runs, and so does a request whose process died: its claim lapses ({@link CLAIM_MS}). Another
 * fingerprint after an outcome was stored: `idempotency_key_reused`; a claim still running (any
 * fingerprint): `idempotency_key_in_use`.
 */
export async function runIdempotent<T>(
  ctx: CoreContext,
  caller: Caller,
  request: IdempotencyRequest,
  execute: () => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (request.operationId !== undefined && CLAIMED_AT_COMMIT.has(request.operationId)) {
    return runClaimedAtCommit(ctx, caller, request, execute);
  }
  const claimed = await claim(ctx, caller, request);
  if (claimed.kind === 'replay') return answer<T>(claimed.remembered);
  const where: Claim = {
    accountId: caller.accountId,
    key: request.key,
    claimId: claimed.claimId,
    masterKey: ctx.config.masterKey,
  };
  const db = ctx.store.db;
  const stopRenewing = keepClaim(ctx, where);
  let value: T;
  try {
    value = await pending.run(where, execute);
  } catch (error) {
    const remembered = rememberedError(error);
    if (remembered !== null) await remember(db, where, remembered);
    else {
      await db
        .deleteFrom('idempotency_keys')
        .where('account_id', '=', where.accountId)
        .where('key', '=', where.key)
        .where('claim_id', '=', where.claimId)
        .where('state', '=', 'in_flight')
        .execute();
    }
    throw error;
  } finally {
    stopRenewing();
  }
  if (where.rememberedInTransaction !== true) await remember(db, where, { kind: 'value', value });
  return { value, replayed: false };
}

/** Per service: the keys of the requests {@link runClaimedAtCommit} runs now, as `account\nkey`. */
const runningHere = new WeakMap<CoreContext, Set<string>>();

/**
 * {@link runIdempotent} for an operation of {@link CLAIMED_AT_COMMIT}: the key's row is read, not
 * claimed, before the operation runs, and its transaction writes the row whole with the value
 * ({@link rememberInTransaction}), so a create commits once. A concurrent request with the key
 * still gets `idempotency_key_in_use`: in this process at once (`runningHere`); in another, when its
 * own write of the row meets the first one's (the first commits, the second rolls back with 409,
 * as if its claim had met the first's), so the key still yields one resource. A remembered
 * error is written after the operation, as the first claim would have remembered it.
 */
async function runClaimedAtCommit<T>(
  ctx: CoreContext,
  caller: Caller,
  request: IdempotencyRequest,
  execute: () => Promise<T>,
): Promise<IdempotentResult<T>> {
  let running = runningHere.get(ctx);
  if (running === undefined) {
    running = new Set();
    runningHere.set(ctx, running);
  }
  const name = `${caller.accountId}\n${request.key}`;
  if (running.has(name)) throw inUse();
  running.add(name);
  try {
    const at = ctx.nowIso();
    const [row] = await keyRow(ctx.store.db, caller.accountId, request.key);
    // A row whose 24 hours have passed is as if the key were new (the outcome's write replaces it).
    if (row !== undefined && row.expires_at >= at) {
      const remembered = judge(row, request.fingerprint, at, ctx.config.masterKey);
      if (remembered !== null) return answer<T>(remembered);
    }
    const claimed: Claim = {
      accountId: caller.accountId,
      key: request.key,
      claimId: randomBase62(16),
      atCommit: { fingerprint: request.fingerprint, at, free: row === undefined },
      masterKey: ctx.config.masterKey,
    };
    let value: T;
    try {
      value = await pending.run(claimed, execute);
    } catch (error) {
      // Another request wrote the key between the read and this commit: the job rolled back with
      // the key's row, as when the upsert counts 0.
      if (claimed.sentAhead === true && isKeyTaken(error)) throw inUse();
      const remembered = rememberedError(error);
      // Nothing else to undo: the operation's transaction rolled back with its row.
      if (remembered !== null && claimed.rememberedInTransaction !== true) {
        await remember(ctx.store.db, claimed, remembered);
      }
      throw error;
    }
    if (claimed.rememberedInTransaction !== true) {
      await remember(ctx.store.db, claimed, { kind: 'value', value });
    }
    return { value, replayed: false };
  } finally {
    running.delete(name);
  }
}

/** Drops every remembered key whose 24 hours have passed (the retention sweep). */
export async function deleteExpiredKeys(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
}

/**
 * Replaces a remembered answer stored in clear by its sealed value, compared on the clear value
 * read (another process's sealing meanwhile wins). Returns whether it wrote.
 */
export async function sealRememberedAnswerRow(
  db: Kysely<Database>,
  read: { accountId: string; key: string; body: string },
  sealedBody: string,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ response_body: sealedBody })
    .where('account_id', '=', read.accountId)
    .where('key', '=', read.key)
    .where('response_body', '=', read.body)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
