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
