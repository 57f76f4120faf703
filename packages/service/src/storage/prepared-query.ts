import type {
  Compilable,
  CompiledQuery,
  InsertQueryBuilder,
  InsertResult,
  Kysely,
  QueryResult,
} from 'kysely';
import type { Database } from './schema.js';
import { sendBeforeCommit, transactionConnection } from './pipelined-writes.js';

/** A stand-in argument: a string no caller can send (it holds a NUL). */
function slot(index: number): string {
  return `\u0000transmute-slot-${String(index)}\u0000`;
}

/** A compiled query and, per parameter, the argument it takes (null: a constant kept as compiled). */
interface Compiled<Row> {
  query: CompiledQuery<Row>;
  slots: (number | null)[];
}

/** Compiles `build` over stand-ins and notes which parameter is which argument. */
function compileWithSlots<Row>(count: number, build: (stand: string[]) => Compilable<Row>): Compiled<Row> {
  const stand = Array.from({ length: count }, (_, index) => slot(index));
  const query = build(stand).compile();
  const slots = query.parameters.map((value) => {
    const index = typeof value === 'string' ? stand.indexOf(value) : -1;
    return index === -1 ? null : index;
  });
  return { query, slots };
}

/** The compiled query with `args` in its slots. */
function bound<Row>(compiled: Compiled<Row>, args: readonly unknown[]): CompiledQuery<Row> {
  const { query, slots } = compiled;
  const parameters = query.parameters.map((value, index) => {
    const at = slots[index];
    return at === null || at === undefined ? value : args[at];
  });
  return { ...query, parameters };
}

function run<Row>(
  db: Kysely<Database>,
  compiled: Compiled<Row>,
  args: readonly unknown[],
): Promise<QueryResult<Row>> {
  const query = bound(compiled, args);
  // In a store transaction, on its connection directly (the store's Kysely has no plugins, so
  // the executor would pass the result through as it is).
  const connection = transactionConnection(db);
  if (connection === undefined || db.getExecutor().plugins.length > 0) {
    return db.executeQuery<Row>(query);
  }
  return connection.executeQuery<Row>(query);
}

/**
 * A statement built and compiled once per dialect, then run with fresh arguments: for the
 * statements of every request (authentication, getJob, createJob), where Kysely's building and
 * compiling costs more than SQLite running them. `build` receives stand-ins for its arguments and
 * must use each one only as a bound value (a `where` operand, an inserted or set value), never to
 * shape the statement; an argument may be any bindable value (a string, number or null). Answers
 * the whole result (rows and affected row counts).
 *
 * @example
 * const touchAccount = preparedStatement((db, id: string, at: string) =>
 *   db.updateTable('accounts').set({ updated_at: at }).where('id', '=', id),
 * );
 * const { numAffectedRows } = await touchAccount(db, 'acct_123', now);
 */
export function preparedStatement<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<QueryResult<Row>> {
  // One compiled statement per dialect adapter (transactions share their database's adapter): one shape.
  const cached = shapeCache();
  return (db, ...args) => {
    const entry = cached(db, '', () =>
      compileWithSlots(args.length, (stand) => build(db, ...(stand as Args))),
    );
    return run(db, entry as Compiled<Row>, args);
  };
}

/**
 * {@link preparedStatement} for reads: answers the rows.
 *
 * @example
 * const jobById = preparedQuery((db, id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id));
 * const rows = await jobById(db, 'job_123');
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const statement = preparedStatement(build);
  return async (db, ...args) => (await statement(db, ...args)).rows;
}

/** An insert into `T`, before its values: what {@link preparedInsert}'s `finish` may add to. */
export type InsertInto<T extends keyof Database> = InsertQueryBuilder<Database, T, InsertResult>;

/** The columns of `rows` (all the same, in the same order) and their values, row after row. */
function rowValues(what: string, rows: readonly object[]): { columns: string[]; args: unknown[] } {
  const columns = Object.keys(rows[0] ?? {});
  const args: unknown[] = [];
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length !== columns.length || keys.some((key, index) => key !== columns[index])) {
      throw new TypeError(`${what}: every row must have the same columns in the same order.`);
    }
    for (const column of columns) args.push(record[column]);
  }
  return { columns, args };
}

/** The values of `count` rows of `columns`, each a stand-in from `stand` (from `offset`). */
function standInRows(stand: string[], count: number, columns: string[], offset = 0) {
  return Array.from({ length: count }, (_, r) =>
    Object.fromEntries(columns.map((column, c) => [column, stand[offset + r * columns.length + c]])),
  );
}

