import type { Job } from '@transmute/contract';
import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './wait-for-job.js';

function job(status: Job['status'], percent: number): Job {
  return {
    id: 'job_0123456789ab',
    status,
    progress: { stage: null, percent, detail: null },
  } as unknown as Job;
}

/** Reports `polls` ([ms since start, job]) with a clock that reads their times; returns the values sent. */
async function report(polls: readonly (readonly [number, Job])[]): Promise<number[]> {
  const sent: number[] = [];
  let now = 0;
  const reporter = createProgressReporter(
    {
      progress: (progress) => {
        sent.push(progress);
        return Promise.resolve();
      },
    },
    () => now,
  );
  for (const [at, current] of polls) {
    now = at;
    await reporter(current);
  }
  return sent;
}

describe('createProgressReporter', () => {
  it('sends tidy values (one decimal), growing, while the percent stands still or moves', async () => {
    const polls = Array.from({ length: 40 }, (_, index) => [index * 500, job('processing', 8.007)] as const);
    const values = await report([
      ...polls,
      [20_000, job('processing', 33.333_333)],
      [20_500, job('succeeded', 100)],
    ]);
    expect(values[0]).toBe(8);
    expect(values.slice(-2)).toEqual([33.3, 100]);
    for (const value of values) expect(value).toBe(Number(value.toFixed(1)));
    expect(values).toEqual([...new Set(values)].sort((a, b) => a - b));
  });

  it('spaces the heartbeats of a job that does not move, so a long queue barely moves the bar', async () => {
    const polls = Array.from({ length: 1200 }, (_, index) => [index * 500, job('queued', 0)] as const);
    const values = await report(polls);
    // Ten minutes in the queue: a heartbeat at 1, 3, 7, 15 s, then every 15 s.
    expect(values.length).toBeGreaterThan(30);
    expect(values.at(-1)).toBeLessThan(5);
  });
});
