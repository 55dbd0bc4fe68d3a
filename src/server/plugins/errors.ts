import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ContractError } from '../../shared/contract.js';
import { type ApiErrorBody, ErrorCode } from '../../shared/errors.js';
import { errorCode } from '../errors/error-code.js';
import { HttpError } from '../errors/http-error.js';
import { isUnavailable } from '../errors/unavailable.js';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ContractError | Error, request, reply) => {
    if (isClientGone(error, request)) {
      // Nobody is left to read an answer: nginx's "client closed request", for hooks and logs only.
      request.log.info('client went away');
      return reply.status(499).send();
    }
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      const body: ApiErrorBody = {
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...error.extra,
      };
      return reply.status(error.statusCode).send(body);
    }
    if (error instanceof ContractError) {
      // A request that its shared contract refused; the message is the spec's words for its first problem.
      return reply.status(400).send({ message: error.message, code: ErrorCode.validation });
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
    return reply.status(500).send(INTERNAL_ERROR);
  });
}

const INTERNAL_ERROR: ApiErrorBody = {
  message: 'Something went wrong on our side',
  code: ErrorCode.internal,
};

/**
 * The router's own errors (Fastify's `frameworkErrors`), answered before any route or hook runs: an
 * address that is not valid percent-encoded UTF-8 is the caller's, not ours.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff');
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return reply.status(400).send({ message: 'The address is not valid', code: ErrorCode.validation });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return reply.status(414).send({ message: 'The address is too long', code: ErrorCode.validation });
    default:
      request.log.error({ err: error }, 'router error');
      return reply.status(500).send(INTERNAL_ERROR);
  }
}

/**
 * What a connection that does not speak HTTP properly gets (Node's `clientError`), in our error shape:
 * 408 when it is too slow, 431 when its head is too large (a very long address too), else 400.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ApiErrorBody] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { message: 'The request did not arrive in time' }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { message: 'The request headers or address are too long', code: ErrorCode.validation }]
        : [400, { message: 'The request is not valid HTTP', code: ErrorCode.validation }];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
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

/**
 * The request's own client went away: its connection closed before the body arrived (Node ends the
 * body stream with "aborted", ECONNRESET, which Fastify's body reader hands on as a 400) or while the
 * request was under way. Only that error counts: a bug or a dependency out of reach meanwhile is still
 * reported as what it is.
 */
function isClientGone(error: unknown, request: FastifyRequest): boolean {
  const isConnectionReset = errorCode(error) === 'ECONNRESET';
  return isConnectionReset && (request.raw.readableAborted || request.raw.socket?.destroyed === true);
}
