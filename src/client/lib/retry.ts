import { isNotFound, ResponseContractError } from './api-error.js';
import { classifyError, ErrorClass } from './errors.js';
import { SECOND_MS } from './time.js';

/** Query retries (spec §9): none for these classes, otherwise up to MAX_QUERY_RETRIES. */
const classesNeverRetried: ReadonlySet<ErrorClass> = new Set([
  ErrorClass.authentication,
  ErrorClass.validation,
  ErrorClass.permission,
]);
export const MAX_QUERY_RETRIES = 2;
const FIRST_RETRY_DELAY_MS = SECOND_MS;
const MAX_RETRY_DELAY_MS = 30 * SECOND_MS;
export const MUTATION_RETRY_DELAY_MS = SECOND_MS;

/**
 * An answer that broke its contract came from a request that succeeded: asking again changes nothing, and a
 * write would be done twice. A SERVER failure for the toast, never retried on its own.
 */
const isAnsweredInAnotherShape = (error: unknown) => error instanceof ResponseContractError;

/** A failure while the app is offline (lib/connectivity.ts): the browser has no network or the API no answer. */
const isOfflineFailure = (error: unknown) => classifyError(error) === ErrorClass.offline;

/**
 * TanStack Query's `retry`: failureCount is the number of failures so far minus one (0 on the first). A read
 * that failed while the app is offline (lib/connectivity.ts) is always tried again: TanStack Query holds the
 * retry until the connection is back, so the read waits for it instead of failing (decision 0130).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isAnsweredInAnotherShape(error)) return false;
  if (isOfflineFailure(error)) return true;
  if (classesNeverRetried.has(classifyError(error))) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/**
 * A read's own number of retries and delay (the session's: one, after 1 s), except while the app is offline:
 * then the retry comes at once and TanStack Query holds it until the connection is back, however often.
 */
export function retryUnlessOffline(retries: number): (failureCount: number, error: unknown) => boolean {
  return (failureCount, error) => isOfflineFailure(error) || failureCount < retries;
}

export function retryDelayUnlessOffline(delayMs: number): (failureCount: number, error: unknown) => number {
  return (_failureCount, error) => (isOfflineFailure(error) ? 0 : delayMs);
}

/** For reads of one vehicle: a vehicle that is not there will not appear by asking again. */
export function retryUnlessNotFound(failureCount: number, error: unknown): boolean {
  return !isNotFound(error) && shouldRetryQuery(failureCount, error);
}

/**
 * Exponential back-off: 1 s, 2 s, 4 s ... capped at 30 s. Offline, none: the retry waits for the connection
 * at once, so a page shows it waits (fetchStatus 'paused') instead of loading for a second more.
 */
export function queryRetryDelay(failureCount: number, error?: unknown): number {
  if (error !== undefined && isOfflineFailure(error)) return 0;
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

/** Mutations retry once, and only after a network or server failure. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (isAnsweredInAnotherShape(error)) return false;
  const errorClass = classifyError(error);
  return failureCount < 1 && (errorClass === ErrorClass.network || errorClass === ErrorClass.server);
}
