import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Store } from '../storage/store.js';

/**
 * The Prometheus metrics of one service instance, on a registry of its own (a process may run
 * several services, and tests create many). The HTTP layer adds its request and rate-limit
 * metrics to this registry (`@transmute/http`) and serves `registry.metrics()` at `{base}/metrics`.
 */
export interface ServiceMetrics {
  readonly registry: Registry;
  /** Jobs a worker of this process ran to an end, by source type and outcome. */
  readonly jobDuration: Histogram<'source_type' | 'outcome'>;
  /** Time spent in each pipeline stage (acquire, extract, normalize, render, …). */
  readonly jobStageDuration: Histogram<'stage'>;
  readonly webhookDeliveries: Counter<'outcome'>;
  readonly webhookDeliveryDuration: Histogram<'outcome'>;
  /** Job or output failures with a failure code (a plugin's or the engine's), by code. */
  readonly pluginFailures: Counter<'code'>;
  /** Tasks a split job fanned out into (`orchestration.batch`), observed when a job plans them. */
  readonly jobTasks: Histogram;
  /** Task runs of this process's workers that ended, by outcome (succeeded, failed, cancel, lost, shutdown). */
  readonly tasks: Counter<'outcome'>;
  /** Leases this process's workers lost to another worker (stalls, partitions). */
  readonly leasesLost: Counter;
  /** Blob store operations that threw, by operation. */
  readonly blobStoreErrors: Counter<'operation'>;
}

/** Options of {@link createServiceMetrics}. */
export interface ServiceMetricsOptions {
  /** Queried at scrape time for jobs by state, queue depth and the oldest queued job. */
  store: Store;
  now?: () => Date;
  /** Node.js process metrics (event-loop lag, heap, GC); default true. */
  defaultMetrics?: boolean;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const TASK_COUNT_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/**
 * The queued jobs, read through `jobs_work` (work pending, created, status): a queued job always
 * has work pending (only the insert makes a job queued, with `work_pending = 1`; every write that
 * clears it moves the status on), and `jobs_expiry` holds only jobs with an expiry (0170).
 */
function queuedJobs(store: Store) {
  return store.db.selectFrom('jobs').where('work_pending', '=', 1).where('status', '=', 'queued');
}

function addQueueGauges(registry: Registry, store: Store, now: () => Date): void {
  new Gauge({
    name: 'transmute_jobs',
    help: 'Jobs in the store by state.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await store.db
        .selectFrom('jobs')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('status')
        .execute();
      this.reset();
      for (const row of rows) this.set({ state: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'transmute_tasks',
    help: 'Tasks of split jobs in the store by state (queued, running: leased, succeeded, failed).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await store.db
        .selectFrom('job_tasks')
        .select((eb) => [
          'status',
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.count<number | string>('locked_by').as('leased'),
        ])
        .groupBy('status')
        .execute();
      this.reset();
      for (const state of ['queued', 'running', 'succeeded', 'failed']) this.set({ state }, 0);
      for (const row of rows) {
        const leased = row.status === 'queued' ? Number(row.leased) : 0;
        this.set({ state: row.status }, Number(row.count) - leased);
        if (row.status === 'queued') this.set({ state: 'running' }, leased);
      }
    },
  });
  new Gauge({
    name: 'transmute_queue_depth',
    help: 'Jobs waiting for a worker (state queued).',
    registers: [registry],
    async collect() {
      const row = await queuedJobs(store)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirst();
      this.set(Number(row?.count ?? 0));
    },
  });
  new Gauge({
    name: 'transmute_queue_oldest_age_seconds',
    help: 'Age of the oldest queued job (0 when none waits).',
    registers: [registry],
    async collect() {
      const row = await queuedJobs(store)
        .select('created_at')
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      const oldest = row?.created_at;
      this.set(typeof oldest === 'string' ? Math.max(0, (now().getTime() - Date.parse(oldest)) / 1000) : 0);
    },
  });
}

/**
 * Creates the metrics of one service instance.
 *
 * @example
 * const metrics = createServiceMetrics({ store });
 * const text = await metrics.registry.metrics();
 */
export function createServiceMetrics(options: ServiceMetricsOptions): ServiceMetrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  addQueueGauges(registry, options.store, options.now ?? (() => new Date()));
  const registers = [registry];
  return {
    registry,
    jobDuration: new Histogram({
      name: 'transmute_job_duration_seconds',
      help: 'Worker time of a job run, by source type and outcome.',
      labelNames: ['source_type', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    }),
    jobStageDuration: new Histogram({
      name: 'transmute_job_stage_duration_seconds',
      help: 'Time spent in each pipeline stage.',
      labelNames: ['stage'],
      buckets: JOB_BUCKETS,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'transmute_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (succeeded or the failure code).',
      labelNames: ['outcome'],
      registers,
    }),
    webhookDeliveryDuration: new Histogram({
      name: 'transmute_webhook_delivery_duration_seconds',
      help: 'Webhook delivery attempt latency by outcome.',
      labelNames: ['outcome'],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    pluginFailures: new Counter({
      name: 'transmute_plugin_failures_total',
      help: 'Jobs and outputs that failed with a failure code, by code.',
      labelNames: ['code'],
      registers,
    }),
    jobTasks: new Histogram({
      name: 'transmute_job_tasks',
      help: 'Tasks a split job fanned out into (orchestration.batch), per job.',
      buckets: TASK_COUNT_BUCKETS,
      registers,
    }),
    tasks: new Counter({
      name: 'transmute_tasks_total',
      help: 'Task runs of this process that ended, by outcome.',
      labelNames: ['outcome'],
      registers,
    }),
    leasesLost: new Counter({
      name: 'transmute_leases_lost_total',
      help: 'Job leases this process lost to another worker.',
      registers,
    }),
    blobStoreErrors: new Counter({
      name: 'transmute_blob_store_errors_total',
      help: 'Blob store operations that failed, by operation.',
      labelNames: ['operation'],
      registers,
    }),
  };
}
