import { mkdtemp, rm } from 'node:fs/promises';
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
      { TRANSMUTE_LOG_LEVEL: 'warn', TRANSMUTE_METRICS_TOKEN: 'worker-scrape' },
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

  it('answers nothing of the API', async () => {
    expect((await fetch(`${url}/v1/capabilities`)).status).toBe(404);
  });
});
