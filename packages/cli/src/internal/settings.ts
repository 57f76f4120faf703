import { resolve } from 'node:path';

/** Every setting of `transmute serve` / `transmute worker`, resolved: flag, then env, then default. */
export interface ServerSettings {
  host: string;
  port: number;
  dataDir: string;
  /** Public base URL for upload/artifact links; default `http://<host>:<port>`. */
  baseUrl: string | undefined;
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `<dataDir>/transmute.db`. */
  databaseUrl: string | undefined;
  /** `s3://bucket/prefix?…` selects S3-compatible object storage; otherwise `<dataDir>/blobs`. */
  blobUrl: string | undefined;
  allowPrivateNetworks: boolean;
  worker: boolean;
  workerConcurrency: number;
  signingSecret: string | undefined;
  masterKey: string | undefined;
  /** Base of problem `type` URIs; unset: the installation's own `{baseUrl}/docs`. */
  docsBaseUrl: string | undefined;
  rateLimit: boolean;
  /** `redis://…`: request-rate buckets in Redis, shared by every API process. */
  redisUrl: string | undefined;
  jwtIssuer: string | undefined;
  jwtAudience: string | undefined;
  jwtJwksUrl: string | undefined;
  jwtJwksFile: string | undefined;
  jwtAccountClaim: string;
  enrichmentBaseUrl: string | undefined;
  enrichmentModel: string | undefined;
  enrichmentApiKey: string | undefined;
  /** JSON object of `connector.drive` provider origins replacing the real providers' (tests, proxies). */
  driveHosts: string | undefined;
  logLevel: string;
  logDestination: string;
  logFormat: string;
  /** Bearer token `/metrics` requires; open when unset. */
  metricsToken: string | undefined;
  /** On SIGTERM, how long `/readyz` answers 503 before the server stops accepting. */
  shutdownDrainMs: number;
  /** `transmute worker` serves `/healthz`, `/readyz` and `/metrics` on this port (none when unset). */
  workerOpsPort: number | undefined;
}

type Kind = 'string' | 'integer' | 'boolean';

/** One row of the configuration table (also the documentation's table). */
export interface SettingDefinition {
  key: keyof ServerSettings;
  env: string;
  /** Command-line flag (commander syntax); none for secrets and rarely changed settings. */
  flag?: string;
  kind: Kind;
  description: string;
  /** Default as documented ('' = none). */
  defaultText: string;
}

