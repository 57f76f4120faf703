/*
 * Profiling aid for issue 27: one process, one worker, N tiny jobs one at a time on PostgreSQL or
 * SQLite. Every SQL statement (pg client queries; better-sqlite3 statement runs), the engine's
 * prepare and render and the blob writes are timed; each job's time from createJob to the job
 * seen `succeeded` is cut into stages (insert, wake-up, claim + lease, run, stored document,
 * render, artifact + output commit, seen), and the statements of each commit are counted by table.
 * Prints the median of each stage over the jobs, then the statements of the median job.
 *
 *   node --cpu-prof --conditions=development --import tsx bench/src/internal/queue-profile.ts postgres 200
 */
import { createRequire } from 'node:module';
import pg from 'pg';
import type { Engine } from '@transmute/engine';
import type { BlobStore } from '@transmute/service';
import { startTinyJobService } from './tiny-job-service.js';

const kind = process.argv[2] === 'sqlite' ? 'sqlite' : 'postgres';
const count = Number(process.argv[3] ?? 100);

interface Mark {
  at: number;
  end: number;
  what: string;
}
let marks: Mark[] = [];
const now = (): number => performance.now();
const record = (at: number, what: string): void => {
  if (!what.startsWith('select "status", "id" from "jobs"'))
    marks.push({ at, end: now(), what: what.replace(/\s+/g, ' ') });
};

// PostgreSQL: a statement's time is its round trip (sent → answer read).
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
  const first = args[0] as string | { text: string };
  const text = typeof first === 'string' ? first : first.text;
  const at = now();
  const result = originalQuery.apply(this, args);
  if (result instanceof Promise)
    void result.then(
      () => record(at, text),
      () => undefined,
    );
  return result;
};
// SQLite: a statement runs synchronously on this thread (better-sqlite3 as the service loads it).
type SqliteDatabase = new (path: string) => { prepare(sql: string): object };
const BetterSqlite3 = createRequire(import.meta.resolve('@transmute/service'))(
  'better-sqlite3',
) as SqliteDatabase;
const statement = Object.getPrototypeOf(new BetterSqlite3(':memory:').prepare('select 1')) as Record<
  string,
  (...args: unknown[]) => unknown
>;
for (const method of ['all', 'get', 'run']) {
  const original = statement[method];
  if (original === undefined) continue;
  statement[method] = function (this: { source: string }, ...args: unknown[]) {
    const at = now();
    try {
      return original.apply(this, args);
    } finally {
      record(at, this.source);
    }
  };
}

function timed<T extends object>(target: T, names: (keyof T)[], label: string): T {
  // A copy (both are plain objects; the engine is frozen): its methods timed, the rest as they are.
  const wrapped = { ...target } as Record<string, unknown>;
  for (const name of names) {
    const fn = target[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name as string] = async (...args: unknown[]) => {
      const at = now();
      try {
        return await fn.apply(target, args);
      } finally {
        record(at, `${label}.${String(name)}`);
      }
    };
  }
  return wrapped as T;
}

const { service, store, caller, close } = await startTinyJobService(kind, 1, {
  engine: (engine: Engine) => timed(engine, ['prepare', 'render'], 'engine'),
  blobs: (blobs: BlobStore) => timed(blobs, ['putBytes', 'putFile'], 'blob'),
});

/** Resolves once the job's row says `succeeded`, looked at on every `jobs` wake-up and every 20 ms. */
async function succeeded(jobId: string): Promise<void> {
  for (;;) {
    const seen = new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe('transmute_jobs', () => {
        unsubscribe();
        resolve();
      });
      setTimeout(() => {
        unsubscribe();
        resolve();
      }, 20);
    });
    const row = await store.db
      .selectFrom('jobs')
      .select(['status', 'id'])
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (row?.status === 'succeeded') return;
    await seen;
  }
}

const STAGES = [
  'insert (createJob)',
  'wake-up',
  'claim + lease',
  'lease start → engine',
  'run (engine.prepare)',
  'document stored, outputs read',
  'render (engine.render)',
  'artifact, output, end commit',
  'seen by the waiter',
] as const;

