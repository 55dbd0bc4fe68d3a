import { type ApiErrorBody, ErrorCode } from '../../shared/errors.js';

export interface HttpErrorOptions {
  code?: ErrorCode;
  /** More fields of the answer's body (the address to verify, say). */
  extra?: Partial<ApiErrorBody>;
  /** Headers of the answer (Retry-After, say). */
  headers?: Record<string, string>;
}

/**
 * An error a caller caused (or a known condition); leaves the server as {message, code?} with its status
 * (plugins/errors.ts answers it).
 */
export class HttpError extends Error {
  readonly code: ErrorCode | undefined;
  readonly extra: Partial<ApiErrorBody>;
  readonly headers: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.code = options.code;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string) => new HttpError(400, message, { code: ErrorCode.validation });
export const notFound = (message: string) => new HttpError(404, message, { code: ErrorCode.notFound });
export const unsupportedMediaType = (message = 'Send the request body as application/json') =>
  new HttpError(415, message, { code: ErrorCode.unsupportedMediaType });

/** What `work` answers, or null where it refused with a 404 (any other refusal is thrown on). */
export async function orNullIfNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}
