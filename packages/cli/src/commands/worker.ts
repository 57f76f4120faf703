import type { Command } from 'commander';
import { onShutdown } from '../internal/on-shutdown.js';
import { openMetricsWarning } from '../internal/open-metrics-warning.js';
import { serveOperatorRoutes } from '../internal/serve-operator-routes.js';
import { openRuntime } from '../internal/open-runtime.js';
import { addSettingOptions } from '../internal/setting-options.js';
import { publicBaseUrl, resolveSettings, type ServerSettings } from '../internal/settings.js';

/** Starts job workers and the webhook dispatcher only (no HTTP); returns the stop function. */
export async function startWorker(
  settings: ServerSettings,
  write: (line: string) => void,
): Promise<() => Promise<void>> {
  const runtime = await openRuntime(settings, {
    baseUrl: publicBaseUrl(settings, settings.port),
    worker: true,
  });
  for (const skipped of runtime.skippedPlugins) write(`Plugin not loaded: ${skipped}`);
  await runtime.service.start();
  const ops =
    settings.workerOpsPort === undefined
      ? null
      : await serveOperatorRoutes(runtime.service, {
          host: settings.host,
          port: settings.workerOpsPort,
          metricsToken: settings.metricsToken,
          logger: runtime.logger,
        });
  if (ops !== null) write(`Operator endpoints (/healthz, /readyz, /metrics) on ${ops.url}`);
  const metricsWarning = ops === null ? null : openMetricsWarning(settings);
  if (metricsWarning !== null) write(metricsWarning);
  // The service's timers are unref'd (they never hold a process open); a worker has no server
  // socket, so this keeps it running until it is told to stop.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  write(`Transmute worker started (concurrency ${settings.workerConcurrency}).`);
  return async () => {
    clearInterval(keepAlive);
    runtime.service.beginShutdown();
    await ops?.close();
    await runtime.close();
  };
}

/** `transmute worker`: processes jobs and webhook deliveries from the shared database. */
export function registerWorkerCommand(program: Command): void {
  const command = program
    .command('worker')
    .description('Run job workers and the webhook dispatcher only (scale out next to `serve --no-worker`)');
  addSettingOptions(command, [
    'dataDir',
    'baseUrl',
    'databaseUrl',
    'allowPrivateNetworks',
    'workerConcurrency',
    'host',
    'workerOpsPort',
    'logLevel',
  ]);
  command.action(async (flags: Record<string, unknown>) => {
    const write = (line: string): void => {
      process.stdout.write(`${line}\n`);
    };
    const stop = await startWorker(resolveSettings(flags), write);
    onShutdown(stop, write);
  });
}
