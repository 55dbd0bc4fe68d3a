import { hashKey, type QueryFunction } from '@tanstack/react-query';
import type { Contract } from '../../shared/contract.js';
import { type ApiErrorBody, apiErrorBodySchema } from '../../shared/errors.js';
import { ApiError, ResponseContractError } from './api-error.js';
import { connectivity, isNoAnswer } from './connectivity.js';
import { currentLocale } from './current-locale.js';
import { isEmailVerificationRequired, raiseEmailVerificationRequired } from './email-verification-event.js';
import { queryKeys } from './query-keys.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<T> {
  /** The shared response contract (src/shared) the answer is parsed with; the call answers its type. */
  response: Contract<T>;
  /** Reads answer an empty result (null) on 401 instead of failing (spec §7). */
  nullOn401?: boolean;
  /** Runs before a 401 is answered with null or thrown. */
  onUnauthorized?: () => void;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** Let the request finish after the page is gone (an action committed as the app closes, lib/undoable.ts). */
  keepalive?: boolean;
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

function errorBodyOf(payload: unknown): Partial<ApiErrorBody> | null {
  const body = apiErrorBodySchema.safeParse(payload);
  return body.success ? body.data : null;
}

function retryAfterSeconds(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * Calls the API with the session cookie and a JSON body (one of the shared request types). A 2xx answer is
 * parsed with `options.response` (unknown keys dropped); one that does not match throws ResponseContractError.
 * Any other answer throws ApiError. Whether an answer came at all feeds the app's connectivity.
 */
export function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body: object | undefined,
  options: RequestOptions<T> & { nullOn401: true },
): Promise<T | null>;
export function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body: object | undefined,
  options: RequestOptions<T> & { nullOn401?: false },
): Promise<T>;
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body: object | undefined,
  options: RequestOptions<T>,
): Promise<T | null> {
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        // The server answers its errors in the app's language, not the browser's (shared/i18n).
        'Accept-Language': currentLocale(),
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal ?? null,
      keepalive: options.keepalive ?? false,
    });
  } catch (error) {
    // No answer at all: the app is offline until one comes (lib/connectivity.ts), whatever the browser says.
    if (isNoAnswer(error)) connectivity.reportNoAnswer();
    throw error;
  }
  connectivity.reportAnswer();
  if (response.status === 401) {
    options.onUnauthorized?.();
    if (options.nullOn401) return null;
  }
  const payload = await readBody(response);
  if (response.ok) {
    const answer = options.response.safeParse(payload);
    if (!answer.success) throw new ResponseContractError(method, path, answer.error);
    return answer.data;
  }

  const error = new ApiError(
    response.status,
    response.statusText,
    errorBodyOf(payload),
    retryAfterSeconds(response),
  );
  if (isEmailVerificationRequired(error)) raiseEmailVerificationRequired(error.body?.email ?? '');
  throw error;
}

const userQueryHash = hashKey(queryKeys.user);

/**
 * The query function of a read: GET on the joined query key (['/api/auth/user'] reads GET /api/auth/user),
 * the answer parsed with `response`. A read answered 401 gives null (spec §7) and, as the session is gone,
 * has the session query read again, so the app notices the expiry (docs/decisions/0016-client-session-changes.md).
 */
export function readQuery<T>(response: Contract<T>): QueryFunction<T | null> {
  return ({ queryKey, signal, client }) =>
    apiRequest('GET', queryKey.join('/'), undefined, {
      response,
      nullOn401: true,
      signal,
      onUnauthorized:
        hashKey(queryKey) === userQueryHash
          ? undefined
          : // Several reads can meet the same expiry: they share one re-read of the session.
            () => void client.invalidateQueries({ queryKey: queryKeys.user }, { cancelRefetch: false }),
    });
}
