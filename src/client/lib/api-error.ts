import type { ApiErrorBody } from '../../shared/errors.js';

const hasText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The error text of spec §8: the failed response's message, otherwise status plus status text. */
export function errorText(status: number, statusText: string, body: Partial<ApiErrorBody> | null): string {
  const message = body?.message;
  if (hasText(message)) return message;
  return `${status} ${statusText}`.trim();
}

/** A non-2xx answer of the API. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: Partial<ApiErrorBody> | null,
    /** Seconds from a 429's Retry-After header, when present. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(errorText(status, statusText, body));
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

/** The server's own message for a failure it answered, if it gave one (screens fall back to their own text). */
export function serverMessage(error: unknown): string | undefined {
  const message = error instanceof ApiError ? error.body?.message : undefined;
  return hasText(message) ? message : undefined;
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * A 2xx answer that does not match its shared response contract: a bug on our side, never handed to the
 * screens. Classified SERVER (lib/errors.ts), like any other fault of the server.
 */
export class ResponseContractError extends Error {
  override readonly name = 'ResponseContractError';

  constructor(
    readonly method: string,
    readonly path: string,
    cause: unknown,
  ) {
    super('The server answered in an unexpected shape', { cause });
  }
}