/** Compiled statements by dialect adapter and shape, each compiled on first use. */
function shapeCache() {
  const compiled = new WeakMap<object, Map<string, Compiled<unknown>>>();
  return (db: Kysely<Database>, shape: string, compile: () => Compiled<unknown>): Compiled<unknown> => {
    const adapter = db.getExecutor().adapter;
    let shapes = compiled.get(adapter);
    if (shapes === undefined) {
      shapes = new Map();
      compiled.set(adapter, shapes);
    }
    let entry = shapes.get(shape);
    if (entry === undefined) {
      entry = compile();
      shapes.set(shape, entry);
    }
    return entry;
  };
}

/**
 * An insert of whole rows into one table, compiled once per dialect, column list and row count,
 * then run with the rows' values: `finish` may add a constant clause (`onConflict`, `returning`).
 * Every row must have the same columns, in the same order (a row literal in one place does).
 * Answers the number of rows inserted (or updated by an upsert).
 *
 * @example
 * const insertWarnings = preparedInsert('quota_warnings');
 * await insertWarnings(trx, [{ account_id, unit, period_start, created_at }]);
 */
export function preparedInsert<T extends keyof Database>(
  table: T,
  finish: (insert: Compilable<unknown> & InsertInto<T>) => Compilable<unknown> = (insert) => insert,
): (db: Kysely<Database>, rows: readonly Database[T][]) => Promise<bigint> {
  const compile = insertCompiler(table, finish);
  return async (db, rows) => {
    if (rows.length === 0) return 0n;
    const { entry, args } = compile(db, rows);
    const result = await run(db, entry, args);
    return result.numAffectedRows ?? 0n;
  };
}

/**
 * {@link preparedInsert} for rows whose insert nobody reads the answer of: in a store transaction
 * it is sent without waiting (`sendBeforeCommit`: on PostgreSQL it travels with the statements
 * after it, and its failure fails the commit); outside one it runs as any statement.
 *
 * @example
 * const insertEventRows = preparedInsertUnread('events');
 * await insertEventRows(trx, rows);
 */
export function preparedInsertUnread<T extends keyof Database>(
  table: T,
  finish: (insert: Compilable<unknown> & InsertInto<T>) => Compilable<unknown> = (insert) => insert,
): (db: Kysely<Database>, rows: readonly Database[T][]) => Promise<void> {
  const compile = insertCompiler(table, finish);
  return async (db, rows) => {
    if (rows.length === 0) return;
    const { entry, args } = compile(db, rows);
    await sendBeforeCommit(db, bound(entry, args));
  };
}

/** Compiles (once per dialect and shape) the insert of `rows` into `table`, with the rows' values. */
function insertCompiler<T extends keyof Database>(
  table: T,
  finish: (insert: Compilable<unknown> & InsertInto<T>) => Compilable<unknown>,
): (db: Kysely<Database>, rows: readonly Database[T][]) => { entry: Compiled<unknown>; args: unknown[] } {
  const cached = shapeCache();
  return (db, rows) => {
    const { columns, args } = rowValues(`preparedInsert(${table})`, rows);
    const entry = cached(db, `${String(rows.length)}:${columns.join(',')}`, () =>
      compileWithSlots(args.length, (stand) =>
        finish(db.insertInto(table).values(standInRows(stand, rows.length, columns) as never)),
      ),
    );
    return { entry, args };
  };
}

/**
 * {@link preparedInsert} into `table` whose statement also inserts rows into `first`, in a
 * data-modifying WITH (PostgreSQL only): one statement for two inserts a transaction makes
 * together. Nobody reads its answer: in a store transaction it is sent with the statements after
 * it, as {@link preparedInsertUnread}.
 *
 * @example
 * const insertBoth = preparedInsertAfter('usage_records', 'usage_totals', (insert) => insert);
 * await insertBoth(trx, records, totals);
 */
export function preparedInsertAfter<F extends keyof Database, T extends keyof Database>(
  first: F,
  table: T,
  finish: (insert: Compilable<unknown> & InsertInto<T>) => Compilable<unknown> = (insert) => insert,
): (db: Kysely<Database>, firstRows: readonly Database[F][], rows: readonly Database[T][]) => Promise<void> {
  const cached = shapeCache();
  return async (db, firstRows, rows) => {
    const before = rowValues(`preparedInsertAfter(${first})`, firstRows);
    const after = rowValues(`preparedInsertAfter(${table})`, rows);
    const shape = `${String(firstRows.length)}:${before.columns.join(',')};${String(rows.length)}:${after.columns.join(',')}`;
    const entry = cached(db, shape, () =>
      compileWithSlots(before.args.length + after.args.length, (stand) => {
        const firstValues = standInRows(stand, firstRows.length, before.columns);
        const values = standInRows(stand, rows.length, after.columns, before.args.length);
        const insert = db
          .with('first_rows', (qc) => qc.insertInto(first).values(firstValues as never))
          .insertInto(table)
          .values(values as never);
        return finish(insert as unknown as Compilable<unknown> & InsertInto<T>);
      }),
    );
    await sendBeforeCommit(db, bound(entry, [...before.args, ...after.args]));
  };
}
