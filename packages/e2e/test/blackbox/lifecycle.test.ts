import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectProblem,
  expectResource,
  poll,
  textJob,
  waitJob,
  type Api,
  type Reply,
} from './support/http.js';
import { readAllPages } from './support/outputs.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { startService, type RunningService } from './support/service.js';

let service: RunningService;
let receiver: Receiver;
let dev: Api;
let free: Api;

const PAGE = `<!doctype html><html lang="en"><head><title>Lighthouses of the Baltic</title></head><body>
<nav><a href="/">Home</a> | <a href="/about">About</a></nav>
<main><article><h1>Lighthouses of the Baltic</h1>
<p>The Baltic coast has more than two hundred lighthouses. Many were built in the nineteenth century
from local brick and granite, and several still guide ships into harbour today.</p>
<h2>Keepers</h2><p>Lighthouse keepers lived with their families on remote islands. Their logbooks record
storms, shipwrecks and the arrival of the first electric lamps in the 1920s.</p>
<h2>Visiting</h2><p>Most lighthouses open to visitors in summer. The tallest, at Kõpu in Estonia, stands on a hill
and its light can be seen from fifty kilometres away.</p></article></main>
<footer>Copyright 2024 Coastal Heritage Society</footer></body></html>`;

const FAILURE_CODES = [
  'source_unreachable',
  'source_blocked',
  'source_too_large',
  'unsupported_content',
  'empty_content',
  'extraction_failed',
  'quality_below_threshold',
  'timeout',
  'limit_exceeded',
  'internal_error',
];

