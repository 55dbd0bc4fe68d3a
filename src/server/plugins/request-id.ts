import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request's id comes in (from a trusted proxy) and goes back in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: short, and nothing a log line could be fooled by. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id (pino's reqId in every log line about it; docs/decisions/0157): the proxy's
 * `X-Request-Id` when TRUST_PROXY says there is one (the same id then follows the request through the
 * balancer's log and ours), else a new UUID; a malformed one is replaced too.
 */
export function requestIdOf(trustProxy: false | number | string) {
  return (request: IncomingMessage) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (trustProxy !== false && typeof given === 'string' && ACCEPTED_ID.test(given)) return given;
    return randomUUID();
  };
}

/** Every answer names its request's id, so a user's report or a proxy's log line leads to ours. */
export function echoRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
