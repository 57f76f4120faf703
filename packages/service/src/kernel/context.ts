import { hostname } from 'node:os';
import type { Plan, UsageUnit } from '@transmute/contract';
import type { Engine } from './engine.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { ServiceMetrics } from './service-metrics.js';
import { PLANS, PRICES, type PlanLimits } from './plans.js';
import type { RetentionConfig, ServiceConfig, ServiceLogger } from './service-config.js';
import type { Store } from '../storage/store.js';
import type { BatchSettings } from './batch-settings.js';
import { randomBase62 } from './ids.js';
import {
  createCredentialCache,
  DEFAULT_CREDENTIAL_CACHE_MS,
  type CredentialCache,
} from './credential-cache.js';
import { createTokenSigner, type TokenSigner } from './tokens.js';

/** What every internal module needs without the engine (admin, billing, usage). */
export interface CoreContext {
  store: Store;
  config: ServiceConfig;
  signer: TokenSigner;
  logger: ServiceLogger;
  plans: Record<Plan, PlanLimits>;
  prices: Record<UsageUnit, number>;
  retention: RetentionConfig;
  workerId: string;
  leaseMs: number;
  cancelGraceMs: number;
  downloadUrlTtlMs: number;
  /** API keys verified lately (credential-cache.ts); cleared by every revocation or account change. */
  credentials: CredentialCache;
  now(): Date;
  /** `now()` as ISO 8601 with ms and Z. */
  nowIso(): string;
}

/** Everything the operations and the worker use. */
export interface ServiceContext extends CoreContext {
  blobs: BlobStore;
  batch: BatchSettings;
  engine: Engine;
  metrics: ServiceMetrics;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A job's lease: a worker that stops renewing it (killed, partitioned, stalled) lets its jobs go
 * this long after its last renewal at most (docs/ARCHITECTURE.md, "Workers and leases").
 */
export const DEFAULT_LEASE_MS = 10_000;

/**
 * The logger when the embedding program passes none: warnings and errors go to stderr (stdout
 * belongs to the program), and nothing below them, so a library in someone else's process never
 * prints a line per job. `transmute serve` and `transmute worker` pass their own logger.
 */
const consoleLogger: ServiceLogger = {
  info: () => undefined,
  error: (message, meta) => console.error(`[transmute] ${message}`, meta ?? ''),
  warn: (message, meta) => console.warn(`[transmute] ${message}`, meta ?? ''),
};

/** Resolves defaults of the config once. */
export function createCoreContext(store: Store, config: ServiceConfig): CoreContext {
  const plans = { ...PLANS } as Record<Plan, PlanLimits>;
  for (const [plan, limits] of Object.entries(config.plans ?? {}) as [Plan, Partial<PlanLimits>][]) {
    plans[plan] = { ...plans[plan], ...limits };
  }
  const now = config.now ?? (() => new Date());
  return {
    store,
    config,
    signer: createTokenSigner(config.signingSecret),
    logger: config.logger ?? consoleLogger,
    plans,
    prices: { ...PRICES, ...config.prices },
    retention: {
      ephemeralMs: HOUR,
      temporaryMs: 7 * DAY,
      uploadIntentMs: HOUR,
      fileMs: 7 * DAY,
      sweepIntervalMs: 60_000,
      orphanGraceMs: HOUR,
      ...config.retention,
    },
    workerId: config.workerId ?? `${hostname()}:${String(process.pid)}:${randomBase62(6)}`,
    leaseMs: config.leaseMs ?? DEFAULT_LEASE_MS,
    cancelGraceMs: config.cancelGraceMs ?? 60_000,
    downloadUrlTtlMs: config.downloadUrlTtlMs ?? DAY,
    credentials: createCredentialCache({
      ttlMs: config.credentialCacheMs ?? DEFAULT_CREDENTIAL_CACHE_MS,
      now: Date.now,
      writesElsewhere: store.writesElsewhere?.bind(store),
    }),
    now,
    nowIso: () => now().toISOString(),
  };
}

/** Adds an interval to an ISO time. */
export function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** A billing period: its first instant and the next period's (ISO, UTC). */
interface Period {
  readonly start: string;
  readonly end: string;
}

/** The last period asked for, by month number: a createJob asks for the same one several times. */
let lastPeriod: { month: number; period: Period } | null = null;

/** The billing period (calendar month, UTC) containing `date`. */
export function periodOf(date: Date): Period {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const key = year * 12 + month;
  if (lastPeriod?.month === key) return lastPeriod.period;
  const start = new Date(Date.UTC(year, month, 1)).toISOString();
  const end = new Date(Date.UTC(year, month + 1, 1)).toISOString();
  lastPeriod = { month: key, period: Object.freeze({ start, end }) };
  return lastPeriod.period;
}

/** Parses a JSON column written by this package. */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  return JSON.parse(text) as T;
}
