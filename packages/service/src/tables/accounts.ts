import { hash as hashOnce, timingSafeEqual } from 'node:crypto';
import { TransmuteError, type AccountStatus, type Plan } from '@transmute/contract';
import { sql, type Kysely } from 'kysely';
import type { Account } from '../kernel/service-types.js';
import type { PlanLimits } from '../kernel/plans.js';
import type { CoreContext } from '../kernel/context.js';
import { parseJson } from '../kernel/context.js';
import { randomBase62 } from '../kernel/ids.js';
import { preparedQuery } from '../storage/prepared-query.js';
import type { AccountsTable, Database } from '../storage/schema.js';
import { accountHasEndpoints, noteNoEndpoints } from './events.js';

const API_KEY = /^tmk_[A-Za-z0-9]{32,128}$/;

/** SHA-256 hex of an API key (the only form stored). */
export function hashApiKey(apiKey: string): string {
  return hashOnce('sha256', apiKey);
}

/** A new API key: `tmk_` + 40 random base62 characters. */
export function newApiKey(): string {
  return `tmk_${randomBase62(40)}`;
}

/** Maps an accounts row. */
export function toAccount(row: AccountsTable): Account {
  return {
    id: row.id,
    plan: row.plan as Plan,
    status: row.status as AccountStatus,
    createdAt: row.created_at,
  };
}

/** The effective limits of an account: plan defaults, then the account's overrides. */
export function limitsOf(ctx: CoreContext, row: AccountsTable): PlanLimits {
  const base = ctx.plans[row.plan as Plan];
  return { ...base, ...parseJson<Partial<PlanLimits>>(row.limits_json, {}) };
}

/** The account of an API key hash (with the key's revocation): read on every request. */
const accountByKeyHash = preparedQuery((db, hash: string) =>
  db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .selectAll('accounts')
    .select(['api_keys.key_hash', 'api_keys.revoked_at'])
    .where('api_keys.key_hash', '=', hash),
);

/**
 * Resolves an API key to its active (not revoked) account, comparing hashes in constant time; a key
 * verified lately is answered from `ctx.credentials` (credential-cache.ts says how long it may be).
 */
export async function authenticateApiKey(ctx: CoreContext, apiKey: string): Promise<Account | null> {
  if (!API_KEY.test(apiKey)) return null;
  const hash = hashApiKey(apiKey);
  const cached = ctx.credentials.get(hash);
  if (cached !== undefined) return cached;
  const generation = ctx.credentials.generation();
  const [row] = await accountByKeyHash(ctx.store.db, hash);
  if (row === undefined || row.revoked_at !== null) return null;
  if (!timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))) return null;
  const account = toAccount(row);
  ctx.credentials.set(hash, account, generation);
  return account;
}

/** The account, or null when unknown (`getAccount` of the service and of the admin). */
export async function findAccount(db: Kysely<Database>, accountId: string): Promise<Account | null> {
  const row = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  return row === undefined ? null : toAccount(row);
}

const accountById = preparedQuery((db, accountId: string) =>
  db.selectFrom('accounts').selectAll().where('id', '=', accountId),
);

/** The account row and whether it has endpoints receiving events, locked on PostgreSQL. */
const lockedAccountRead = (forUpdate: boolean) =>
  preparedQuery((db, accountId: string) => {
    const query = db
      .selectFrom('accounts')
      .selectAll('accounts')
      .select(accountHasEndpoints('accounts.id').as('has_endpoints'))
      .where('accounts.id', '=', accountId);
    return forUpdate ? query.forUpdate() : query;
  });
const accountForUpdate = lockedAccountRead(true);
const accountInWriteLock = lockedAccountRead(false);

/** The advisory-lock class of an account's claims (the key's first half; the second, its id hashed). */
const CLAIM_LOCK_CLASS = 0x7472_6d63; // 'trmc'

/**
 * The account row and whether it has endpoints, taking the account's claim lock (a transaction-
 * scoped advisory lock) as the row is read. The row comes from the statement's snapshot, taken
 * before the lock's wait: only what a claim needs that does not move with claims (plan, limits).
 */
