import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ContractError } from '../../shared/contract.js';
import { type ApiErrorBody, ErrorCode } from '../../shared/errors.js';
import { errorCode } from '../errors/error-code.js';
import { HttpError } from '../errors/http-error.js';
import { serverErrorTexts } from '../errors/texts.js';
import { isUnavailable } from '../errors/unavailable.js';
import { localeOfRequest, withLocale } from '../i18n.js';

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
        message: serverErrorTexts.unavailable,
        code: ErrorCode.serviceUnavailable,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(internalError());
  });
}

const internalError = (): ApiErrorBody => ({ message: serverErrorTexts.internal, code: ErrorCode.internal });

/**
 * The router's own errors (Fastify's `frameworkErrors`), answered before any route or hook runs: an
 * address that is not valid percent-encoded UTF-8 is the caller's, not ours.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff');
  // No hook has run yet: the request's language is read here.
  return withLocale(localeOfRequest(request), () => {
    switch (error.code) {
      case 'FST_ERR_BAD_URL':
        return reply.status(400).send({ message: serverErrorTexts.badAddress, code: ErrorCode.validation });
      case 'FST_ERR_MAX_PARAM_LENGTH':
        return reply
          .status(414)
          .send({ message: serverErrorTexts.addressTooLong, code: ErrorCode.validation });
      default:
        request.log.error({ err: error }, 'router error');
        return reply.status(500).send(internalError());
    }
  });
}

/**
 * What a connection that does not speak HTTP properly gets (Node's `clientError`), in our error shape:
 * 408 when it is too slow, 431 when its head is too large (a very long address too), else 400.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ApiErrorBody] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { message: serverErrorTexts.tooSlow }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { message: serverErrorTexts.headersTooLong, code: ErrorCode.validation }]
        : [400, { message: serverErrorTexts.notHttp, code: ErrorCode.validation }];
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
      return { message: serverErrorTexts.bodyTooLarge, code: ErrorCode.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { message: serverErrorTexts.notJsonType, code: ErrorCode.unsupportedMediaType };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { message: serverErrorTexts.emptyJson, code: ErrorCode.validation };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { message: serverErrorTexts.badJson, code: ErrorCode.validation };
    default:
      if (error instanceof SyntaxError)
        return { message: serverErrorTexts.badJson, code: ErrorCode.validation };
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
