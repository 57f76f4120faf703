import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A stand-in argument: a string no caller can send (it holds a NUL). */
function slot(index: number): string {
  return `\u0000transmute-slot-${String(index)}\u0000`;
}

/**
 * A query built and compiled once per dialect, then run with fresh arguments: for the reads on
 * every request (authentication, getJob), where Kysely's building and compiling costs more than
 * SQLite running them. `build` receives stand-ins for its arguments and must use each one only as
 * a bound value (a `where` operand, an inserted value), never to shape the query.
 *
 * @example
 * const jobById = preparedQuery((db, id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id));
 * const rows = await jobById(db, 'job_123');
 */
export function preparedQuery<Args extends string[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  // One compiled query per dialect adapter (transactions share their database's adapter).
  const compiled = new WeakMap<object, { query: CompiledQuery<Row>; slots: (number | null)[] }>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (entry === undefined) {
      const stand = args.map((_, index) => slot(index)) as Args;
      const query = build(db, ...stand).compile();
      const slots = query.parameters.map((value) => {
        const index = stand.indexOf(value as string);
        return index === -1 ? null : index;
      });
      entry = { query, slots };
      compiled.set(adapter, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, index) => {
      const at = slots[index];
      return at === null || at === undefined ? value : args[at];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
