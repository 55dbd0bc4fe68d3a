import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { type Db, directReaderOf } from './index.js';

/** What a placeholder value starts with: no real value does (PostgreSQL refuses NUL in text). */
const PLACEHOLDER = '\u0000prepared:';

type Slot = { argument: string } | { value: unknown };

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  slots: Slot[];
}

export interface PreparedQuery<DB, Args, Row> {
  /** Every row, on `db` or on a transaction of it. */
  rows(db: Kysely<DB>, args: Args): Promise<Row[]>;
  /** The first row, or undefined. */
  first(db: Kysely<DB>, args: Args): Promise<Row | undefined>;
}

/**
 * A query Kysely builds and compiles once, then runs with new values: building the operation tree,
 * running the plugins over it and printing the SQL cost more than an indexed lookup itself on the hot
 * paths (docs/decisions/0106-hot-paths.md). Made once per module, run on any database of the app or a
 * transaction of one; compiled on the first run on each kind of database (its SQL differs).
 *
 * `build` is called then with placeholders in place of the arguments; each argument must be used as a
 * plain value (`where(column, '=', args.x)`, `values({ column: args.x })`), never looked at, combined
 * into another value or spread into a list. A placeholder that does not reach the SQL as one whole
 * parameter is refused on that first run.
 */
export function prepareQuery<DB, Args extends Record<string, unknown>, Row>(
  build: (db: Kysely<DB>, args: Args) => Compilable<Row>,
): PreparedQuery<DB, Args, Row> {
  // By the database's adapter (SQLite, PostgreSQL): tests run both in one process.
  const compiledFor = new Map<unknown, Compiled<Row>>();

  const compile = (db: Kysely<DB>): Compiled<Row> => {
    const placeholders = new Proxy({} as Args, {
      get: (_target, name) => `${PLACEHOLDER}${String(name)}`,
    });
    const query = build(db, placeholders).compile();
    const slots = query.parameters.map((value): Slot => {
      if (typeof value !== 'string' || !value.includes(PLACEHOLDER)) return { value };
      if (!value.startsWith(PLACEHOLDER))
        throw new Error(`A prepared query changed its argument: ${query.sql}`);
      return { argument: value.slice(PLACEHOLDER.length) };
    });
    return { query, slots };
  };

  const rows = async (db: Kysely<DB>, args: Args): Promise<Row[]> => {
    const adapter = db.getExecutor().adapter.constructor;
    let compiled = compiledFor.get(adapter);
    if (!compiled) {
      compiled = compile(db);
      compiledFor.set(adapter, compiled);
    }
    const { query, slots } = compiled;
    const parameters = slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.value));
    // SQLite, outside a transaction: at once on the connection (src/server/db/index.ts).
    const direct = directReaderOf(db as unknown as Db)?.(query.sql, parameters);
    if (direct) return direct as Row[];
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };

  return {
    rows,
    first: async (db, args) => (await rows(db, args))[0],
  };
}
