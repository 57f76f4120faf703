import { AsyncLocalStorage } from 'node:async_hooks';
import {
  TransmuteError,
  isRememberedError,
  isTransmuteError,
  type ErrorCode,
  type FieldError,
} from '@transmute/contract';
import type { Kysely } from 'kysely';
import type { Caller, IdempotencyRequest, IdempotentResult } from '../kernel/service-types.js';
import { addMs, type CoreContext } from '../kernel/context.js';
import { randomBase62 } from '../kernel/ids.js';
import { decryptSecret, encryptSecret } from '../kernel/secrets.js';
import { preparedInsert, preparedQuery, preparedStatement } from '../storage/prepared-query.js';
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

/** The claim of the request being executed, for {@link rememberInTransaction}. */
interface Claim {
  accountId: string;
  key: string;
  /** Identifies this claim: a lapsed claim taken over by another request is no longer ours. */
  claimId: string;
  /** Set once the operation wrote its value in its own transaction (nothing left to write after it). */
  rememberedInTransaction?: boolean;
  /** Seals what is remembered ({@link encode}). */
  masterKey: string | undefined;
}

const pending = new AsyncLocalStorage<Claim>();

/**
 * What one key remembers (CONTRACT §5): the operation's value, or the code of the error it
 * answered. Stored in `response_body` as JSON, encrypted with the master key when there is one
 * (a value may hold a webhook secret or a signed upload URL; docs/DECISIONS.md); `response_status`
 * holds the error's status and is null for a value (the HTTP layer derives status, `Location` and
 * body from the value, the same way for the first answer and for a replay).
 */
type Remembered =
  | { kind: 'value'; value: unknown }
  | { kind: 'error'; code: ErrorCode; detail: string; fieldErrors: FieldError[]; retryAfter?: number };

type ClaimResult = { kind: 'claimed'; claimId: string } | { kind: 'replay'; remembered: Remembered };

function inUse(): TransmuteError {
  return new TransmuteError(
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still running.',
    {
      retryAfter: 1,
      headers: { 'Retry-After': '1' },
    },
  );
}

function encode(
  remembered: Remembered,
  masterKey: string | undefined,
): {
  state: string;
  response_status: number | null;
  response_headers: null;
  response_body: string;
} {
  const sealed = (json: unknown) => encryptSecret(JSON.stringify(json), masterKey);
  if (remembered.kind === 'value') {
    return {
      state: 'done',
      response_status: null,
      response_headers: null,
      response_body: sealed(remembered.value ?? null),
    };
  }
  const error = new TransmuteError(remembered.code, remembered.detail);
  return {
    state: 'done',
    response_status: error.status,
    response_headers: null,
    response_body: sealed({
      code: remembered.code,
      detail: remembered.detail,
      field_errors: remembered.fieldErrors,
      retry_after: remembered.retryAfter ?? null,
    }),
  };
}

/** Reverses {@link encode}; rows stored in clear (no master key, or from before) read as they are. */
function decode(status: number | null, body: string | null, masterKey: string | undefined): Remembered {
  const parsed = JSON.parse(body === null ? 'null' : decryptSecret(body, masterKey)) as unknown;
  if (status === null) return { kind: 'value', value: parsed };
  const error = parsed as {
    code: ErrorCode;
    detail: string;
    field_errors: FieldError[];
    retry_after: number | null;
  };
  return {
    kind: 'error',
    code: error.code,
    detail: error.detail,
    fieldErrors: error.field_errors,
    ...(error.retry_after === null ? {} : { retryAfter: error.retry_after }),
  };
}

/**
 * Claims a new key, or a key whose 24 hours have passed (its row is replaced as if it were new),
 * in one statement; counts 1 when claimed, 0 when the key is remembered or in flight.
 */
const claimKey = preparedInsert('idempotency_keys', (insert) =>
  insert.onConflict((oc) =>
    oc
      .columns(['account_id', 'key'])
      .doUpdateSet((eb) => ({
        fingerprint: eb.ref('excluded.fingerprint'),
        state: eb.ref('excluded.state'),
        response_status: eb.ref('excluded.response_status'),
        response_headers: eb.ref('excluded.response_headers'),
        response_body: eb.ref('excluded.response_body'),
        claim_id: eb.ref('excluded.claim_id'),
        locked_until: eb.ref('excluded.locked_until'),
        created_at: eb.ref('excluded.created_at'),
        expires_at: eb.ref('excluded.expires_at'),
      }))
      .whereRef('idempotency_keys.expires_at', '<', 'excluded.created_at'),
  ),
);

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
    if (row.state === 'done') {
      if (row.fingerprint !== request.fingerprint) {
        throw new TransmuteError(
          'idempotency_key_reused',
          'This Idempotency-Key was used with a different request (method, path or body).',
        );
      }
      return {
        kind: 'replay',
        remembered: decode(row.response_status, row.response_body, ctx.config.masterKey),
      };
    }
    // In flight: the key is bound to no request until one stores its outcome, so a request with
    // another body waits too (a retryable 409) rather than being refused for good (a 422).
    if (row.locked_until > now) throw inUse();
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

/** Writes what the key remembers on the claim's own row; false when the claim was no longer this request's. */
async function remember(db: Kysely<Database>, claimed: Claim, remembered: Remembered): Promise<boolean> {
  const { response_status, response_body } = encode(remembered, claimed.masterKey);
  const { accountId, key, claimId } = claimed;
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

function answer<T>(remembered: Remembered): IdempotentResult<T> {
  if (remembered.kind === 'value') return { value: remembered.value as T, replayed: true };
  throw new TransmuteError(remembered.code, remembered.detail, {
    fieldErrors: remembered.fieldErrors,
    ...(remembered.retryAfter === undefined ? {} : { retryAfter: remembered.retryAfter }),
    headers: { 'Idempotent-Replayed': 'true' },
  });
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
    if (isTransmuteError(error) && isRememberedError(error.code)) {
      await remember(db, where, {
        kind: 'error',
        code: error.code,
        detail: error.message,
        fieldErrors: error.fieldErrors,
        ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
      });
    } else {
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
