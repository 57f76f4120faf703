import type { Duplex } from 'node:stream';
import pg from 'pg';

/** How many distinct statements one connection keeps prepared; the rest run unnamed. */
const MAX_NAMED_PER_CONNECTION = 500;

/** PostgreSQL's answer when a prepared `select *` outlived a change of its table's columns. */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

type QueryArgs = [text: unknown, values?: unknown, callback?: unknown];

/** The rows' description of a named statement as pg's Result keeps it once read (its parsers too). */
interface RowShape {
  fields: unknown;
  parsers: unknown;
  prebuilt: unknown;
}

/** The parts of pg's Result and connection that {@link KnownShapeQuery} reaches into (pg 8). */
interface PgResult {
  fields: unknown;
  _parsers: unknown;
  _prebuiltEmptyResultObject: unknown;
}
interface PgConnection {
  bind: (config: object) => void;
  close: (config: object) => void;
  sync: () => void;
}
interface PgQueryInternals {
  _result: PgResult;
  _accumulateRows: boolean;
  portal: string;
  rows: unknown;
  binary: unknown;
  values: unknown;
  name: string;
  callback: ((error: Error | null, result?: unknown) => void) | undefined;
  hasBeenParsed: (connection: PgConnection) => boolean;
  handleError: (error: unknown, connection: PgConnection) => void;
  _getRows: (connection: PgConnection, rows: unknown) => void;
}

const PgQuery = pg.Query as unknown as new (text: string, values: unknown[]) => object;

/**
 * A run of a named statement: the first run on a connection asks for the rows' description (pg's
 * Describe) and keeps it; later runs bind and execute only and reuse it, so neither the server's
 * RowDescription nor pg's parsing of it and building of its row parsers is repeated for every
 * statement. Safe because a prepared statement's result type cannot change under its name:
 * PostgreSQL refuses to run it ("cached plan must not change result type") and the client drops
 * the name, so the statement is prepared and described afresh under a new one.
 */
class KnownShapeQuery extends PgQuery {
  constructor(
    name: string,
    text: string,
    values: unknown[],
    private readonly shape: RowShape | undefined,
  ) {
    // Text and values, not a config object, which pg would copy property by property.
    super(text, values);
    (this as unknown as PgQueryInternals).name = name;
  }

  prepare(connection: PgConnection): void {
    const self = this as unknown as PgQueryInternals;
    const { shape } = this;
    if (shape === undefined || !self.hasBeenParsed(connection)) {
      (PgQuery.prototype as unknown as { prepare: (c: PgConnection) => void }).prepare.call(this, connection);
      return;
    }
    // pg's `prepare` for a statement already parsed, without the Describe: the rows' description
    // is the one kept, set as `handleRowDescription` would have set it.
    const result = self._result;
    result.fields = shape.fields;
    result._parsers = shape.parsers;
    result._prebuiltEmptyResultObject = shape.prebuilt;
    self._accumulateRows = true;
    try {
      connection.bind({
        portal: self.portal,
        statement: self.name,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      connection.close({ type: 'S', name: self.name });
      connection.sync();
      self.handleError(error, connection);
      return;
    }
    self._getRows(connection, self.rows);
  }

  /** The rows' description this run read or reused, to keep for the statement's later runs. */
  rowShape(): RowShape {
    const result = (this as unknown as PgQueryInternals)._result;
    return {
      fields: result.fields,
      parsers: result._parsers,
      prebuilt: result._prebuiltEmptyResultObject,
    };
  }
}

/** pg's own mapping of a JS value to a parameter (`utils.prepareValue`), as its `prepare` binds them. */
const prepareValue = (pg as unknown as { utils?: { prepareValue?: unknown } }).utils?.prepareValue;

/**
 * A pg client that prepares each distinct parametrised statement once per connection and then
 * only binds and executes it (pg's named statements): the server skips parsing, analysing and,
 * once its plan cache settles, planning. Kysely sends the same few dozen statement texts for every
 * job, so this is most of the server's work per statement. Statements without parameters (BEGIN,
 * COMMIT, NOTIFY) stay simple queries.
 *
 * A statement prepared before another process changed its table's columns (a migration during a
 * rolling deploy) fails once with "cached plan must not change result type": its name is dropped
 * on this connection, so the next run prepares it afresh, and a run outside a transaction is
 * retried at once.
 */
export class NamedStatementClient extends pg.Client {
  /** Statement text → its name on this connection. */
  private readonly names = new Map<string, string>();
  /** Statement name → the rows' description its first run read (see {@link KnownShapeQuery}). */
  private readonly shapes = new Map<string, RowShape>();
  private prepared = 0;
  private corked = false;

  override query(...args: unknown[]): never {
    this.corkUntilNextTick();
    const [text, values, callback] = args as QueryArgs;
    const run = super.query.bind(this) as (...a: unknown[]) => never;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined)
      return run(...args);
    const name = this.nameOf(text);
    if (name === undefined) return run(...args);
    return this.runNamed(name, text, values).catch((error: unknown) => {
      if (!(error instanceof Error) || !error.message.includes(RESULT_TYPE_CHANGED)) throw error;
      this.forget(text);
      if (this.inTransaction()) throw error;
      const renamed = this.nameOf(text);
      return renamed === undefined ? run(text, values) : this.runNamed(renamed, text, values);
    }) as never;
  }

  /** Runs the statement prepared as `name`, with the rows' description kept from its first run. */
  private runNamed(name: string, text: string, values: unknown[]): Promise<unknown> {
    const query = new KnownShapeQuery(name, text, values, this.shapes.get(name));
    return new Promise((resolve, reject) => {
      (query as unknown as PgQueryInternals).callback = (error, result) => {
        if (error !== null) {
          // As pg's own promise does: the stack of the caller, not of the socket's read.
          Error.captureStackTrace(error);
          reject(error);
          return;
        }
        if (!this.shapes.has(name) && this.names.get(text) === name) this.shapes.set(name, query.rowShape());
        resolve(result);
      };
      (super.query as (query: object) => unknown)(query);
    });
  }

  /** Drops the statement's name (and the rows' description kept under it) on this connection. */
  private forget(text: string): void {
    const name = this.names.get(text);
    if (name !== undefined) this.shapes.delete(name);
    this.names.delete(text);
  }

  /**
   * In pipeline mode, the statements sent in one turn of the event loop (a transaction's BEGIN and
   * its first statement, the writes sent with a COMMIT) leave in one socket write instead of one
   * write each: the socket is corked until the turn's ticks are done.
   */
  private corkUntilNextTick(): void {
    if (this.corked || !this.pipeline) return;
    const { stream } = (this as unknown as { connection: { stream: Partial<Duplex> } }).connection;
    if (typeof stream.cork !== 'function' || typeof stream.uncork !== 'function') return;
    stream.cork();
    this.corked = true;
    process.nextTick(() => {
      this.corked = false;
      stream.uncork?.();
    });
  }

  private nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED_PER_CONNECTION) {
      // A fresh name each time: one dropped after a column change may still exist on the server.
      name = `transmute_${String(this.prepared++)}`;
      this.names.set(text, name);
    }
    return name;
  }

  /** Whether the connection sits in a transaction (the last ReadyForQuery said `T` or `E`). */
  private inTransaction(): boolean {
    const status = (this as unknown as { _txStatus?: unknown })._txStatus;
    return status !== 'I';
  }
}
