import { join } from 'node:path';
import { createEngine } from '@transmute/engine';
import {
  createAdmin,
  createFsBlobStore,
  createService,
  createSqliteStore,
  type Service,
  type BlobStore,
  type ServiceConfig,
  type Store,
} from '@transmute/service';
import { createMemoryRateLimitStore, type RateLimitStore } from '@transmute/http';
import { createLogger, type CliLogger } from './create-logger.js';
import { dataDirSecret, ensureDataDir } from './data-dir.js';
import { PLUGIN_PACKAGES, loadPlugins, type PluginOptions } from './load-plugins.js';
import { SERVED_SURFACES } from './surfaces.js';
import type { ServerSettings } from './settings.js';

/** Whether the database URL names PostgreSQL. */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

/**
 * The signing secret: the configured one, else the one generated into `<dataDir>/signing-secret`
 * on first use (every process sharing the data dir then signs alike).
 */
export async function resolveSigningSecret(settings: ServerSettings): Promise<string> {
  return settings.signingSecret ?? dataDirSecret(settings.dataDir, 'signing-secret');
}

/**
 * The master key encrypting secrets at rest: the configured one, else the one generated into
 * `<dataDir>/master-key` on first use, so webhook secrets are never stored in clear. Processes on
 * other machines (PostgreSQL) need it configured alike.
 */
export async function resolveMasterKey(settings: ServerSettings): Promise<string> {
  return settings.masterKey ?? dataDirSecret(settings.dataDir, 'master-key');
}

/** Opens the store: PostgreSQL for a postgres:// URL, else SQLite at `<dataDir>/transmute.db` (migrated). */
export async function openStore(settings: ServerSettings): Promise<Store> {
  if (isPostgresUrl(settings.databaseUrl)) {
    // Loaded only when asked for, so SQLite installs never load pg.
    const { createPostgresStore } = await import('@transmute/postgres');
    return createPostgresStore({ connectionString: settings.databaseUrl });
  }
  return createSqliteStore({ path: join(settings.dataDir, 'transmute.db') });
}

/**
 * Where the request-rate buckets live: Redis when `TRANSMUTE_REDIS_URL` is set, else the
 * PostgreSQL database when the store is one (both shared by every API process), else memory.
 */
export async function openRateLimitStore(settings: ServerSettings, store: Store): Promise<RateLimitStore> {
  if (settings.redisUrl !== undefined) {
    // Loaded only when asked for, as pg is: ioredis is not loaded by a process that does not use it.
    const { createRedisRateLimitStore } = await import('@transmute/redis');
    return createRedisRateLimitStore({ url: settings.redisUrl });
  }
  if (store.dialect === 'postgres') {
    const { createPostgresRateLimitStore } = await import('@transmute/postgres');
    return createPostgresRateLimitStore(store);
  }
  return createMemoryRateLimitStore();
}

/** The process logger of the settings (stderr JSON by default; stdout stays the command's own output). */
export function loggerOf(settings: ServerSettings): CliLogger {
  return createLogger({
    level: settings.logLevel,
    destination: settings.logDestination,
    format: settings.logFormat,
  });
}

/** The service configuration shared by serve, worker and the admin commands. */
export async function toServiceConfig(
  settings: ServerSettings,
  baseUrl: string,
  worker: boolean,
  logger: CliLogger = loggerOf(settings),
): Promise<ServiceConfig> {
  return {
    baseUrl,
    signingSecret: await resolveSigningSecret(settings),
    masterKey: await resolveMasterKey(settings),
    workerConcurrency: worker ? settings.workerConcurrency : 0,
    allowPrivateNetworks: settings.allowPrivateNetworks,
    webhooks: { enabled: worker },
    logger,
  };
}

/** The plugin options the settings hold (so far only `connector.drive`'s provider hosts). */
export function pluginOptionsOf(settings: ServerSettings): PluginOptions {
  if (settings.driveHosts === undefined) return {};
  let hosts: unknown;
  try {
    hosts = JSON.parse(settings.driveHosts);
  } catch {
    throw new Error(
      'TRANSMUTE_DRIVE_HOSTS must be a JSON object, e.g. {"dropbox":["https://dropbox.internal"]}.',
    );
  }
  return { '@transmute/plugin-drive': { hosts } };
}

/** A running service with what it was built from. */
export interface Runtime {
  service: Service;
  store: Store;
  /** The process logger (the service's, and the HTTP handler's access lines). */
  logger: CliLogger;
  /** Plugin packages that did not load (`package: reason`). */
  skippedPlugins: string[];
  close(): Promise<void>;
}

/** S3-compatible object storage when `TRANSMUTE_BLOB_URL` is set, else files in the data dir. */
async function openBlobStore(settings: ServerSettings): Promise<BlobStore> {
  if (settings.blobUrl === undefined) return createFsBlobStore({ root: join(settings.dataDir, 'blobs') });
  // Loaded only when asked for, as pg is: a process that stores files locally never loads the AWS SDK.
  const { createS3BlobStore, s3BlobUrlOptions } = await import('@transmute/s3');
  return createS3BlobStore({
    ...s3BlobUrlOptions(settings.blobUrl),
    cacheDir: join(settings.dataDir, 'blob-cache'),
  });
}

/** Builds store, blobs, engine (with every plugin that loads) and service; does not start it. */
export async function openRuntime(
  settings: ServerSettings,
  options: { baseUrl: string; worker: boolean },
): Promise<Runtime> {
  await ensureDataDir(settings.dataDir);
  const logger = loggerOf(settings);
  const config = await toServiceConfig(settings, options.baseUrl, options.worker, logger);
  const store = await openStore(settings);
  const blobs = await openBlobStore(settings);
  const { plugins, skipped } = await loadPlugins(PLUGIN_PACKAGES, pluginOptionsOf(settings));
  const engine = createEngine({
    plugins,
    allowPrivateNetworks: settings.allowPrivateNetworks,
    // A server keeps answering while a large text is parsed, chunked and rendered.
    cpuWorkers: {},
    surfaces: SERVED_SURFACES,
    ...(settings.enrichmentBaseUrl === undefined || settings.enrichmentModel === undefined
      ? {}
      : {
          enrichment: {
            baseUrl: settings.enrichmentBaseUrl,
            model: settings.enrichmentModel,
            ...(settings.enrichmentApiKey === undefined ? {} : { apiKey: settings.enrichmentApiKey }),
          },
        }),
  });
  const service = createService({ store, blobs, engine, config });
  return {
    service,
    store,
    logger,
    skippedPlugins: skipped,
    async close() {
      await service.close();
      await engine.close();
    },
  };
}

/** Opens the store with the operator API only (accounts and keys commands; no engine, no workers). */
export async function openAdmin(
  settings: ServerSettings,
): Promise<{ admin: ReturnType<typeof createAdmin>; close: () => Promise<void> }> {
  await ensureDataDir(settings.dataDir);
  const config = await toServiceConfig(settings, settings.baseUrl ?? 'http://127.0.0.1', false);
  const store = await openStore(settings);
  return { admin: createAdmin({ store, config }), close: () => store.close() };
}
