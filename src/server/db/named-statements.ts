import { createHash } from 'node:crypto';
import type pg from 'pg';
import { errorCode } from '../errors/error-code.js';

/** How many statements one connection keeps prepared at most; a text beyond them runs unnamed. */
export const NAMED_STATEMENTS_PER_CONNECTION = 200;
/** How many times the process must have run a text before a connection prepares it. */
export const RUNS_BEFORE_NAMED = 2;
/** How many texts the process counts runs of; a text first seen beyond them always runs unnamed. */
export const TEXTS_COUNTED = 2_000;

/** PostgreSQL's answer to a prepared statement whose table changed its columns under it (SQLSTATE 0A000). */
const CACHED_PLAN_CHANGED = 'cached plan must not change result type';

interface Connection {
  /** Names this connection has prepared (or is preparing). */
  names: Set<string>;
  /** Closed at its release rather than given back to the pool: a statement it prepared no longer fits. */
  retired: boolean;
}

export interface NamedStatements {
  /** Runs `sqlText` with `values` on `client`: named (parsed and planned once on it) when the rules allow. */
  query(client: pg.ClientBase, sqlText: string, values: unknown[]): Promise<pg.QueryResult>;
  /** Whether `client` must be closed at its release instead of being pooled again. */
  isRetired(client: pg.ClientBase): boolean;
}

/**
 * Server-side prepared statements on PostgreSQL, the one place that names them. node-postgres runs a query
 * given `{ name, text, values }` as a named statement: parsed and planned once per connection, then only
 * bound and executed (as pgbench's `-M prepared`); an unnamed query is parsed and planned on every run.
 *
 * Invariant: a statement is named after its SQL text (a hash of it: the same text, the same name on every
 * connection) and only when the process has run that text `runsBeforeNamed` times, so a one-off text (a
 * migration's, an IN list of a rare length) is never kept by PostgreSQL; one connection keeps at most
 * `perConnection` names, and the process counts the runs of at most `textsCounted` texts: beyond either,
 * a text runs unnamed, so neither PostgreSQL's memory nor ours grows with ad-hoc texts. A statement whose
 * table's columns changed under it (a migration by another instance while this one runs: PostgreSQL answers
 * "cached plan must not change result type") retires its connection, which the pool closes at its release
 * instead of keeping it; outside a transaction the statement is run again at once, unnamed, and answers
 * (nothing ran: the error comes before execution); inside one, the error is the transaction's, as any
 * other. Behind a pooler that moves a session between server connections (PgBouncer in transaction mode),
 * names must be kept by the pooler (PgBouncer 1.21: max_prepared_statements).
 */
export function namedStatements({
  perConnection = NAMED_STATEMENTS_PER_CONNECTION,
  runsBeforeNamed = RUNS_BEFORE_NAMED,
  textsCounted = TEXTS_COUNTED,
}: {
  perConnection?: number;
  runsBeforeNamed?: number;
  textsCounted?: number;
} = {}): NamedStatements {
  /** By SQL text: its runs so far, and its name once it has one. */
  const texts = new Map<string, { runs: number; name?: string }>();
  const connections = new WeakMap<pg.ClientBase, Connection>();

  /** The name to run `sqlText` under on `connection`, or undefined: unnamed. */
  function nameFor(sqlText: string, connection: Connection): string | undefined {
    let text = texts.get(sqlText);
    if (!text) {
      if (texts.size >= textsCounted) return undefined;
      text = { runs: 0 };
      texts.set(sqlText, text);
    }
    text.runs += 1;
    if (text.runs < runsBeforeNamed) return undefined;
    text.name ??= `q${createHash('sha256').update(sqlText).digest('base64url').slice(0, 22)}`;
    if (connection.names.has(text.name)) return text.name;
    if (connection.names.size >= perConnection) return undefined;
    connection.names.add(text.name);
    return text.name;
  }

  return {
    async query(client, sqlText, values) {
      let connection = connections.get(client);
      if (!connection) {
        connection = { names: new Set(), retired: false };
        connections.set(client, connection);
      }
      const name = connection.retired ? undefined : nameFor(sqlText, connection);
      if (name === undefined) return client.query({ text: sqlText, values });
      try {
        return await client.query({ name, text: sqlText, values });
      } catch (error) {
        if (errorCode(error) !== '0A000' || (error as Error).message !== CACHED_PLAN_CHANGED) throw error;
        connection.retired = true;
        // 'I': no transaction open on the connection (the run failed before executing anything).
        if (client.getTransactionStatus() !== 'I') throw error;
        return client.query({ text: sqlText, values });
      }
    },
    isRetired: (client) => connections.get(client)?.retired === true,
  };
}