/** The configuration table: every setting, its `TRANSMUTE_*` variable and flag. */
export const SETTINGS: readonly SettingDefinition[] = [
  {
    key: 'host',
    env: 'TRANSMUTE_HOST',
    flag: '--host <host>',
    kind: 'string',
    description: 'Interface to listen on.',
    defaultText: '127.0.0.1',
  },
  {
    key: 'port',
    env: 'TRANSMUTE_PORT',
    flag: '--port <port>',
    kind: 'integer',
    description: 'TCP port (0 = any free port).',
    defaultText: '8080',
  },
  {
    key: 'dataDir',
    env: 'TRANSMUTE_DATA_DIR',
    flag: '--data-dir <dir>',
    kind: 'string',
    description:
      'SQLite database, blobs, the generated signing secret and master key (a new directory is made private, mode 0700).',
    defaultText: './.transmute-data',
  },
  {
    key: 'baseUrl',
    env: 'TRANSMUTE_BASE_URL',
    flag: '--base-url <url>',
    kind: 'string',
    description: 'Public URL of this server, used in upload and download links.',
    defaultText: 'http://<host>:<port>',
  },
  {
    key: 'databaseUrl',
    env: 'TRANSMUTE_DATABASE_URL',
    flag: '--database-url <url>',
    kind: 'string',
    description: 'A postgres:// URL selects PostgreSQL (many processes); otherwise SQLite in the data dir.',
    defaultText: '',
  },
  {
    key: 'blobUrl',
    env: 'TRANSMUTE_BLOB_URL',
    flag: '--blob-url <url>',
    kind: 'string',
    description:
      'An s3://bucket/prefix?endpoint=…&region=…&force_path_style=true URL selects S3-compatible object storage (credentials from the standard AWS chain); otherwise files in the data dir.',
    defaultText: '',
  },
  {
    key: 'allowPrivateNetworks',
    env: 'TRANSMUTE_ALLOW_PRIVATE_NETWORKS',
    flag: '--allow-private-networks',
    kind: 'boolean',
    description:
      'Let URL sources and webhooks reach private/loopback addresses and plain http (development only).',
    defaultText: 'false',
  },
  {
    key: 'worker',
    env: 'TRANSMUTE_WORKER',
    flag: '--no-worker',
    kind: 'boolean',
    description:
      '`serve` also runs job workers and the webhook dispatcher in-process (`--no-worker` / `false` to run API only).',
    defaultText: 'true',
  },
  {
    key: 'workerConcurrency',
    env: 'TRANSMUTE_WORKER_CONCURRENCY',
    flag: '--worker-concurrency <n>',
    kind: 'integer',
    description: 'Jobs one process works on at once.',
    defaultText: '2',
  },
  {
    key: 'signingSecret',
    env: 'TRANSMUTE_SIGNING_SECRET',
    kind: 'string',
    description:
      'HMAC secret for cursors and upload/download tokens; share it between processes. Generated once into `<data-dir>/signing-secret` when unset.',
    defaultText: 'generated',
  },
  {
    key: 'masterKey',
    env: 'TRANSMUTE_MASTER_KEY',
    kind: 'string',
    description:
      'Encrypts webhook secrets and stored idempotent answers at rest (AES-256-GCM); share it between processes. Generated once into `<data-dir>/master-key` when unset.',
    defaultText: 'generated',
  },
  {
    key: 'docsBaseUrl',
    env: 'TRANSMUTE_DOCS_BASE_URL',
    flag: '--docs-base-url <url>',
    kind: 'string',
    description:
      'Base of problem `type` URIs (`<base>/problems/<code>`); by default the docs this server serves.',
    defaultText: '<base-url>/docs',
  },
  {
    key: 'rateLimit',
    env: 'TRANSMUTE_RATE_LIMIT',
    kind: 'boolean',
    description: 'Per-account request rate limits (token bucket per plan).',
    defaultText: 'true',
  },
  {
    key: 'redisUrl',
    env: 'TRANSMUTE_REDIS_URL',
    kind: 'string',
    description:
      "A redis:// URL keeps the request-rate buckets in Redis, shared by every API process (set the same URL on all). Otherwise they live in PostgreSQL when the database is PostgreSQL, else in each process's memory. A store that fails lets requests through (warning log, `transmute_rate_limit_store_errors_total`).",
    defaultText: '',
  },
  {
    key: 'jwtIssuer',
    env: 'TRANSMUTE_JWT_ISSUER',
    kind: 'string',
    description: 'Accept OAuth access tokens (JWT) from this issuer (`iss`).',
    defaultText: '',
  },
  {
    key: 'jwtAudience',
    env: 'TRANSMUTE_JWT_AUDIENCE',
    kind: 'string',
    description: 'Required `aud` of access tokens (comma-separated for several).',
    defaultText: '',
  },
  {
    key: 'jwtJwksUrl',
    env: 'TRANSMUTE_JWT_JWKS_URL',
    kind: 'string',
    description: 'JWKS URL of the issuer.',
    defaultText: '',
  },
  {
    key: 'jwtJwksFile',
    env: 'TRANSMUTE_JWT_JWKS_FILE',
    kind: 'string',
    description: 'A local JWKS file instead of the URL.',
    defaultText: '',
  },
  {
    key: 'jwtAccountClaim',
    env: 'TRANSMUTE_JWT_ACCOUNT_CLAIM',
    kind: 'string',
    description: 'Claim holding the account id.',
    defaultText: 'sub',
  },
  {
    key: 'enrichmentBaseUrl',
    env: 'TRANSMUTE_ENRICHMENT_BASE_URL',
    kind: 'string',
    description: 'Optional OpenAI-compatible chat endpoint that enriches profiles.',
    defaultText: '',
  },
  {
    key: 'enrichmentModel',
    env: 'TRANSMUTE_ENRICHMENT_MODEL',
    kind: 'string',
    description: 'Model name for the enrichment endpoint.',
    defaultText: '',
  },
  {
    key: 'enrichmentApiKey',
    env: 'TRANSMUTE_ENRICHMENT_API_KEY',
    kind: 'string',
    description: 'API key for the enrichment endpoint.',
    defaultText: '',
  },
  {
    key: 'driveHosts',
    env: 'TRANSMUTE_DRIVE_HOSTS',
    kind: 'string',
    description:
      'JSON object of share-link provider origins replacing the real ones, e.g. `{"dropbox":["https://dropbox.internal"]}` (keys: googleDocs, googleDrive, googleDownload, dropbox, oneDrive, oneDriveApi, sharePoint, box).',
    defaultText: 'the real providers',
  },
  {
    key: 'logLevel',
    env: 'TRANSMUTE_LOG_LEVEL',
    flag: '--log-level <level>',
    kind: 'string',
    description:
      'Least severe log level written: trace, debug, info (one access line per request, job lifecycle), warn, error, fatal or silent.',
    defaultText: 'info',
  },
  {
    key: 'logDestination',
    env: 'TRANSMUTE_LOG_DESTINATION',
    kind: 'string',
    description: 'Where log lines go: stderr, stdout or a file path (appended).',
    defaultText: 'stderr',
  },
  {
    key: 'logFormat',
    env: 'TRANSMUTE_LOG_FORMAT',
    kind: 'string',
    description:
      'json (one JSON object per line), pretty (colored, for people) or auto (pretty on a terminal).',
    defaultText: 'auto',
  },
  {
    key: 'metricsToken',
    env: 'TRANSMUTE_METRICS_TOKEN',
    kind: 'string',
    description:
      'Bearer token that `/metrics` (Prometheus) requires; without it the endpoint is open (a warning at start when it listens on a non-loopback interface).',
    defaultText: '',
  },
  {
    key: 'shutdownDrainMs',
    env: 'TRANSMUTE_SHUTDOWN_DRAIN_MS',
    kind: 'integer',
    description:
      'On SIGTERM, `/readyz` answers 503 for this long (load balancers take the process out) before the server stops accepting and running jobs get their grace period.',
    defaultText: '0',
  },
  {
    key: 'workerOpsPort',
    env: 'TRANSMUTE_WORKER_OPS_PORT',
    flag: '--ops-port <port>',
    kind: 'integer',
    description:
      '`transmute worker` serves `/healthz`, `/readyz` and `/metrics` (only those) on this port at the host setting (0 = any free port).',
    defaultText: '',
  },
];

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