const accountWithClaimLock = preparedQuery((db, accountId: string) =>
  db
    .selectFrom('accounts')
    .selectAll('accounts')
    .select(accountHasEndpoints('accounts.id').as('has_endpoints'))
    .select(
      sql<string>`pg_advisory_xact_lock(${CLAIM_LOCK_CLASS}, hashtext(${accountId}))::text`.as('claim_lock'),
    )
    .where('accounts.id', '=', accountId),
);

/**
 * In a transaction: the account row, locked so that its quota decisions serialize across processes
 * (PostgreSQL `FOR UPDATE`; SQLite's transaction already holds the write lock; job claims serialize
 * on a lock of their own, {@link lockAccountClaims});
 * `undefined` when unknown. The same statement tells whether the account has endpoints receiving
 * events: when it has none, the events of this transaction skip reading them (events.ts).
 */
export async function lockAccount(
  trx: Kysely<Database>,
  ctx: Pick<CoreContext, 'store'>,
  accountId: string,
): Promise<AccountsTable | undefined> {
  const lock = ctx.store.dialect === 'postgres' ? accountForUpdate : accountInWriteLock;
  const [found] = await lock(trx, accountId);
  return found === undefined ? undefined : noteEndpoints(trx, accountId, found);
}

/** The account row of a locked read, noting for this transaction when it has no endpoints (events.ts). */
function noteEndpoints(
  trx: Kysely<Database>,
  accountId: string,
  { has_endpoints: hasEndpoints, ...row }: AccountsTable & { has_endpoints: unknown },
): AccountsTable {
  if (!hasEndpoints) noteNoEndpoints(trx, accountId);
  return row;
}

/**
 * In a transaction: the account row, holding the lock its job claims serialize on, so that each
 * claim counts the account's leases after the previous claim committed (per-account concurrency)
 * and takes the oldest free job; `undefined` when unknown. On PostgreSQL that is an advisory lock
 * of the account's claims, not the row's `FOR UPDATE`: a claim and a createJob of one account do
 * not wait for each other (createJob's lock guards its quota, which claims do not change); SQLite's
 * transaction holds the write lock. The lease count must be read by a later statement.
 */
export async function lockAccountClaims(
  trx: Kysely<Database>,
  ctx: Pick<CoreContext, 'store'>,
  accountId: string,
): Promise<AccountsTable | undefined> {
  if (ctx.store.dialect !== 'postgres') return lockAccount(trx, ctx, accountId);
  const [found] = await accountWithClaimLock(trx, accountId);
  if (found === undefined) return undefined;
  const { claim_lock: _lock, ...read } = found;
  return noteEndpoints(trx, accountId, read);
}

/** Loads an account row; `not_found` when unknown. */
export async function loadAccount(db: Kysely<Database>, accountId: string): Promise<AccountsTable> {
  const [row] = await accountById(db, accountId);
  if (row === undefined) throw new TransmuteError('not_found', 'The account does not exist.');
  return row;
}

/** Refuses mutations for suspended or canceled accounts (403 account_suspended); returns the row. */
export async function assertMutable(db: Kysely<Database>, accountId: string): Promise<AccountsTable> {
  return refuseReadOnly(await loadAccount(db, accountId));
}

function refuseReadOnly(row: AccountsTable): AccountsTable {
  if (row.status === 'suspended' || row.status === 'canceled') {
    throw new TransmuteError(
      'account_suspended',
      `The account is ${row.status}; changes are refused, reads still work.`,
    );
  }
  return row;
}

/**
 * In a transaction: the account row, locked ({@link lockAccount}), refused like
 * {@link assertMutable} when suspended or canceled. One statement for both.
 */
export async function lockMutableAccount(
  trx: Kysely<Database>,
  ctx: Pick<CoreContext, 'store'>,
  accountId: string,
): Promise<AccountsTable> {
  const row = await lockAccount(trx, ctx, accountId);
  if (row === undefined) throw new TransmuteError('not_found', 'The account does not exist.');
  return refuseReadOnly(row);
}
