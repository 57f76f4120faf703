import type { Plan, UsageUnit } from '@transmute/contract';

/** The limits of a plan (CONTRACT §11). */
export interface PlanLimits {
  /** Jobs per billing period. */
  jobs: number;
  /** Input bytes per billing period. */
  inputBytes: number;
  /** Jobs of one account processing at once (the rest wait in `queued`). */
  concurrency: number;
  /** Spend cap per period in micro-USD, or null for none. */
  spendCapMicrousd: number | null;
  /** Request rate (token bucket refill per second) and burst, read by the HTTP layer. */
  requestsPerSecond: number;
  burst: number;
}

const GIB = 1024 ** 3;

/**
 * Default plan table (CONTRACT §11). `enterprise` and `metered_beta` are operator-set; these are
 * their defaults until the operator overrides them (config `plans`, or per account with setPlan).
 */
export const PLANS: Readonly<Record<Plan, PlanLimits>> = {
  free: {
    jobs: 100,
    inputBytes: GIB,
    concurrency: 1,
    spendCapMicrousd: null,
    requestsPerSecond: 10,
    burst: 20,
  },
  developer: {
    jobs: 1000,
    inputBytes: 20 * GIB,
    concurrency: 4,
    spendCapMicrousd: null,
    requestsPerSecond: 100,
    burst: 200,
  },
  team: {
    jobs: 10_000,
    inputBytes: 200 * GIB,
    concurrency: 16,
    spendCapMicrousd: null,
    requestsPerSecond: 200,
    burst: 400,
  },
  enterprise: {
    jobs: 1_000_000,
    inputBytes: 10_000 * GIB,
    concurrency: 64,
    spendCapMicrousd: null,
    requestsPerSecond: 500,
    burst: 1000,
  },
  metered_beta: {
    jobs: 10_000,
    inputBytes: 200 * GIB,
    concurrency: 4,
    spendCapMicrousd: null,
    requestsPerSecond: 500,
    burst: 1000,
  },
};

/**
 * Default price table in micro-USD per unit (fractions allowed; costs are rounded per line).
 * Configurable with the service config `prices`.
 */
export const PRICES: Readonly<Record<UsageUnit, number>> = {
  jobs: 1000,
  uploaded_bytes: 0,
  input_bytes: 0.0005,
  extracted_pages: 1000,
  extracted_characters: 0.01,
  media_minutes: 6000,
  enrichment_tokens: 2,
  stored_gigabyte_days: 1000,
  output_bytes: 0.0001,
};

/** Units whose cost is paid to an outside provider (the rest is internal cost). */
export const PROVIDER_UNITS: readonly UsageUnit[] = ['enrichment_tokens'];