interface Cut {
  total: number;
  stages: number[];
  statements: number[];
  log: Mark[];
}

/** Cuts one job's marks into {@link STAGES} at the claim, the engine's calls and the commits. */
function cut(t0: number, created: number, seen: number, log: Mark[]): Cut {
  const sorted = [...log].sort((a, b) => a.at - b.at);
  const first = (test: (m: Mark) => boolean): Mark | undefined => sorted.find(test);
  const isCommit = (m: Mark): boolean => /(^|; )commit(;|$)/i.test(m.what);
  const claimAt = first((m) => m.at >= created && m.what.includes('"work_pending" ='))?.at ?? Number.NaN;
  const prepare = first((m) => m.what === 'engine.prepare');
  const render = first((m) => m.what === 'engine.render');
  const lastCommit = [...sorted].reverse().find(isCommit);
  const bounds = [
    t0,
    created,
    claimAt,
    first((m) => isCommit(m) && m.at > claimAt)?.end ?? Number.NaN,
    prepare?.at ?? Number.NaN,
    prepare?.end ?? Number.NaN,
    render?.at ?? Number.NaN,
    render?.end ?? Number.NaN,
    lastCommit?.end ?? Number.NaN,
    seen,
  ];
  const stages = STAGES.map((_, i) => (bounds[i + 1] ?? 0) - (bounds[i] ?? 0));
  const statements = STAGES.map(
    (_, i) =>
      sorted.filter(
        (m) => !/^(engine|blob)\./.test(m.what) && m.at >= (bounds[i] ?? 0) && m.at < (bounds[i + 1] ?? 0),
      ).length,
  );
  return {
    total: seen - t0,
    stages,
    statements,
    log: sorted.map((m) => ({ ...m, at: m.at - t0, end: m.end - t0 })),
  };
}

const cuts: Cut[] = [];
let cpu = process.cpuUsage();
for (let i = 0; i < count + 10; i += 1) {
  // CPU is counted over the measured jobs only (after a warm-up of 10): less swayed by a loaded
  // machine than wall time, which waits for the scheduler at every round trip.
  if (i === 10) cpu = process.cpuUsage();
  marks = [];
  const t0 = now();
  const job = await service.createJob(caller, {
    source: { type: 'text', content: `# Note ${String(i)}\n\nA tiny job.\n\nIts second paragraph.\n` },
    output: { profile: 'raw_source' },
  });
  const created = now();
  await succeeded(job.id);
  const seen = now();
  if (i >= 10) cuts.push(cut(t0, created, seen, marks));
  await new Promise((r) => setTimeout(r, 5));
}
const used = process.cpuUsage(cpu);
const median = (values: number[]): number => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
console.log(`${kind}: ${String(count)} tiny jobs one at a time, one worker; median per stage`);
console.log('stage'.padEnd(28), 'ms'.padStart(7), 'statements'.padStart(11));
STAGES.forEach((name, i) =>
  console.log(
    name.padEnd(28),
    median(cuts.map((c) => c.stages[i] ?? Number.NaN))
      .toFixed(2)
      .padStart(7),
    String(median(cuts.map((c) => c.statements[i] ?? 0))).padStart(11),
  ),
);
console.log(
  'createJob → seen succeeded'.padEnd(28),
  median(cuts.map((c) => c.total))
    .toFixed(2)
    .padStart(7),
  String(median(cuts.map((c) => c.statements.reduce((a, b) => a + b, 0)))).padStart(11),
);
console.log(
  `this process's CPU per job (user + system): ${((used.user + used.system) / 1000 / count).toFixed(2)} ms`,
);
const middle = [...cuts].sort((a, b) => a.total - b.total)[Math.floor(cuts.length / 2)];
if (middle !== undefined && process.env.PROFILE_STATEMENTS !== '0') {
  console.log(`\nthe median job (${middle.total.toFixed(1)} ms), every statement: start +duration`);
  for (const entry of middle.log)
    console.log(
      `${entry.at.toFixed(1).padStart(7)} +${(entry.end - entry.at).toFixed(2).padStart(6)}  ${entry.what.slice(0, 120)}`,
    );
}
await close();
