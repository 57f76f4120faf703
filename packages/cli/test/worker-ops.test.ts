import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../src/commands/worker.js';
import { resolveSettings } from '../src/internal/settings.js';

// A `transmute worker` has no API; with an ops port it answers the three operator routes only.

describe('transmute worker operator endpoints', () => {
  let dataDir: string;
  let stop: () => Promise<void>;
  let url = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'transmute-worker-ops-'));
    const lines: string[] = [];
    const settings = resolveSettings(
      { dataDir, workerOpsPort: '0' },
      {
        TRANSMUTE_LOG_LEVEL: 'info',
        TRANSMUTE_LOG_FORMAT: 'json',
        TRANSMUTE_LOG_DESTINATION: join(dataDir, 'worker.log'),
        TRANSMUTE_METRICS_TOKEN: 'worker-scrape',
      },
    );
    stop = await startWorker(settings, (line) => lines.push(line));
    url = /on (http:\/\/\S+)$/.exec(lines.find((line) => line.startsWith('Operator')) ?? '')?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  }, 120_000);

  afterAll(async () => {
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers /healthz, /readyz with claiming workers, and /metrics behind its token', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    const body = (await ready.json()) as { checks: { workers: { ok: boolean; detail: string } } };
    expect(ready.status).toBe(200);
    expect(body.checks.workers).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^claiming/) as unknown,
    });
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer worker-scrape' } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('transmute_leases_lost_total 0');
  });

  it('answers nothing of the API: a 404 problem with its request id, as the API server would', async () => {
    const response = await fetch(`${url}/v1/capabilities`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const requestId = response.headers.get('request-id');
    expect(requestId).toMatch(/^req_/);
    expect(await response.json()).toMatchObject({ code: 'route_not_found', request_id: requestId });
  });

  it('writes one access line per operator request', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const lines = async (): Promise<{ message: string; operation?: string; status?: number }[]> =>
      (await readFile(join(dataDir, 'worker.log'), 'utf8'))
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { message: string; operation?: string; status?: number });
    for (let i = 0; i < 100 && !(await lines()).some((line) => line.message === 'request'); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const access = (await lines()).filter((line) => line.message === 'request');
    expect(access.map((line) => line.operation)).toEqual(
      expect.arrayContaining(['healthz', 'readyz', 'metrics']),
    );
    expect(access.find((line) => line.operation === 'metrics' && line.status === 401)).toBeDefined();
  });
});
