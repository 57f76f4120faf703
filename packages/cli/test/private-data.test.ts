import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '@transmute/service';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/commands/serve.js';
import { openMetricsWarning } from '../src/internal/open-metrics-warning.js';
import { resolveSettings } from '../src/internal/settings.js';

// What `transmute serve` leaves on disk with no secret configured: a private data directory, a
// private database, and a generated master key so webhook secrets are never stored in clear.

const roots: string[] = [];
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.close();
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

/** Starts serve on a data directory that does not exist yet, with no secret in the environment. */
async function serve(host: string, env: Record<string, string> = {}) {
  const root = await mkdtemp(join(tmpdir(), 'transmute-private-'));
  roots.push(root);
  const dataDir = join(root, 'data');
  const lines: string[] = [];
  const settings = resolveSettings(
    { port: '0', host, dataDir, worker: false, allowPrivateNetworks: true },
    { TRANSMUTE_LOG_LEVEL: 'silent', ...env },
  );
  const server = await startServer(settings, (line) => lines.push(line));
  servers.push(server);
  const apiKey =
    lines
      .find((line) => line.startsWith('API key'))
      ?.split(': ')
      .at(-1) ?? '';
  return { server, dataDir, lines, apiKey };
}

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

describe('transmute serve on a new data directory', () => {
  it('makes the directory 0700, the database and generated keys 0600, and encrypts webhook secrets', async () => {
    const { server, dataDir, lines, apiKey } = await serve('127.0.0.1');
    const response = await fetch(`${server.url}/v1/webhook-endpoints`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': 'private-endpoint',
      },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: ['job.succeeded'] }),
    });
    expect(response.status).toBe(201);
    const { secret } = (await response.json()) as { secret: string };

    expect(modeOf(dataDir)).toBe('700');
    const database = join(dataDir, 'transmute.db');
    expect(existsSync(`${database}-wal`)).toBe(true);
    for (const file of [database, `${database}-wal`, `${database}-shm`]) {
      if (existsSync(file)) expect([file, modeOf(file)]).toEqual([file, '600']);
    }
    for (const key of ['master-key', 'signing-secret'])
      expect([key, modeOf(join(dataDir, key))]).toEqual([key, '600']);

    const store = await createSqliteStore({ path: database });
    try {
      const stored = await store.db.selectFrom('webhook_endpoints').select('secret_ciphertext').execute();
      const answers = await store.db.selectFrom('idempotency_keys').select('response_body').execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.secret_ciphertext).toMatch(/^enc:v1:/);
      expect(JSON.stringify([stored, answers])).not.toContain(secret);
    } finally {
      await store.close();
    }
    expect(lines.join('\n')).not.toMatch(/metrics/);
  });

  it('warns at start when /metrics is open on an interface other machines reach', async () => {
    const { lines } = await serve('0.0.0.0');
    expect(lines).toContainEqual(expect.stringMatching(/^Warning: \/metrics is open .* 0\.0\.0\.0/));
  });

  it('does not warn when /metrics needs a token or listens on loopback only', () => {
    expect(openMetricsWarning({ host: '0.0.0.0', metricsToken: 'token' })).toBeNull();
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'])
      expect(openMetricsWarning({ host, metricsToken: undefined }), host).toBeNull();
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'transmute.internal'])
      expect(openMetricsWarning({ host, metricsToken: undefined }), host).not.toBeNull();
  });
});
