import { Counter, Histogram, type Registry } from 'prom-client';

type Labels = 'operation' | 'status';

/** One operation and status: how many requests, their total seconds, how many fell in each bucket. */
interface Cell {
  readonly labels: Record<Labels, string>;
  count: number;
  sum: number;
  /** Per bucket, not cumulative; a request slower than the last bound is counted in `count` only. */
  readonly buckets: number[];
}

/** What the two metrics read of the tally at scrape time. */
interface TallyReader {
  /** The histogram's bucket bounds (seconds), in the order of each cell's `buckets`. */
  readonly bounds: readonly number[];
  cells(): Iterable<Cell>;
  clear(): void;
}

const REQUESTS = { name: 'transmute_http_requests_total', help: 'HTTP requests by operation and status.' };
const DURATION = {
  name: 'transmute_http_request_duration_seconds',
  help: 'HTTP request latency until the response head, by operation and status.',
};

/** `transmute_http_requests_total`, read off the tally: its own entries stay empty. */
class TalliedCounter extends Counter<Labels> {
  // Not a `#` field: prom-client's constructor calls `reset()` before this one sets it.
  private readonly tally: TallyReader | undefined;

  constructor(registry: Registry, tally: TallyReader) {
    super({ ...REQUESTS, labelNames: ['operation', 'status'], registers: [registry] });
    this.tally = tally;
  }

  override async get() {
    const values = [...(this.tally?.cells() ?? [])].map((cell) => ({
      value: cell.count,
      labels: { ...cell.labels },
    }));
    return { ...(await super.get()), values };
  }

  override reset(): void {
    super.reset();
    this.tally?.clear();
  }
}

/** `transmute_http_request_duration_seconds`, read off the tally: its own entries stay empty. */
class TalliedHistogram extends Histogram<Labels> {
  // Not a `#` field: prom-client's constructor calls `reset()` before this one sets it.
  private readonly tally: TallyReader | undefined;

  constructor(registry: Registry, tally: TallyReader) {
    const buckets = [...tally.bounds];
    super({ ...DURATION, labelNames: ['operation', 'status'], buckets, registers: [registry] });
    this.tally = tally;
  }

  /**
   * What the registry's text format reads, in prom-client's histogram's own shape (each cell's
   * labels shared by its samples); prom-client's `get()` reads it too and merges the labels.
   */
  getForPromString() {
    // Shaped as prom-client's own samples, `exemplar` included (`getMetricsAsJSON` shows it).
    const samples = [];
    const bounds = this.tally?.bounds ?? [];
    for (const cell of this.tally?.cells() ?? []) {
      const sharedLabels = { ...cell.labels };
      const bucket = `${DURATION.name}_bucket`;
      let below = 0;
      bounds.forEach((bound, index) => {
        below += cell.buckets[index] ?? 0;
        samples.push({
          value: below,
          labels: { le: bound },
          metricName: bucket,
          exemplar: null,
          sharedLabels,
        });
      });
      samples.push(
        { value: cell.count, labels: { le: '+Inf' }, metricName: bucket, exemplar: null, sharedLabels },
        { value: cell.sum, labels: {}, metricName: `${DURATION.name}_sum`, sharedLabels },
        { value: cell.count, labels: {}, metricName: `${DURATION.name}_count`, sharedLabels },
      );
    }
    return Promise.resolve({ ...DURATION, type: 'histogram', aggregator: 'sum', values: samples });
  }

  override reset(): void {
    super.reset();
    this.tally?.clear();
  }
}

/**
 * The requests served, by operation and status, kept in plain cells and turned into
 * `transmute_http_requests_total` and `transmute_http_request_duration_seconds` only when the
 * registry is read. prom-client validates and hashes the labels of every `inc` and `observe`
 * (about 2 µs a request for the pair); here a request costs one map lookup. The cells are as many
 * as prom-client's own entries would be: operations come from the route table, statuses from our
 * answers.
 */
export class RequestTally {
  readonly #cells = new Map<string, Cell>();
  readonly #bounds: readonly number[];

  /** Registers both metrics on `registry`, with the histogram's bucket bounds (seconds). */
  constructor(registry: Registry, bounds: readonly number[]) {
    this.#bounds = bounds;
    const reader: TallyReader = {
      bounds,
      cells: () => this.#cells.values(),
      clear: () => this.#cells.clear(),
    };
    new TalliedCounter(registry, reader);
    new TalliedHistogram(registry, reader);
  }

  /** Counts one request and its seconds until the response head. */
  record(operation: string, status: number, seconds: number): void {
    const key = `${operation} ${String(status)}`;
    let cell = this.#cells.get(key);
    if (cell === undefined) {
      cell = {
        labels: { operation, status: String(status) },
        count: 0,
        sum: 0,
        buckets: this.#bounds.map(() => 0),
      };
      this.#cells.set(key, cell);
    }
    cell.count += 1;
    cell.sum += seconds;
    const bucket = this.#bounds.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) cell.buckets[bucket] = (cell.buckets[bucket] ?? 0) + 1;
  }
}
