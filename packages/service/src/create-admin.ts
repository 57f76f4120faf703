import {
  TransmuteError,
  type AccountStatus,
  type Plan,
  type Usage,
  type UsageUnit,
} from '@transmute/contract';
import type { Kysely } from 'kysely';
import type { AccountObject, BillingObject, TransmuteAdmin } from './admin-types.js';
import type { PlanLimits } from './kernel/plans.js';
import type { ServiceConfig } from './kernel/service-config.js';
import type { Account } from './kernel/service-types.js';
import type { Store } from './storage/store.js';
import { findAccount, hashApiKey, limitsOf, loadAccount, newApiKey, toAccount } from './tables/accounts.js';
import { createCoreContext, periodOf, type CoreContext } from './kernel/context.js';
import { writeEvent } from './tables/events.js';
import { newId } from './kernel/ids.js';
import type { AccountsTable, Database } from './storage/schema.js';
import { accrueAccountStorage } from './billing/storage-usage.js';
import { invalidateCredentials } from './kernel/credential-cache.js';
import { computeUsage, costOf } from './billing/usage.js';

/** Options of {@link createAdmin}. */
export interface AdminOptions {
  store: Store;
  config: ServiceConfig;
}

function toAccountObject(ctx: CoreContext, row: AccountsTable): AccountObject {
  const limits = limitsOf(ctx, row);
  return {
    id: row.id,
    object: 'account',
    plan: row.plan as Plan,
    status: row.status as AccountStatus,
    limits: {
      jobs: limits.jobs,
      input_bytes: limits.inputBytes,
      concurrency: limits.concurrency,
      spend_cap_microusd: limits.spendCapMicrousd,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Builds the operator API over a context (shared by {@link createAdmin} and the service). */
export function createAdminFromContext(ctx: CoreContext): TransmuteAdmin {
  const db = ctx.store.db;

  const insertKey = async (accountId: string): Promise<{ keyId: string; apiKey: string }> => {
    const apiKey = newApiKey();
    const keyId = `key_${apiKey.slice(4, 12)}${newId('x').slice(2, 14)}`;
    await db
      .insertInto('api_keys')
      .values({
        id: keyId,
        account_id: accountId,
        key_hash: hashApiKey(apiKey),
        key_prefix: apiKey.slice(0, 12),
        created_at: ctx.nowIso(),
        revoked_at: null,
      })
      .execute();
    return { keyId, apiKey };
  };

  /**
   * Writes account fields and emits billing.account_updated, in one transaction. With
   * `onlyIfChanged`, values the account already has change nothing: no write, no event (decided
   * inside the transaction, so two concurrent calls emit one event).
   */
  const updateAccount = async (
    accountId: string,
    values: Partial<AccountsTable>,
    onlyIfChanged = false,
  ): Promise<Account> => {
    const row = await ctx.store.transaction(async (trx) => {
      const current = await loadAccount(trx, accountId);
      const same = Object.entries(values).every(
        ([key, value]) => current[key as keyof AccountsTable] === value,
      );
      if (onlyIfChanged && same) return current;
      const next = { ...current, ...values, updated_at: ctx.nowIso() };
      await trx
        .updateTable('accounts')
        .set({ ...values, updated_at: next.updated_at })
        .where('id', '=', accountId)
        .execute();
      await writeEvent(trx, ctx, {
        accountId,
        type: 'billing.account_updated',
        object: toAccountObject(ctx, next),
      });
      return next;
    });
    // The plan and status of cached credentials must not outlive the change (credential-cache.ts).
    await invalidateCredentials(ctx);
    return toAccount(row);
  };

  /** Bills the account's storage up to the end of the period containing `at` (or now, if sooner). */
  const accruePeriodStorage = async (trx: Kysely<Database>, accountId: string, at: Date): Promise<void> => {
    const now = ctx.nowIso();
    const end = periodOf(at).end;
    return accrueAccountStorage(trx, ctx, accountId, end < now ? end : now);
  };

  const addEntry = async (
    accountId: string,
    entry: {
      kind: BillingObject['object'];
      amount: number;
      unit: UsageUnit | null;
      quantity: number | null;
      reason: string;
    },
    at: Date = ctx.now(),
  ): Promise<BillingObject> => {
    const period = periodOf(at);
    const prefix = entry.kind === 'credit' ? 'cr' : entry.kind === 'refund' ? 're' : 'inv';
    const object: BillingObject = {
      id: newId(prefix),
      object: entry.kind,
      amount_microusd: Math.round(entry.amount),
      currency: 'USD',
      unit: entry.unit,
      quantity: entry.quantity,
      reason: entry.reason,
      period_start: period.start,
      period_end: period.end,
      created_at: ctx.nowIso(),
    };
    const type =
      entry.kind === 'credit'
        ? 'billing.credit_created'
        : entry.kind === 'refund'
          ? 'billing.refund_created'
          : 'billing.invoice_created';
    await ctx.store.transaction(async (trx) => {
      await loadAccount(trx, accountId);
      await trx
        .insertInto('billing_entries')
        .values({
          id: object.id,
          account_id: accountId,
          kind: entry.kind,
          amount_microusd: object.amount_microusd,
          unit: entry.unit,
          quantity: entry.quantity,
          reason: entry.reason,
          period_start: period.start,
          period_end: period.end,
          created_at: object.created_at,
        })
        .execute();
      await writeEvent(trx, ctx, { accountId, type, object });
    });
    return object;
  };

  return {
    async createAccount(options = {}) {
      const now = ctx.nowIso();
      const row: AccountsTable = {
        id: newId('acct'),
        plan: options.plan ?? 'free',
        status: options.status ?? 'active',
        limits_json: options.limits === undefined ? null : JSON.stringify(options.limits),
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('accounts').values(row).execute();
      const key = await insertKey(row.id);
      return { account: toAccount(row), ...key };
    },
    getAccount: (accountId) => findAccount(db, accountId),
    async listAccounts() {
      const rows = await db.selectFrom('accounts').selectAll().orderBy('created_at', 'asc').execute();
      return rows.map(toAccount);
    },
    async createApiKey(accountId) {
      await loadAccount(db, accountId);
      return insertKey(accountId);
    },
    async revokeApiKey(keyIdOrKey) {
      const column = keyIdOrKey.startsWith('tmk_') ? 'key_hash' : 'id';
      const value = column === 'key_hash' ? hashApiKey(keyIdOrKey) : keyIdOrKey;
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: ctx.nowIso() })
        .where(column, '=', value)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      const revoked = Number(result.numUpdatedRows) > 0;
      // Before answering: no request after this one may pass on a cached copy of the key.
      if (revoked) await invalidateCredentials(ctx);
      return revoked;
    },
    async setPlan(accountId, plan, limits?: Partial<PlanLimits>) {
      if (!(plan in ctx.plans)) throw new TransmuteError('validation_failed', `Unknown plan ${plan}.`);
      return updateAccount(accountId, {
        plan,
        limits_json: limits === undefined ? null : JSON.stringify(limits),
      });
    },
    async setAccountStatus(accountId, status) {
      // Setting the status it already has changes nothing: no write, no billing.account_updated.
      return updateAccount(accountId, { status }, true);
    },
    async closeBillingPeriod(accountId, at = ctx.now()) {
      const usage = await ctx.store.transaction(async (trx) => {
        const account = await loadAccount(trx, accountId);
        const existing = await trx
          .selectFrom('billing_periods')
          .select('usage_json')
          .where('account_id', '=', accountId)
          .where('period_start', '=', periodOf(at).start)
          .executeTakeFirst();
        if (existing !== undefined) return JSON.parse(existing.usage_json) as Usage;
        // Storage kept up to the period's end (or now) is billed before the period is frozen.
        await accruePeriodStorage(trx, accountId, at);
        const computed = await computeUsage(ctx, trx, account, at);
        await trx
          .insertInto('billing_periods')
          .values({
            account_id: accountId,
            period_start: computed.period_start,
            period_end: computed.period_end,
            usage_json: JSON.stringify(computed),
            closed_at: ctx.nowIso(),
          })
          .execute();
        await writeEvent(trx, ctx, { accountId, type: 'billing.usage_finalized', object: computed });
        return computed;
      });
      return usage;
    },
    async createCredit(accountId, credit) {
      const unit = credit.unit ?? null;
      const quantity = unit === null ? null : (credit.quantity ?? 0);
      const amount = credit.amountMicrousd ?? (unit === null ? 0 : costOf(ctx, { [unit]: quantity ?? 0 }));
      return addEntry(accountId, { kind: 'credit', amount, unit, quantity, reason: credit.reason ?? '' });
    },
    async createRefund(accountId, refund) {
      return addEntry(accountId, {
        kind: 'refund',
        amount: refund.amountMicrousd,
        unit: null,
        quantity: null,
        reason: refund.reason ?? '',
      });
    },
    async createInvoice(accountId, at = ctx.now()) {
      await ctx.store.transaction((trx) => accruePeriodStorage(trx, accountId, at));
      const usage = await computeUsage(ctx, db, await loadAccount(db, accountId), at);
      return addEntry(
        accountId,
        {
          kind: 'invoice',
          amount: usage.costs.net_due_microusd,
          unit: null,
          quantity: null,
          reason: 'Period invoice.',
        },
        at,
      );
    },
  };
}

/**
 * The operator API without an engine (what the CLI needs to manage accounts and keys).
 *
 * @example
 * const admin = createAdmin({ store, config: { baseUrl, signingSecret } });
 * const { account, apiKey } = await admin.createAccount({ plan: 'developer' });
 */
export function createAdmin(options: AdminOptions): TransmuteAdmin {
  return createAdminFromContext(createCoreContext(options.store, options.config));
}
