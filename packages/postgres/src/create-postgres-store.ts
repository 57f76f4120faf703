import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createKyselyStore, type Database, type Store } from '@transmute/service';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

/** Options of {@link createPostgresStore}. */
export interface PostgresStoreOptions {
  /** `postgres://user@host:port/db` */
  connectionString: string;
  /** Schema holding the tables (created when missing; default `public`). */
  schema?: string;
  /** Pool size (default 10). */
  maxConnections?: number;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/** A channel as a quoted identifier in SQL text (the store's channels are lower-case names). */
function channelName(channel: string): string {
  if (!SCHEMA.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  return `"${channel}"`;
}

const toNumber = (value: string): number => Number(value);

/** int8 and numeric as JS numbers: every counter and size here fits in 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return toNumber;
    return pg.types.getTypeParser(oid, format === 'binary' ? 'binary' : 'text') as unknown;
  }) as typeof pg.types.getTypeParser,
};

async function ensureSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`create schema if not exists "${schema}"`);
  } finally {
    await client.end();
  }
}

/**
 * LISTEN/NOTIFY on one dedicated connection, so wake-ups reach every process. This store's own
 * listeners are woken in process when its commit returns (`wakeHere`), a round trip before the
 * server's copy: each NOTIFY carries the store's id as its payload, and that copy is skipped.
 */
function createNotifier(
  pool: pg.Pool,
  connectionString: string,
): {
  /** The payload of this store's NOTIFYs. */
  self: string;
  notify: (channel: string) => Promise<void>;
  wakeHere: (channel: string) => void;
  subscribe: (channel: string, listener: () => void) => () => void;
  close: () => Promise<void>;
} {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const self = randomUUID();
  const listening = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on('notification', (message) => {
        if (message.payload !== self) emitter.emit(message.channel);
      });
      c.on('error', () => undefined);
      await c.connect();
      client = c;
      return c;
    })();
    return connecting;
  };
  return {
    self,
    notify: async (channel) => {
      emitter.emit(channel);
      await pool.query('select pg_notify($1, $2)', [channel, self]);
    },
    wakeHere: (channel) => emitter.emit(channel),
    subscribe: (channel, listener) => {
      emitter.on(channel, listener);
      if (!listening.has(channel)) {
        listening.add(channel);
        void connect()
          .then((c) => c.query(`listen "${channel}"`))
          .catch(() => listening.delete(channel));
      }
      return () => emitter.off(channel, listener);
    },
    close: async () => {
      if (connecting !== null) await connecting.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * The PostgreSQL store: the same migrations and queries as SQLite (Kysely PostgresDialect on a
 * pg pool); job claims use `FOR UPDATE SKIP LOCKED`, wake-ups LISTEN/NOTIFY (sent inside the
 * transaction whose writes they announce), so any number of processes on any number of machines
 * share one database.
 *
 * @example
 * const store = await createPostgresStore({ connectionString: 'postgres://127.0.0.1:5432/transmute' });
 */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const schema = options.schema ?? 'public';
  if (!SCHEMA.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema !== 'public') await ensureSchema(options.connectionString, schema);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    types,
    options: `-c search_path=${schema}`,
  });
  const notifier = createNotifier(pool, options.connectionString);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return createKyselyStore({
    db,
    dialect: 'postgres',
    notify: notifier.notify,
    // A transaction's wake-ups travel inside it, in the COMMIT's round trip (one simple query):
    // PostgreSQL delivers them at commit, to every process listening (this one too), and drops
    // them on rollback.
    commitNotifying: (channels) =>
      [...channels.map((channel) => `notify ${channelName(channel)}, '${notifier.self}'`), 'commit'].join(
        '; ',
      ),
    wakeHere: notifier.wakeHere,
    subscribe: notifier.subscribe,
    onClose: notifier.close,
  });
}
