import { hashKey, type QueryFunction } from '@tanstack/react-query';
import { type ApiErrorBody, ErrorCode } from '../../shared/errors.js';
import { ApiError } from './api-error.js';
import { raiseEmailVerificationRequired } from './email-verification-event.js';
import { queryKeys } from './query-keys.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  /** Reads answer an empty result (null) on 401 instead of failing (spec §7). */
  nullOn401?: boolean;
  /** Runs before a 401 is answered with null or thrown. */
  onUnauthorized?: () => void;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function asErrorBody(value: unknown): Partial<ApiErrorBody> | null {
  return typeof value === 'object' && value !== null ? (value as Partial<ApiErrorBody>) : null;
}

function retryAfterSeconds(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** Calls the API with the session cookie and JSON bodies; throws ApiError on any non-2xx answer. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: hasBody
      ? { 'Content-Type': 'application/json', Accept: 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: options.signal ?? null,
  });
  if (response.status === 401) {
    options.onUnauthorized?.();
    if (options.nullOn401) return null as T;
  }
  const payload = await readBody(response);
  if (response.ok) return payload as T;

  const errorBody = asErrorBody(payload);
  if (response.status === 403 && errorBody?.code === ErrorCode.emailVerificationRequired) {
    raiseEmailVerificationRequired(errorBody.email ?? '');
  }
  throw new ApiError(response.status, response.statusText, errorBody, retryAfterSeconds(response));
}

const userQueryHash = hashKey(queryKeys.user);

/**
 * Read queries default to GET on the joined query key: ['/api/auth/user'] reads GET /api/auth/user. A read
 * answered 401 gives null (spec §7) and, as the session is gone, has the session query read again, so the
 * app notices the expiry (docs/decisions/0016-client-session-changes.md).
 */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal, client }) =>
  apiRequest('GET', queryKey.join('/'), undefined, {
    nullOn401: true,
    signal,
    onUnauthorized:
      hashKey(queryKey) === userQueryHash
        ? undefined
        : // Several reads can meet the same expiry: they share one re-read of the session.
          () => void client.invalidateQueries({ queryKey: queryKeys.user }, { cancelRefetch: false }),
  });
