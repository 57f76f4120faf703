import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createKyselyStore, type Database, type Store } from '@transmute/service';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { NamedStatementClient } from './named-statement-client.js';

/** Options of {@link createPostgresStore}. */
export interface PostgresStoreOptions {
  /** `postgres://user@host:port/db` */
  connectionString: string;
  /** Schema holding the tables (created when missing; default `public`). */
  schema?: string;
  /** Pool size (default 10). */
  maxConnections?: number;
  /**
   * Told when the server ends a connection this store holds idle (a restart, a failover, an
   * administrator's `pg_terminate_backend`). The store carries on: the pool opens a new connection
   * for the next query and the listening connection reconnects. Default: one line on stderr.
   */
  onConnectionLost?: (error: Error) => void;
  /**
   * The server ends a session that sits this long inside an open transaction (default 60 s), so a
   * process paused mid-transaction (a long GC pause, SIGSTOP, a stuck disk) cannot hold its rows
   * locked for good: `FOR UPDATE SKIP LOCKED` claims would pass its job over until it resumed. Every
   * transaction of the store is a few statements with no other I/O inside; 0 turns the bound off.
   */
  idleInTransactionTimeoutMs?: number;
  /**
   * Prepare each distinct statement once per connection and only bind and run it afterwards
   * (default true): the server skips parsing and mostly planning, about a third of its CPU per
   * job. Turn off behind a pooler that cannot keep named statements (PgBouncer in transaction
   * mode before 1.21, or without `max_prepared_statements`).
   */
  prepareStatements?: boolean;
}

const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** How long the listening connection waits before it tries to reconnect. */
const RELISTEN_DELAY_MS = 1000;

function warnConnectionLost(error: Error): void {
  const code = (error as { code?: unknown }).code;
  console.warn(
    `[transmute] postgres connection lost (${typeof code === 'string' ? code : error.message}); reconnecting`,
  );
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

/**
 * A statement whose own transaction writes a log record and so, at its commit, waits until the log
 * is on disk up to it, every earlier commit's record included. (A transaction that only takes an
 * id writes nothing before its commit record, and PostgreSQL does not wait for that one.)
 */
const FLUSH_LOG = "select pg_logical_emit_message(true, 'transmute', '')";

/**
 * Whether commits may let their locks go before the disk flush. A PostgreSQL commit releases its
 * row locks only after its log flush (3-4 ms on an ordinary disk), so every createJob and claim of
 * one account, and every job end updating its usage totals, queued behind the previous one's
 * fsync. Instead the commit runs with `synchronous_commit = off` (locks let go at once) and, in the
 * same round trip, {@link FLUSH_LOG} waits for the disk: a durable transaction still returns only
 * once it is on disk, but nobody waits for its flush while blocked on its locks. Needs EXECUTE on
 * `pg_logical_emit_message` (PUBLIC by default); without it, commits wait for the disk as usual.
 */
async function canFlushAfterCommit(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query(FLUSH_LOG);
    return true;
  } catch {
    return false;
  }
}

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
  onConnectionLost: (error: Error) => void,
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
  let closed = false;
  let relistenTimer: NodeJS.Timeout | null = null;
  let healthy = true;
  // One LISTEN at a time on the connection: pg deprecates a query sent while another runs.
  let listened: Promise<unknown> = Promise.resolve();
  const listen = (c: pg.Client, channel: string): Promise<unknown> => {
    const next = listened.then(() => c.query(`listen "${channel}"`));
    listened = next.catch(() => undefined);
    return next;
  };
  // A lost listening connection is opened again and every channel listened to again; its
  // listeners are then woken once, since a NOTIFY sent meanwhile reached nobody.
  const relisten = (): void => {
    relistenTimer = null;
    if (closed || listening.size === 0) return;
    const channels = [...listening];
    void connect()
      .then(async (c) => {
        for (const channel of channels) await listen(c, channel);
        healthy = true;
        for (const channel of channels) emitter.emit(channel);
      })
      .catch(lost);
  };
  const lost = (error: Error): void => {
    if (closed) return;
    // Told once per loss, not once per failed attempt while the server is away.
    if (healthy) onConnectionLost(error);
    healthy = false;
    const dead = client;
    client = null;
    connecting = null;
    dead?.end().catch(() => undefined);
    relistenTimer ??= setTimeout(relisten, RELISTEN_DELAY_MS);
    relistenTimer.unref();
  };
  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on('notification', (message) => {
        if (message.payload !== self) emitter.emit(message.channel);
      });
      c.on('error', (error) => {
        if (client === c) lost(error);
      });
      c.on('end', () => {
        if (client === c) lost(new Error('the listening connection ended'));
      });
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
          .then((c) => listen(c, channel))
          .catch(lost);
      }
      return () => emitter.off(channel, listener);
    },
    close: async () => {
      closed = true;
      if (relistenTimer !== null) clearTimeout(relistenTimer);
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
  const idleInTransactionTimeoutMs = Math.max(
    0,
    Math.floor(options.idleInTransactionTimeoutMs ?? IDLE_IN_TRANSACTION_TIMEOUT_MS),
  );
  const pool = new pg.Pool({
    ...(options.prepareStatements === false ? {} : { Client: NamedStatementClient }),
    connectionString: options.connectionString,
    // A statement is written while the ones before it are unanswered (answers are matched in
    // order): see the store's `pipelined`.
    pipeline: true,
    max: options.maxConnections ?? 10,
    types,
    options: `-c search_path=${schema} -c idle_in_transaction_session_timeout=${String(idleInTransactionTimeoutMs)}`,
  });
  const onConnectionLost = options.onConnectionLost ?? warnConnectionLost;
  // Without listeners, a connection the server ends (idle in the pool, or checked out between two
  // statements) is an uncaught error that ends the process. The pool drops it, a transaction on it
  // fails and rolls back, and the next query opens a new connection. Each loss is told once.
  pool.on('connect', (client) => {
    let told = false;
    client.on('error', (error) => {
      if (!told) onConnectionLost(error);
      told = true;
    });
  });
  pool.on('error', () => undefined);
  const flushAfter = await canFlushAfterCommit(pool);
  const notifier = createNotifier(pool, options.connectionString, onConnectionLost);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return createKyselyStore({
    db,
    dialect: 'postgres',
    pipelined: true,
    notify: notifier.notify,
    // A transaction's wake-ups travel inside it, in the COMMIT's round trip (one simple query):
    // PostgreSQL delivers them at commit, to every process listening (this one too), and drops
    // them on rollback. See flushAfterCommit for the rest of that round trip.
    commitNotifying: (channels, mode) =>
      [
        ...(flushAfter || mode === 'lazy' ? ['set local synchronous_commit = off'] : []),
        ...channels.map((channel) => `notify ${channelName(channel)}, '${notifier.self}'`),
        'commit',
        ...(flushAfter && mode === 'durable' ? [FLUSH_LOG] : []),
      ].join('; '),
    wakeHere: notifier.wakeHere,
    subscribe: notifier.subscribe,
    onClose: notifier.close,
  });
}
