/*
 * Profiling aid for issue 27: one process, one worker, N tiny jobs one at a time on PostgreSQL or
 * SQLite; prints each SQL statement of the last job with its offset from createJob and duration.
 *
 *   node --cpu-prof --conditions=development --import tsx bench/src/internal/queue-profile.ts postgres 200
 */
import pg from 'pg';
import { startTinyJobService } from './tiny-job-service.js';

const kind = process.argv[2] ?? 'postgres';
const count = Number(process.argv[3] ?? 100);
let t0 = 0;
let log: { at: number; ms: number; sql: string }[] = [];
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
  const first = args[0] as string | { text: string };
  const text = typeof first === 'string' ? first : first.text;
  const started = performance.now();
  const result = originalQuery.apply(this, args);
  if (result instanceof Promise)
    void result.then(
      () => log.push({ at: started - t0, ms: performance.now() - started, sql: text.slice(0, 110) }),
      () => undefined,
    );
  return result;
};
const { service, caller, close } = await startTinyJobService(kind === 'sqlite' ? 'sqlite' : 'postgres', 1);
const samples: number[] = [];
const timelines: { ms: number; created: number; log: typeof log }[] = [];
for (let i = 0; i < count; i += 1) {
  log = [];
  t0 = performance.now();
  const job = await service.createJob(caller, {
    source: { type: 'text', content: `# Note ${String(i)}\n\nA tiny job.\n\nIts second paragraph.\n` },
    output: { profile: 'raw_source' },
  });
  const created = performance.now() - t0;
  while ((await service.getJob(caller, job.id)).status !== 'succeeded')
    await new Promise((r) => setTimeout(r, 1));
  samples.push(performance.now() - t0);
  timelines.push({ ms: performance.now() - t0, created, log });
  await new Promise((r) => setTimeout(r, 5));
}
timelines.sort((a, b) => a.ms - b.ms);
const middle = timelines[Math.floor(timelines.length / 2)];
if (middle !== undefined) {
  {
    console.log(
      `median job: ${middle.ms.toFixed(1)} ms, createJob returned at ${middle.created.toFixed(1)} ms`,
    );
    for (const entry of middle.log.sort((a, b) => a.at - b.at))
      console.log(
        `${entry.at.toFixed(1).padStart(7)} +${entry.ms.toFixed(1).padStart(5)}  ${entry.sql.replace(/\s+/g, ' ')}`,
      );
  }
}
samples.sort((a, b) => a - b);
console.log(
  `${kind}: ${String(count)} jobs, p50 ${samples[Math.floor(count / 2)]?.toFixed(1)} ms, mean ${(samples.reduce((a, b) => a + b, 0) / count).toFixed(1)} ms`,
);
await close();
