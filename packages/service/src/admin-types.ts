import type { AccountStatus, Plan, Usage, UsageUnit } from '@transmute/contract';
import type { PlanLimits } from './kernel/plans.js';
import type { Account } from './kernel/service-types.js';

/** A credit, refund or invoice as billing events carry it (`data.object`). */
export interface BillingObject {
  id: string;
  object: 'credit' | 'refund' | 'invoice';
  amount_microusd: number;
  currency: 'USD';
  unit: UsageUnit | null;
  quantity: number | null;
  reason: string;
  period_start: string;
  period_end: string;
  created_at: string;
}

/** The account as `billing.account_updated` carries it. */
export interface AccountObject {
  id: string;
  object: 'account';
  plan: Plan;
  status: AccountStatus;
  limits: { jobs: number; input_bytes: number; concurrency: number; spend_cap_microusd: number | null };
  created_at: string;
  updated_at: string;
}

/** Options of {@link TransmuteAdmin.createAccount}. */
export interface CreateAccountOptions {
  plan?: Plan;
  status?: AccountStatus;
  /** Overrides of the plan's limits for this account (enterprise, metered_beta). */
  limits?: Partial<PlanLimits>;
}

/**
 * The operator's methods (CONTRACT §4, §11): accounts, API keys, plans and billing. Not part of
 * the v1 API; the CLI (`transmute accounts|keys`) calls them.
 */
export interface TransmuteAdmin {
  /** Creates an account and its first API key (the key is shown only here). */
  createAccount(options?: CreateAccountOptions): Promise<{ account: Account; apiKey: string; keyId: string }>;
  getAccount(accountId: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  createApiKey(accountId: string): Promise<{ keyId: string; apiKey: string }>;
  /** Revokes by key id (`key_…`) or by the key itself; false when nothing matched. */
  revokeApiKey(keyIdOrKey: string): Promise<boolean>;
  setPlan(accountId: string, plan: Plan, limits?: Partial<PlanLimits>): Promise<Account>;
  setAccountStatus(accountId: string, status: AccountStatus): Promise<Account>;
  /** Closes the period containing `at` (default now): emits `billing.usage_finalized`. */
  closeBillingPeriod(accountId: string, at?: Date): Promise<Usage>;
  /** A credit: money (`amountMicrousd`) or usage (`unit` + `quantity`). */
  createCredit(
    accountId: string,
    credit: { amountMicrousd?: number; unit?: UsageUnit; quantity?: number; reason?: string },
  ): Promise<BillingObject>;
  createRefund(
    accountId: string,
    refund: { amountMicrousd: number; reason?: string },
  ): Promise<BillingObject>;
  /** Invoices the net amount due of the period containing `at` (default now). */
  createInvoice(accountId: string, at?: Date): Promise<BillingObject>;
}
