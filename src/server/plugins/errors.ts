import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { type ApiErrorBody, ErrorCode } from '../../shared/errors.js';

/** An error a caller caused (or a known condition); leaves the server as {message, code?} with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
    readonly extra: Partial<ApiErrorBody> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message, ErrorCode.validation);
export const notFound = (message: string) => new HttpError(404, message, ErrorCode.notFound);

/** The first issue's message: our schemas word their messages for people. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'invalid_type' && issue.path.length === 0) return 'Request body must be a JSON object';
  return issue.message;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError | Error, request, reply) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      const body: ApiErrorBody = {
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...error.extra,
      };
      return reply.status(error.statusCode).send(body);
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ message: zodMessage(error), code: ErrorCode.validation });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send(clientErrorBody(fastifyError));
    }
    if (isUnavailable(error)) {
      request.log.warn({ err: error }, 'dependency unavailable');
      return reply.status(503).header('Retry-After', '5').send({
        message: 'Service temporarily unavailable. Please try again shortly.',
        code: ErrorCode.serviceUnavailable,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side', code: ErrorCode.internal });
  });
}

function clientErrorBody(error: FastifyError): ApiErrorBody {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { message: 'Request body is too large', code: ErrorCode.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { message: 'Send the request body as application/json', code: ErrorCode.unsupportedMediaType };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { message: 'Request body is empty but the content-type says JSON', code: ErrorCode.validation };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { message: 'Request body is not valid JSON', code: ErrorCode.validation };
    default:
      if (error instanceof SyntaxError)
        return { message: 'Request body is not valid JSON', code: ErrorCode.validation };
      return { message: error.message, code: ErrorCode.validation };
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
  'SQLITE_BUSY',
]);

/** Database or Redis out of reach: a 503 the caller can retry, not a bug. */
export function isUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: string; message?: string; cause?: unknown; name?: string };
    if (candidate.code && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (candidate.name === 'UnavailableError') return true;
    if (
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Connection is closed|MaxRetriesPerRequest/i.test(
        candidate.message ?? '',
      )
    )
      return true;
    current = candidate.cause;
  }
  return false;
}

/** Thrown by our own code when a dependency (Redis) is out of reach. */
export class UnavailableError extends Error {
  override name = 'UnavailableError';
}
