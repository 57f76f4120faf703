import { performance } from 'node:perf_hooks';
import type { ServiceMetrics } from '../kernel/service-metrics.js';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { createSafeFetch, type HostResolver } from '@transmute/engine/net';
import type { Store } from '../storage/store.js';
import { CHANNELS } from '../storage/channels.js';
import { claimDeliveries, type ClaimedDelivery } from './dispatcher/claim-deliveries.js';
import { beginAttempt, recordAttempt, releaseDeliveries } from './dispatcher/record-attempt.js';
import { sendDelivery } from './dispatcher/send-delivery.js';
import { settleInterruptedAttempts } from './dispatcher/settle-interrupted.js';
import { sweepDeliveries } from './dispatcher/sweep-deliveries.js';
import {
  DEFAULT_RETRY_DELAYS_SECONDS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  parseRetryDelays,
  parseTimeoutMs,
} from './schedule-retry.js';

/** Options of {@link createWebhookDispatcher}. */
export interface WebhookDispatcherOptions {
  store: Store;
  /** Clock (tests). */
  now?: () => Date;
  /** Seconds between attempts (attempts = delays + 1); default `TRANSMUTE_WEBHOOK_RETRY_DELAYS`, else Svix's schedule. */
  retryDelaysSeconds?: readonly number[];
  /** Per-attempt timeout; default `TRANSMUTE_WEBHOOK_TIMEOUT_MS`, else 15 000. */
  timeoutMs?: number;
  /** Allow loopback/private receivers (development, tests). */
  allowPrivateNetworks?: boolean;
  /** DNS resolver of the SSRF-safe fetch (tests). */
  resolver?: HostResolver;
  /** Decrypts endpoint secrets encrypted at rest. */
  masterKey?: string;
  /** Identifies this process's leases (default host:pid:random). */
  workerId?: string;
  /** How often an idle dispatcher looks for due deliveries (default 1000; notifications wake it sooner). */
  pollIntervalMs?: number;
  /** Lease of a claimed delivery (default timeout + 10 s); an expired lease makes it due again. */
  leaseMs?: number;
  /** Deliveries claimed per round (default 50). */
  batchSize?: number;
  /** Endpoints sent to in parallel; one endpoint's deliveries go in order (default 8). */
  concurrency?: number;
  /** Paused endpoints hold deliveries this long, then they dead-letter (default 7 days). */
  pausedHoldMs?: number;
  /** Minimum time between sweeps of ended/held deliveries (default 30 s; 0 = every round). */
  sweepIntervalMs?: number;
  /** Environment read for the defaults (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Random source for jitter (tests). */
  random?: () => number;
  logger?: { error(message: string, meta?: Record<string, unknown>): void };
  /** Where attempts are counted and timed (the service passes its own). */
  metrics?: Pick<ServiceMetrics, 'webhookDeliveries' | 'webhookDeliveryDuration'>;
}

/** A running (or runnable) dispatcher. */
export interface WebhookDispatcher {
  /** Starts polling and listening for wake-ups (idempotent). */
  start(): void;
  /** Stops and waits for the round in flight. */
  stop(): Promise<void>;
  /**
   * One round: sweep, record interrupted attempts, claim due deliveries, and for each record that
   * its attempt begins, send, record the outcome. Returns how many it claimed.
   */
  drainOnce(): Promise<number>;
  /** The schedule in force (seconds between attempts). */
  readonly retryDelaysSeconds: readonly number[];
  readonly timeoutMs: number;
}

function groupByEndpoint(deliveries: ClaimedDelivery[]): ClaimedDelivery[][] {
  const groups = new Map<string, ClaimedDelivery[]>();
  for (const delivery of deliveries) {
    const group = groups.get(delivery.endpointId);
    if (group === undefined) groups.set(delivery.endpointId, [delivery]);
    else group.push(delivery);
  }
  return [...groups.values()];
}

