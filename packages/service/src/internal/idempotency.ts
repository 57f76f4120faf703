import { AsyncLocalStorage } from 'node:async_hooks';
import { TransmuteError, isTransmuteError, type ErrorCode } from '@transmute/contract';
import type { Kysely } from 'kysely';
import type { Caller, IdempotencyRequest, StoredOutcome } from '../service-types.js';
import { addMs, type CoreContext } from './context.js';
import type { Database } from './schema.js';

const RETENTION_MS = 24 * 3_600_000;
/** An in-flight claim older than this belongs to a crashed request and may be taken over. */
const CLAIM_MS = 60_000;
/** Statuses of errors raised before execution: they leave no record (CONTRACT §5). */
const FORGOTTEN = new Set([400, 401, 403, 413, 415, 422, 429]);

interface Claim {
  accountId: string;
  key: string;
}

const pending = new AsyncLocalStorage<Claim>();

type ClaimResult = { kind: 'claimed' } | { kind: 'replay'; outcome: StoredOutcome };

async function claim(ctx: CoreContext, caller: Caller, request: IdempotencyRequest): Promise<ClaimResult> {
  const db = ctx.store.db;
  const now = ctx.nowIso();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', caller.accountId)
      .where('key', '=', request.key)
      .where('expires_at', '<', now)
      .execute();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        account_id: caller.accountId,
        key: request.key,
        fingerprint: request.fingerprint,
        state: 'in_flight',
        response_status: null,
        response_headers: null,
        response_body: null,
        locked_until: addMs(now, CLAIM_MS),
        created_at: now,
        expires_at: addMs(now, RETENTION_MS),
      })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { kind: 'claimed' };
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('account_id', '=', caller.accountId)
      .where('key', '=', request.key)
      .executeTakeFirst();
    if (row === undefined) continue;
    if (row.fingerprint !== request.fingerprint) {
      throw new TransmuteError(
        'idempotency_key_reused',
        'This Idempotency-Key was used with a different request (method, path or body).',
      );
    }
    if (row.state === 'done' && row.response_status !== null) {
      return {
        kind: 'replay',
        outcome: {
          status: row.response_status,
          headers: JSON.parse(row.response_headers ?? '{}') as Record<string, string>,
          body: JSON.parse(row.response_body ?? 'null') as unknown,
        },
      };
    }
    if (row.locked_until > now) {
      throw new TransmuteError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still running.',
        {
          retryAfter: 1,
          headers: { 'Retry-After': '1' },
        },
      );
    }
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ locked_until: addMs(now, CLAIM_MS) })
      .where('account_id', '=', caller.accountId)
      .where('key', '=', request.key)
      .where('state', '=', 'in_flight')
      .where('locked_until', '=', row.locked_until)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed' };
  }
  throw new TransmuteError(
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still running.',
    {
      retryAfter: 1,
      headers: { 'Retry-After': '1' },
    },
  );
}

function outcomeValues(outcome: StoredOutcome): {
  state: string;
  response_status: number;
  response_headers: string;
  response_body: string;
} {
  return {
    state: 'done',
    response_status: outcome.status,
    response_headers: JSON.stringify(outcome.headers),
    response_body: JSON.stringify(outcome.body ?? null),
  };
}

/**
 * Inside a create transaction: commits the provisional outcome with the side effect, so a crash
 * between commit and the final write still replays instead of creating twice.
 */
export async function recordIdempotentOutcome(trx: Kysely<Database>, outcome: StoredOutcome): Promise<void> {
  const current = pending.getStore();
  if (current === undefined) return;
  await trx
    .updateTable('idempotency_keys')
    .set(outcomeValues(outcome))
    .where('account_id', '=', current.accountId)
    .where('key', '=', current.key)
    .where('state', '=', 'in_flight')
    .execute();
}

const ERROR_HEADER = 'x-transmute-stored-error';

/** CONTRACT §5: run once per (account, key); replay, refuse or forget as the contract says. */
export async function runIdempotent(
  ctx: CoreContext,
  caller: Caller,
  request: IdempotencyRequest,
  execute: () => Promise<StoredOutcome>,
): Promise<StoredOutcome & { replayed: boolean }> {
  const claimed = await claim(ctx, caller, request);
  if (claimed.kind === 'replay') return replay(claimed.outcome);
  const where = { accountId: caller.accountId, key: request.key };
  const db = ctx.store.db;
  const scoped = db
    .updateTable('idempotency_keys')
    .where('account_id', '=', where.accountId)
    .where('key', '=', where.key);
  let outcome: StoredOutcome;
  try {
    outcome = await pending.run(where, execute);
  } catch (error) {
    const status = isTransmuteError(error) ? error.status : 500;
    if (FORGOTTEN.has(status) || status >= 500 || !isTransmuteError(error)) {
      await db
        .deleteFrom('idempotency_keys')
        .where('account_id', '=', where.accountId)
        .where('key', '=', where.key)
        .where('state', '=', 'in_flight')
        .execute();
    } else {
      const body = { code: error.code, detail: error.message, field_errors: error.fieldErrors };
      await scoped.set(outcomeValues({ status, headers: { [ERROR_HEADER]: '1' }, body })).execute();
    }
    throw error;
  }
  await scoped.set(outcomeValues(outcome)).execute();
  return { ...outcome, replayed: false };
}

function replay(outcome: StoredOutcome): StoredOutcome & { replayed: boolean } {
  if (outcome.headers[ERROR_HEADER] === '1') {
    const body = outcome.body as { code: ErrorCode; detail: string; field_errors?: [] };
    throw new TransmuteError(body.code, body.detail, {
      fieldErrors: body.field_errors ?? [],
      headers: { 'Idempotent-Replayed': 'true' },
    });
  }
  return { ...outcome, replayed: true };
}
