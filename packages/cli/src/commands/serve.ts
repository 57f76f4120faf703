import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Command } from 'commander';
import { DEFAULT_OUTPUT_PROFILE } from '@transmute/contract';
import { createFetchHandler } from '@transmute/http';
import { createNodeServer } from '@transmute/http/node';
import type { RateLimitStore } from '@transmute/http';
import { CliError } from '../internal/exit-codes.js';
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
    output: { profile: DEFAULT_OUTPUT_PROFILE },
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

/** Listens, or fails with a sentence saying which port is taken and how to choose another. */
async function listen(server: Server, port: number, host: string): Promise<void> {
  server.listen(port, host);
  try {
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([error]) => Promise.reject(error as Error)),
    ]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new CliError(
      'generic',
      `Port ${String(port)} on ${host} is already in use (another transmute serve?): stop that server, or pass --port <port> (TRANSMUTE_PORT); nothing was created.`,
    );
  }
}

/**
 * Starts the API: opens SQLite (or PostgreSQL), the blob store, the engine with every plugin that
 * loads and the service; listens (a busy port fails here, before anything is created); creates a
 * development account on first start; starts workers unless `worker` is false; then prints `Transmute listening on http://HOST:PORT`.
 */
export async function startServer(
  settings: ServerSettings,
  write: LineWriter = stdoutWriter,
): Promise<RunningServer> {
  const port = settings.port === 0 ? await freePort(settings.host) : settings.port;
  const baseUrl = publicBaseUrl(settings, port);
  const runtime = await openRuntime(settings, { baseUrl, worker: settings.worker });
  let rateLimitStore: RateLimitStore | null = null;
  let server: Server | undefined;
  try {
    for (const skipped of runtime.skippedPlugins) write(`Plugin not loaded: ${skipped}`);
    const metricsWarning = openMetricsWarning(settings);
    if (metricsWarning !== null) write(metricsWarning);
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
    const listening = createNodeServer(handler);
    server = listening;
    // The port is taken before anything is created: on a busy port no account (and no key printed
    // for the other server) comes into being, so the next start still shows the one-time key.
    await listen(listening, port, settings.host);
    if ((await runtime.service.admin.listAccounts()).length === 0) {
      const { account, apiKey } = await runtime.service.admin.createAccount({ plan: 'developer' });
      write(`Created development account ${account.id} (plan developer).`);
      write(`API key (shown only once, keep it): ${apiKey}`);
      write('Try it:');
      write(curlExample(baseUrl, apiKey));
    }
    await runtime.service.start();
    const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
    write(`Transmute listening on ${url}${settings.worker ? '' : ' (no worker)'}`);
    return {
      url,
      async close() {
        // `/readyz` turns 503 first, so load balancers stop routing here before the socket closes.
        runtime.service.beginShutdown();
        if (settings.shutdownDrainMs > 0)
          await new Promise((resolve) => setTimeout(resolve, settings.shutdownDrainMs));
        const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
        listening.closeIdleConnections();
        await closed;
        await rateLimitStore?.close();
        await runtime.close();
      },
    };
  } catch (error) {
    if (server?.listening === true) await new Promise((resolve) => server?.close(resolve));
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