async function runPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * The webhook dispatcher: claims due deliveries with a lease (several processes share the work,
 * a crash loses nothing), records each attempt before sending it signed through the SSRF-safe
 * fetch (redirects never followed; an attempt its process died during shows as `interrupted`),
 * records the outcome and schedules retries (±20 % jitter, Retry-After honoured within
 * [delay, 2 × delay]) until `dead_letter`.
 *
 * @example
 * const dispatcher = createWebhookDispatcher({ store, masterKey, allowPrivateNetworks: false });
 * dispatcher.start();
 * // … on shutdown
 * await dispatcher.stop();
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const env = options.env ?? process.env;
  const retryDelaysSeconds =
    options.retryDelaysSeconds ??
    parseRetryDelays(env.TRANSMUTE_WEBHOOK_RETRY_DELAYS) ??
    DEFAULT_RETRY_DELAYS_SECONDS;
  const timeoutMs =
    options.timeoutMs ?? parseTimeoutMs(env.TRANSMUTE_WEBHOOK_TIMEOUT_MS) ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const workerId =
    options.workerId ?? `${hostname()}:${String(process.pid)}:${randomBytes(4).toString('hex')}`;
  const store = options.store;
  const random = options.random ?? Math.random;
  const fetcher = createSafeFetch({
    allowPrivateNetworks: options.allowPrivateNetworks === true,
    ...(options.resolver === undefined ? {} : { resolver: options.resolver }),
    maxRedirects: 0,
    maxBytes: 4096,
    onOversize: 'truncate',
    timeoutMs,
    reuseConnections: true,
  });
  const sweepIntervalMs = options.sweepIntervalMs ?? 30_000;
  let lastSweep = -Infinity;

  const leaseMs = options.leaseMs ?? timeoutMs + 10_000;
  const deliverGroup = async (group: ClaimedDelivery[]): Promise<void> => {
    for (const [index, delivery] of group.entries()) {
      try {
        // Committed before the request is sent (and renews the lease, late in a long batch); a
        // delivery whose lease was lost is another worker's now: skip it.
        if (!(await beginAttempt(delivery, { store, workerId, now: now(), leaseMs }))) continue;
        const sentAt = performance.now();
        const outcome = await sendDelivery(delivery, fetcher, now());
        const labels = { outcome: outcome.kind === 'succeeded' ? 'succeeded' : outcome.code };
        options.metrics?.webhookDeliveries.inc(labels);
        options.metrics?.webhookDeliveryDuration.observe(labels, (performance.now() - sentAt) / 1000);
        await recordAttempt(delivery, outcome, { store, workerId, now: now(), retryDelaysSeconds, random });
        if (outcome.kind === 'failed' && outcome.code === 'endpoint_gone') {
          // The endpoint is paused now: the rest of its batch waits for a resume.
          await releaseDeliveries(group.slice(index + 1), { store, workerId });
          return;
        }
      } catch (error) {
        // The lease runs out and the attempt is recorded interrupted; keep the other sends going.
        options.logger?.error('webhook delivery attempt failed', {
          deliveryId: delivery.id,
          error: String(error),
        });
      }
    }
  };

  const drainOnce = async (): Promise<number> => {
    if (Date.now() - lastSweep >= sweepIntervalMs) {
      lastSweep = Date.now();
      await sweepDeliveries({
        store,
        now: now(),
        pausedHoldMs: options.pausedHoldMs ?? 7 * 24 * 3600 * 1000,
      });
    }
    const batchSize = options.batchSize ?? 50;
    await settleInterruptedAttempts({ store, now: now(), retryDelaysSeconds, random, limit: batchSize });
    const claimed = await claimDeliveries({
      store,
      workerId,
      now: now(),
      leaseMs,
      limit: batchSize,
      masterKey: options.masterKey,
      logger: options.logger,
    });
    await runPool(groupByEndpoint(claimed), options.concurrency ?? 8, deliverGroup);
    return claimed.length;
  };

  const loop = createLoop(store, drainOnce, options);
  return {
    start: loop.start,
    async stop() {
      await loop.stop();
      await fetcher.close();
    },
    retryDelaysSeconds,
    timeoutMs,
    drainOnce,
  };
}

/** The start/stop loop around `drainOnce`: polls, wakes on notifications, never overlaps rounds. */
function createLoop(
  store: Store,
  drainOnce: () => Promise<number>,
  options: WebhookDispatcherOptions,
): Pick<WebhookDispatcher, 'start' | 'stop'> {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const round = async (): Promise<void> => {
    do {
      again = false;
      try {
        while (!stopped && (await drainOnce()) > 0);
      } catch (error) {
        options.logger?.error('webhook dispatch round failed', { error: String(error) });
      }
    } while (again && !stopped);
  };
  const kick = (): void => {
    if (stopped) return;
    if (running !== undefined) {
      again = true;
      return;
    }
    running = round().finally(() => {
      running = undefined;
    });
  };
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe = store.subscribe(CHANNELS.webhooks, kick);
      timer = setInterval(kick, options.pollIntervalMs ?? 1000);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}