function parseValue(definition: SettingDefinition, raw: unknown): string | number | boolean {
  if (definition.kind === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    const text = String(raw).trim().toLowerCase();
    if (TRUE.has(text)) return true;
    if (FALSE.has(text)) return false;
    throw new Error(`${definition.env} must be true or false, not "${String(raw)}".`);
  }
  if (definition.kind === 'integer') {
    const text = String(raw).trim();
    if (!/^\d+$/.test(text))
      throw new Error(`${definition.env} / ${definition.flag ?? ''} must be a whole number, not "${text}".`);
    return Number(text);
  }
  return String(raw);
}

const DEFAULTS: Pick<
  ServerSettings,
  | 'host'
  | 'port'
  | 'dataDir'
  | 'allowPrivateNetworks'
  | 'worker'
  | 'workerConcurrency'
  | 'rateLimit'
  | 'jwtAccountClaim'
  | 'logLevel'
  | 'logDestination'
  | 'logFormat'
  | 'shutdownDrainMs'
> = {
  host: '127.0.0.1',
  port: 8080,
  dataDir: './.transmute-data',
  allowPrivateNetworks: false,
  worker: true,
  workerConcurrency: 2,
  rateLimit: true,
  jwtAccountClaim: 'sub',
  logLevel: 'info',
  logDestination: 'stderr',
  logFormat: 'auto',
  shutdownDrainMs: 0,
};

/**
 * Resolves every setting: a command-line flag wins, then the `TRANSMUTE_*` variable, then the
 * default. `flags` are commander's parsed option values (absent = not given; `worker: false`
 * means `--no-worker` was given).
 */
export function resolveSettings(
  flags: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
): ServerSettings {
  const settings: Record<string, unknown> = { ...DEFAULTS };
  for (const definition of SETTINGS) {
    const fromFlag = flags[definition.key];
    const flagGiven = definition.key === 'worker' ? fromFlag === false : fromFlag !== undefined;
    const fromEnv = env[definition.env];
    if (flagGiven) settings[definition.key] = parseValue(definition, fromFlag);
    else if (fromEnv !== undefined && fromEnv !== '')
      settings[definition.key] = parseValue(definition, fromEnv);
  }
  const resolved = settings as unknown as ServerSettings;
  resolved.dataDir = resolve(resolved.dataDir);
  return resolved;
}

/** The base URL links point at: the configured one, else `http://<host>:<port>`. */
export function publicBaseUrl(settings: ServerSettings, port: number): string {
  if (settings.baseUrl !== undefined) return settings.baseUrl.replace(/\/+$/, '');
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
