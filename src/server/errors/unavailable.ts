import pg from 'pg';
import { errorCode } from './error-code.js';

/**
 * A dependency (PostgreSQL, Redis) is out of reach: the app answers 503, which the caller may retry.
 * Thrown where a failure is known for what it is: by the Redis rate-limit store and event bus, and by
 * the PostgreSQL pool (db/index.ts) for every failure that is not an SQL error. The original is the
 * `cause`; its system code (ECONNREFUSED, say) is kept as `code` for logs that show only the kind of
 * error (jobs, work after the answer).
 */
export class UnavailableError extends Error {
  override name = 'UnavailableError';
  readonly code: string | undefined;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = errorCode(options?.cause);
  }
}

/**
 * Node's system errors for a dependency out of reach, and SQLite's busy database. PostgreSQL's and
 * Redis's failures arrive as UnavailableError (db/index.ts, the rate-limit store, the event bus).
 * ECONNRESET is not one: PostgreSQL and Redis wrap theirs, and no other dependency is called while a
 * request waits (mail goes after the answer; OIDC failures are answered where they happen). One here is
 * the request's own client going away (plugins/errors.ts isClientGone).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_BUSY',
]);

/**
 * The SQLSTATEs of PostgreSQL unable to serve us now: connection exceptions (class 08), the server
 * shutting down, crashing or starting (57P01-57P03), no connection slot left (53300). Any other is an
 * SQL error: a bug, or a conflict the code answers itself (a unique violation, say).
 */
function isPostgresUnavailable(error: pg.DatabaseError): boolean {
  const code = error.code ?? '';
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** Database or Redis out of reach: a 503 the caller can retry, not a bug. Decided by type and code. */
export function isUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof UnavailableError) return true;
    if (current instanceof pg.DatabaseError) return isPostgresUnavailable(current);
    const code = errorCode(current);
    if (code !== undefined && UNAVAILABLE_CODES.has(code)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
