import type { Duplex } from 'node:stream';
import pg from 'pg';

/** How many distinct statements one connection keeps prepared; the rest run unnamed. */
const MAX_NAMED_PER_CONNECTION = 500;

/** PostgreSQL's answer when a prepared `select *` outlived a change of its table's columns. */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

type QueryArgs = [text: unknown, values?: unknown, callback?: unknown];

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
    const attempt = run({ name, text, values }) as unknown as Promise<unknown>;
    return attempt.catch((error: unknown) => {
      if (!(error instanceof Error) || !error.message.includes(RESULT_TYPE_CHANGED)) throw error;
      this.names.delete(text);
      if (this.inTransaction()) throw error;
      return run({ name: this.nameOf(text), text, values });
    }) as never;
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
