import { ApiError, ResponseContractError } from './api-error.js';
import { connectivity } from './connectivity.js';

/** The failure classes of spec §8. */
export const ErrorClass = {
  network: 'NETWORK',
  authentication: 'AUTHENTICATION',
  validation: 'VALIDATION',
  notFound: 'NOT_FOUND',
  permission: 'PERMISSION',
  server: 'SERVER',
  rateLimit: 'RATE_LIMIT',
  offline: 'OFFLINE',
  unknown: 'UNKNOWN',
} as const;
export type ErrorClass = (typeof ErrorClass)[keyof typeof ErrorClass];

/** Message keywords, checked in this order once the status said nothing (spec §8 table). */
const keywordRules: ReadonlyArray<readonly [readonly string[], ErrorClass]> = [
  [['network', 'fetch', 'connection'], ErrorClass.network],
  [['unauthorized', 'expired', 'invalid token'], ErrorClass.authentication],
  [['validation', 'invalid', 'required'], ErrorClass.validation],
  [['not found', 'does not exist'], ErrorClass.notFound],
  [['permission', 'forbidden', 'access denied'], ErrorClass.permission],
];

/**
 * Spec §8's "browser offline": the browser has no network, or the API's last call got no answer at all
 * (lib/connectivity.ts, docs/decisions/0130-offline-is-no-answer.md).
 */
export const isAppOnline = (): boolean => connectivity.isOnline();

function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return undefined;
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message;
  }
  return '';
}

function classByStatus(status: number): ErrorClass | undefined {
  if (status === 401 || status === 403) return ErrorClass.authentication;
  if (status === 404) return ErrorClass.notFound;
  if (status === 400 || status === 422) return ErrorClass.validation;
  if (status === 429) return ErrorClass.rateLimit;
  if (status >= 500) return ErrorClass.server;
  return undefined;
}

/**
 * Classifies a failure: offline first, then the status, then message keywords (spec §8). An answer that broke
 * its contract is a fault of the server, whatever its status said.
 */
export function classifyError(error: unknown, isOnline: boolean = isAppOnline()): ErrorClass {
  if (!isOnline) return ErrorClass.offline;
  if (error instanceof ResponseContractError) return ErrorClass.server;
  const status = statusOf(error);
  const byStatus = status === undefined ? undefined : classByStatus(status);
  if (byStatus) return byStatus;
  const message = messageOf(error).toLowerCase();
  for (const [keywords, errorClass] of keywordRules) {
    if (keywords.some((keyword) => message.includes(keyword))) return errorClass;
  }
  return ErrorClass.unknown;
}

/**
 * Whether a failure means the session is gone, so the user is signed in again: a 401, or a failure that says
 * "Session expired". A 403 is an AUTHENTICATION failure for the toast (spec §8 table) but never re-logs in:
 * the session is still there, and a new one would be refused the same way (email verification, foreign
 * origin, a blocked user). docs/decisions/0016-client-session-changes.md.
 */
export function needsRelogin(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 403 && error.code !== undefined) return false;
  if (statusOf(error) === 401) return true;
  return messageOf(error).toLowerCase().includes('session expired');
}

const retryableClasses: ReadonlySet<ErrorClass> = new Set([
  ErrorClass.network,
  ErrorClass.server,
  ErrorClass.rateLimit,
  ErrorClass.offline,
]);

export function isRetryable(errorClass: ErrorClass): boolean {
  return retryableClasses.has(errorClass);
}
