import type { Plan, UsageUnit } from '@transmute/contract';
import type { Engine } from './engine.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { PlanLimits } from './plans.js';
import type { Store } from '../storage/store.js';

/**
 * Where the service reports problems it cannot return to a caller (worker crashes, bugs), and at
 * `info` the bytes it removes on its own (uploads never completed, orphan blobs).
 */
export interface ServiceLogger {
  info(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
}

/** Retention and expiry durations, in milliseconds. */
export interface RetentionConfig {
  /** `ephemeral` jobs expire this long after they end (default 1 hour). */
  ephemeralMs: number;
  /** `temporary` jobs (default 7 days). */
  temporaryMs: number;
  /** Upload intents lapse after (default 1 hour). */
  uploadIntentMs: number;
  /** Ready/rejected files expire after (default 7 days; files used by jobs live as long as them). */
  fileMs: number;
  /** How often the sweeper runs (default 60 s). */
  sweepIntervalMs: number;
  /**
   * Blobs no row refers to, and temporary files of writes that never finished, are removed once
   * last written longer ago than this (default 1 hour). Must exceed the longest time between
   * storing a blob and committing the row that refers to it (milliseconds in this service).
   */
  orphanGraceMs: number;
}

/** Options of the service (CONTRACT §5–§11); everything but baseUrl and signingSecret has a default. */
export interface ServiceConfig {
  /** Public base URL for upload and artifact links (`{baseUrl}/uploads/<token>`). */
  baseUrl: string;
  /** HMAC secret for cursors, upload and artifact tokens (persist it: tokens die with it). */
  signingSecret: string;
  /**
   * Encrypts webhook secrets and remembered idempotent answers at rest (AES-256-GCM); without it
   * they are stored as they are. Values stored in clear before it was set are encrypted at `start()`.
   */
  masterKey?: string;
  /** Jobs this process works on at once (default 2; 0 = no worker in this process). */
  workerConcurrency?: number;
  /**
   * Uploads this process validates at once (default 2), apart from the job workers: a check
   * never waits for a conversion. Further completed uploads wait in order.
   */
  validationConcurrency?: number;
  /** A file whose checks take longer than this is `rejected` with `timeout` (default 3 min). */
  validationTimeoutMs?: number;
  /**
   * Job lease (default 10 s), renewed five times per lease: a stopped worker's jobs are taken over
   * this long after it stopped at most; a worker stalled this long loses them.
   */
  leaseMs?: number;
  /** How often idle workers look for work (default 1 s; notifications wake them sooner). */
  pollIntervalMs?: number;
  /** A canceling job still running after this is stopped by force (default 60 s). */
  cancelGraceMs?: number;
  /** On close(), how long running jobs may finish before their leases are released (default 10 s). */
  shutdownGraceMs?: number;
  /**
   * A verified API key is trusted this long without reading it again (default 1 s; 0 reads it on
   * every request). A revocation or account change made through this process applies at once, one
   * made by another process on PostgreSQL as soon as its notification arrives, on SQLite at the
   * next request; this is the bound when a notification is lost (a listening connection re-opened).
   */
  credentialCacheMs?: number;
  /** Signed artifact download URLs stay valid this long (default 24 h). */
  downloadUrlTtlMs?: number;
  retention?: Partial<RetentionConfig>;
  /** Plan limit overrides. */
  plans?: Partial<Record<Plan, Partial<PlanLimits>>>;
  /** Price overrides, micro-USD per unit. */
  prices?: Partial<Record<UsageUnit, number>>;
  /** Allow URL sources and webhook targets on private networks and plain http (development). */
  allowPrivateNetworks?: boolean;
  /** Injectable clock for tests. */
  now?: () => Date;
  /**
   * Where the service logs (job runs at `info`, problems at `warn` and `error`). Default: warnings
   * and errors to stderr, nothing below them, so an embedding program's console stays its own.
   */
  logger?: ServiceLogger;
  /** Identifies this process's leases (default host:pid:random). */
  workerId?: string;
  /**
   * `orchestration.batch`: a `files` job is extracted as tasks (a file each; a long PDF in ranges
   * of `pagesPerTask` pages, default 25) that any worker of any process claims, at most
   * `maximumParallelTasks` of one job at once (default 16). On by default; `enabled: false` runs a
   * job's tasks in its own run only.
   */
  batch?: { enabled?: boolean; pagesPerTask?: number; maximumParallelTasks?: number };
  /** Options of the webhook dispatcher (`enabled: false` keeps it from starting here). */
  webhooks?: { enabled?: boolean } & Record<string, unknown>;
}

/** Everything {@link createService} needs. */
export interface ServiceOptions {
  store: Store;
  blobs: BlobStore;
  engine: Engine;
  config: ServiceConfig;
}
