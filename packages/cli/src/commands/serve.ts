import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { createFetchHandler } from '@transmute/http';
import { createNodeServer } from '@transmute/http/node';
import type { RateLimitStore } from '@transmute/service';
import { toAuthOptions } from '../internal/jwt-settings.js';
import { onShutdown } from '../internal/on-shutdown.js';
import { openMetricsWarning } from '../internal/open-metrics-warning.js';
import { openRateLimitStore, openRuntime } from '../internal/open-runtime.js';
import { addSettingOptions } from '../internal/setting-options.js';
import { publicBaseUrl, resolveSettings, type ServerSettings } from '../internal/settings.js';

/** A started server. */
export interface RunningServer {
  /** `http://host:port` it listens on. */
  url: string;
  /** Stops accepting, finishes in-flight requests and work, closes the store. */
  close(): Promise<void>;
}

/** Where serve writes its lines (stdout by default). */
export type LineWriter = (line: string) => void;

const stdoutWriter: LineWriter = (line) => process.stdout.write(`${line}\n`);

function curlExample(url: string, apiKey: string): string {
  const body = JSON.stringify({
    source: { type: 'text', content: 'Hello, Transmute.' },
    output: { profile: 'source_summary' },
  });
  return [
    `curl -s ${url}/v1/jobs \\`,
    `  -H "Authorization: Bearer ${apiKey}" \\`,
    '  -H "Content-Type: application/json" \\',
    '  -H "Idempotency-Key: $(date +%s%N)" \\',
    `  -d '${body}'`,
  ].join('\n');
}

/** A free port for `--port 0` (the base URL must be known before the service is built). */
async function freePort(host: string): Promise<number> {
  const probe = createServer();
  probe.listen(0, host);
  await once(probe, 'listening');
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the API: opens SQLite (or PostgreSQL), the blob store, the engine with every plugin that
 * loads and the service; creates a development account on first start; starts workers unless
 * `worker` is false; then listens and prints `Transmute listening on http://HOST:PORT`.
 */
export async function startServer(
  settings: ServerSettings,
  write: LineWriter = stdoutWriter,
): Promise<RunningServer> {
  const port = settings.port === 0 ? await freePort(settings.host) : settings.port;
  const baseUrl = publicBaseUrl(settings, port);
  const runtime = await openRuntime(settings, { baseUrl, worker: settings.worker });
  let rateLimitStore: RateLimitStore | null = null;
  try {
    for (const skipped of runtime.skippedPlugins) write(`Plugin not loaded: ${skipped}`);
    const metricsWarning = openMetricsWarning(settings);
    if (metricsWarning !== null) write(metricsWarning);
    if ((await runtime.service.admin.listAccounts()).length === 0) {
      const { account, apiKey } = await runtime.service.admin.createAccount({ plan: 'developer' });
      write(`Created development account ${account.id} (plan developer).`);
      write(`API key (shown only once, keep it): ${apiKey}`);
      write('Try it:');
      write(curlExample(baseUrl, apiKey));
    }
    rateLimitStore = settings.rateLimit ? await openRateLimitStore(settings, runtime.store) : null;
    const handler = createFetchHandler({
      service: runtime.service,
      auth: toAuthOptions(settings),
      ...(settings.docsBaseUrl === undefined ? {} : { docsBaseUrl: settings.docsBaseUrl }),
      rateLimit: rateLimitStore === null ? false : { store: rateLimitStore },
      logger: runtime.logger,
      metrics: settings.metricsToken === undefined ? {} : { token: settings.metricsToken },
      console: true,
    });
    await runtime.service.start();
    const server = createNodeServer(handler);
    server.listen(port, settings.host);
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([error]) => Promise.reject(error as Error)),
    ]);
    const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
    write(`Transmute listening on ${url}${settings.worker ? '' : ' (no worker)'}`);
    return {
      url,
      async close() {
        // `/readyz` turns 503 first, so load balancers stop routing here before the socket closes.
        runtime.service.beginShutdown();
        if (settings.shutdownDrainMs > 0)
          await new Promise((resolve) => setTimeout(resolve, settings.shutdownDrainMs));
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await closed;
        await rateLimitStore?.close();
        await runtime.close();
      },
    };
  } catch (error) {
    await rateLimitStore?.close();
    await runtime.close();
    throw error;
  }
}

/** `transmute serve`: the HTTP API with in-process workers (unless `--no-worker`). */
export function registerServeCommand(program: Command): void {
  const command = program
    .command('serve')
    .description('Run the v1 HTTP API (SQLite + filesystem blobs + in-process workers by default)');
  addSettingOptions(command, [
    'host',
    'port',
    'dataDir',
    'baseUrl',
    'databaseUrl',
    'allowPrivateNetworks',
    'worker',
    'workerConcurrency',
    'docsBaseUrl',
    'logLevel',
  ]);
  command.action(async (flags: Record<string, unknown>) => {
    const server = await startServer(resolveSettings(flags));
    onShutdown(() => server.close(), stdoutWriter);
  });
}
