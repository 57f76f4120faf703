import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { API_ERRORS, isApiErrorCode } from '@transmute/contract';
import type { PathParameterName } from '@transmute/contract/operations';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, type RawResponse } from '../../../http/test/raw-request.js';
import { createFixtures, type Fixtures } from './support/fixtures.js';
import { requestArbitrary, type FuzzRequest } from './support/fuzz-requests.js';
import { rawTemplate, type RawTemplate } from './support/raw-templates.js';

/**
 * Issue 13's bounded fuzz run, in CI: generated requests over the contract's operations and
 * request schemas (valid-shaped and mutated bodies, headers, query strings, ids) and generated
 * malformed HTTP on raw sockets, with a fixed seed, against a server on loopback in a process of
 * its own. Nothing may answer 5xx or leave a request unanswered; every error is problem+json whose
 * `request_id` is the `Request-Id` header; `retryable` is the catalogue's; the server logs no
 * internal error; and its memory, measured after a full collection, grows by less than 64 MB
 * between a warm-up and the end of the run.
 */

const SEED = 13;
/**
 * As many requests as the run itself: the server's memory first grows to what this load needs
 * (V8 commits its heap, SQLite and malloc settle; ~45 MB) and then stays flat, so growth measured
 * after the warm-up is what requests keep, not the working set reached once.
 */
const WARM_UP = { requests: 2_200, raw: 200 };
const RUN = { requests: 2_200, raw: 600 };
const MB = 2 ** 20;
const RSS_GROWTH_LIMIT = 64 * MB;
/** What the requests may keep on the JS heap after a full collection: a leak shows here first. */
const HEAP_GROWTH_LIMIT = 16 * MB;

/** Answers by status, to show the run reached every layer (printed with the memory figures). */
const statuses = new Map<number, number>();

interface Measure {
  rss: number;
  heapUsed: number;
  errors: unknown[];
}

let child: ChildProcess;
let url: string;
let apiKey: string;
let fixtures: Fixtures;

async function ask<T>(message: string): Promise<T> {
  const answer = once(child, 'message') as Promise<[T]>;
  child.send(message);
  return (await answer)[0];
}

/** Checks one answer: no 5xx, a Request-Id, and for an error a problem body that matches it. */
function checkAnswer(
  answer: { status: number; header(name: string): string | null; text: string },
  where: string,
): void {
  const context = `${where} → ${answer.status} ${answer.text.slice(0, 200)}`;
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  expect(answer.status, context).toBeGreaterThanOrEqual(100);
  expect(answer.status, context).toBeLessThan(500);
  expect(answer.header('request-id') ?? 'none', context).toMatch(/^req_[A-Za-z0-9]{24}$/);
  if (answer.status < 400) return;
  expect(answer.header('content-type'), context).toBe('application/problem+json');
  if (answer.text === '') return; // HEAD
  const problem = JSON.parse(answer.text) as {
    status: number;
    code: string;
    request_id: string;
    retryable: boolean;
  };
  expect(problem.request_id, context).toBe(answer.header('request-id'));
  expect(problem.status, context).toBe(answer.status);
  expect(isApiErrorCode(problem.code) && API_ERRORS[problem.code].retryable, context).toBe(problem.retryable);
}

async function sendRequest(request: FuzzRequest): Promise<void> {
  try {
    new Headers(request.headers);
  } catch {
    return; // a header fetch itself refuses to send: nothing to test on the server
  }
  const target = request.target.replace(/\{(\w+)\}/g, (_, name: PathParameterName) => fixtures[name]);
  const response = await fetch(`${url}${target}`, {
    method: request.method,
    headers: request.headers,
    redirect: 'manual',
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const text = await response.text();
  const where = `${request.operationId}: ${request.method} ${target.slice(0, 120)}`;
  checkAnswer({ status: response.status, header: (name) => response.headers.get(name), text }, where);
  // A fixture was deleted or canceled: later requests get a live one again.
  if (response.status === 204 || (request.operationId === 'cancelJob' && response.status === 202)) {
    fixtures = await createFixtures(url, apiKey);
  }
}

/** The body of a raw answer, as long as its Content-Length says (the socket may carry more). */
function rawText(response: RawResponse): string {
  const length = Number(response.headers['content-length'] ?? response.body.byteLength);
  return response.body.subarray(0, length).toString('utf8');
}

async function sendRaw(raw: RawTemplate): Promise<void> {
  const response = await rawExchange(url, raw.bytes, { halfClose: true });
  const where = `${raw.name}: ${JSON.stringify(raw.bytes.subarray(0, 100).toString('latin1'))}`;
  checkAnswer(
    { status: response.status, header: (name) => response.headers[name] ?? null, text: rawText(response) },
    where,
  );
}

async function run(counts: { requests: number; raw: number }, seed: number): Promise<void> {
  await fc.assert(fc.asyncProperty(requestArbitrary(apiKey), sendRequest), {
    seed,
    numRuns: counts.requests,
  });
  await fc.assert(fc.asyncProperty(rawTemplate, sendRaw), { seed, numRuns: counts.raw });
}

describe('a bounded fuzz run over the contract and raw HTTP', () => {
  beforeAll(async () => {
    child = fork(new URL('./support/fuzz-server.ts', import.meta.url).pathname, [], {
      execArgv: ['--conditions=development', '--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = once(child, 'exit').then(([code]) => {
      throw new Error(`the fuzz server exited with ${String(code)} before listening`);
    });
    const [ready] = (await Promise.race([once(child, 'message'), exited])) as [
      { url: string; apiKey: string },
    ];
    ({ url, apiKey } = ready);
    fixtures = await createFixtures(url, apiKey);
  }, 60_000);

  afterAll(async () => {
    if (child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.send('close');
    await exited;
  });

  it('answers every request 2xx-4xx, errors as problem+json, with bounded memory', async () => {
    await run(WARM_UP, SEED);
    const before = await ask<Measure>('measure');
    await run(RUN, SEED + 1);
    const after = await ask<Measure>('measure');
    expect(after.errors).toEqual([]);
    const mb = (bytes: number): string => (bytes / MB).toFixed(1);
    console.info(
      `fuzz: ${RUN.requests + RUN.raw} requests after ${WARM_UP.requests + WARM_UP.raw} to warm up; ` +
        `server RSS ${mb(before.rss)} → ${mb(after.rss)} MB, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB; ` +
        `answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(after.rss - before.rss).toBeLessThan(RSS_GROWTH_LIMIT);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(HEAP_GROWTH_LIMIT);
    // The generators reach past authentication into every kind of answer, successes included.
    for (const status of [200, 201, 400, 404, 405, 422]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
  }, 240_000);
});