beforeAll(async () => {
  [service, receiver] = await Promise.all([
    startService({ plans: ['developer', 'free'], flags: ['--allow-private-networks'] }),
    startReceiver(),
  ]);
  dev = api(service.baseUrl, service.accounts[0]?.apiKey ?? '');
  free = api(service.baseUrl, service.accounts[1]?.apiKey ?? '');
  receiver.on('/article.html', {
    status: 200,
    body: PAGE,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
  receiver.on('/missing.html', { status: 404, body: 'not here', headers: { 'content-type': 'text/html' } });
  receiver.on('/empty.html', {
    status: 200,
    body: '<html><body>   </body></html>',
    headers: { 'content-type': 'text/html' },
  });
  receiver.on('/hang.html', 'hang');
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await service?.stop();
});

function urlJob(
  path: string,
  output: Record<string, unknown> = { profile: 'raw_source' },
): Record<string, unknown> {
  return { source: { type: 'url', url: `${receiver.url}${path}` }, output };
}

async function waitStatus(client: Api, jobId: string, statuses: string[]): Promise<Reply> {
  return poll(
    () => client.get(`/v1/jobs/${jobId}`),
    (r) => statuses.includes(r.body.status as string),
    60_000,
  );
}

function expectFailureCode(job: Reply, code?: string): void {
  const detail = job.body.progress.detail as string;
  const head = /^([a-z_]+)/.exec(detail)?.[1] ?? '';
  expect(FAILURE_CODES, detail).toContain(head);
  if (code !== undefined) expect(head, detail).toBe(code);
  expect(
    (job.body.warnings as string[]).some((w) => w.startsWith(`${head}:`)),
    JSON.stringify(job.body.warnings),
  ).toBe(true);
}

describe('url sources (spec Source url shape, CONTRACT §3, §8)', () => {
  it('a web page job succeeds with the article text and low-confidence estimate', async () => {
    const created = await dev.post('/v1/jobs', {
      source: {
        type: 'url',
        url: `${receiver.url}/article.html`,
        resolver_preferences: { allow_audio_transcription: false, preferred_language: 'en' },
      },
      output: { profile: 'raw_source', format: 'markdown' },
    });
    expectResource(created, 201, 'Job');
    expect(created.body.source_type).toBe('url');
    expect(created.body.usage_estimate.confidence).toBe('low');
    // percent is monotonic while the job runs.
    const percents: number[] = [];
    const done = await poll(
      () => dev.get(`/v1/jobs/${created.body.id as string}`),
      (r) => {
        percents.push(r.body.progress.percent as number);
        return ['succeeded', 'failed'].includes(r.body.status as string);
      },
      90_000,
    );
    expect(percents).toEqual([...percents].sort((x, y) => x - y));
    expectResource(done, 200, 'Job');
    expect(done.body.status, done.text).toBe('succeeded');
    const { text } = await readAllPages(dev, done.body.output_ids[0] as string);
    // The page title is metadata, not body: raw_source is the article as the page prints it.
    expect(text).toContain('The Baltic coast has more than two hundred lighthouses');
    expect(text).toContain('logbooks');
    expect(text).not.toContain('Coastal Heritage Society');
    // A further output renders from the stored document: the page is not fetched again.
    const fetches = receiver.received.filter((r) => r.path === '/article.html').length;
    const extra = await dev.post(`/v1/jobs/${created.body.id as string}/outputs`, {
      output: { profile: 'agent_context', format: 'markdown' },
    });
    expectResource(extra, 201, 'Output');
    const rendered = await poll(
      () => dev.get(`/v1/outputs/${extra.body.id as string}`),
      (r) => ['succeeded', 'failed'].includes(r.body.status as string),
    );
    expect(rendered.body.status).toBe('succeeded');
    expect(receiver.received.filter((r) => r.path === '/article.html').length).toBe(fetches);
  });

  it('an unreachable page fails with a failure code; failed-job rules', async () => {
    const created = await dev.post('/v1/jobs', urlJob('/missing.html'));
    expectResource(created, 201, 'Job');
    const done = await waitJob(dev, created.body.id as string);
    expectResource(done, 200, 'Job');
    expect(done.body.status).toBe('failed');
    expectFailureCode(done);
    const jobId = created.body.id as string;
    const output = await dev.get(`/v1/outputs/${done.body.output_ids[0] as string}`);
    expectResource(output, 200, 'Output');
    expect(output.body.status).toBe('failed');
    expectProblem(
      await dev.get(`/v1/outputs/${done.body.output_ids[0] as string}/content`),
      409,
      'output_not_ready',
    );
    expectProblem(
      await dev.post(`/v1/jobs/${jobId}/outputs`, { output: { profile: 'raw_source' } }),
      409,
      'job_not_renderable',
    );
    expectProblem(await dev.post(`/v1/jobs/${jobId}/cancel`), 409, 'job_not_cancelable');
    expect((await dev.del(`/v1/jobs/${jobId}`)).status).toBe(204);
  });

  it('a page without text fails with empty_content, never an empty output', async () => {
    const created = await dev.post('/v1/jobs', urlJob('/empty.html'));
    const done = await waitJob(dev, created.body.id as string);
    expect(done.body.status).toBe('failed');
    expectFailureCode(done, 'empty_content');
  });
});

describe('cancel semantics (CONTRACT §2, §8)', () => {
  it('processing → 202 canceling/canceled; repeat 200; job_not_terminal while running; outputs fail with job_canceled', async () => {
    const created = await dev.post('/v1/jobs', urlJob('/hang.html'));
    expectResource(created, 201, 'Job');
    const jobId = created.body.id as string;
    const running = await waitStatus(dev, jobId, ['processing']);
    expect(running.body.progress.stage).not.toBeNull();
    const outputId = running.body.output_ids[0] as string;
    expectProblem(await dev.del(`/v1/jobs/${jobId}`), 409, 'job_not_terminal');
    expectProblem(await dev.get(`/v1/outputs/${outputId}/content`), 409, 'output_not_ready');
    // createJobOutput is allowed while the job runs.
    const extra = await dev.post(`/v1/jobs/${jobId}/outputs`, { output: { profile: 'source_summary' } });
    expectResource(extra, 201, 'Output');

    const cancel = await dev.post(`/v1/jobs/${jobId}/cancel`);
    expectResource(cancel, 202, 'Job');
    expect(['canceling', 'canceled']).toContain(cancel.body.status);
    const again = await dev.post(`/v1/jobs/${jobId}/cancel`);
    expectResource(again, 200, 'Job');
    expect(['canceling', 'canceled']).toContain(again.body.status);
    const canceled = await waitStatus(dev, jobId, ['canceled', 'failed', 'succeeded']);
    expect(canceled.body.status).toBe('canceled');
    expect(canceled.body.progress.stage).toBeNull();
    for (const id of [outputId, extra.body.id as string]) {
      const output = await dev.get(`/v1/outputs/${id}`);
      expectResource(output, 200, 'Output');
      expect(output.body.status).toBe('failed');
      expect((output.body.warnings as string[]).some((w) => w.startsWith('job_canceled'))).toBe(true);
    }
    expectResource(await dev.post(`/v1/jobs/${jobId}/cancel`), 200, 'Job');
    expectProblem(
      await dev.post(`/v1/jobs/${jobId}/outputs`, { output: { profile: 'raw_source' } }),
      409,
      'job_not_renderable',
    );
    expect((await dev.del(`/v1/jobs/${jobId}`)).status).toBe(204);
  });

  it('queued → 202 canceled at once (free plan: concurrency 1 keeps the second job queued)', async () => {
    const usage = await free.get('/v1/usage');
    expect(usage.body.limits.concurrency).toBe(1);
    const blocker = await free.post('/v1/jobs', urlJob('/hang.html'));
    expectResource(blocker, 201, 'Job');
    await waitStatus(free, blocker.body.id as string, ['processing']);
    const waiting = await free.post('/v1/jobs', textJob('This job waits for the concurrency slot.'));
    expectResource(waiting, 201, 'Job');
    await new Promise((r) => setTimeout(r, 1000));
    const still = await free.get(`/v1/jobs/${waiting.body.id as string}`);
    expect(still.body.status).toBe('queued');
    expect(still.body.progress).toMatchObject({ stage: null });
    expectProblem(await free.del(`/v1/jobs/${waiting.body.id as string}`), 409, 'job_not_terminal');
    const cancel = await free.post(`/v1/jobs/${waiting.body.id as string}/cancel`);
    expectResource(cancel, 202, 'Job');
    expect(cancel.body.status).toBe('canceled');
    const again = await free.post(`/v1/jobs/${waiting.body.id as string}/cancel`);
    expectResource(again, 200, 'Job');
    expect(again.body.status).toBe('canceled');
    expectResource(await free.post(`/v1/jobs/${blocker.body.id as string}/cancel`), 202, 'Job');
    await waitStatus(free, blocker.body.id as string, ['canceled']);
  });
});
