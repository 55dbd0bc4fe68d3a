import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** An answer known without the request's headers or body: its status and its JSON text. */
export interface EarlyAnswer {
  statusCode: number;
  json: string;
}

/**
 * Gives the answer of `GET {path}` now, or undefined to leave the request to the framework (the answer is
 * not known yet: a probe still under way).
 */
export type EarlyAnswerer = () => EarlyAnswer | undefined;

/**
 * Answers a few GETs of an exact path (no query string) before Fastify's routing, hooks and logger run,
 * with the headers every /api answer carries (its language's too): a health check is called by machines, often, and needs
 * none of that (docs/decisions/0121-health-answered-early.md). Anything else, and every request while the
 * server closes (Fastify then answers 503 and closes the connection, as a load balancer draining it
 * expects), goes to Fastify as before.
 */
export function createEarlyAnswers(
  apiHeaders: Readonly<Record<string, string>>,
  /** The headers an answer takes from its request (Content-Language, from Accept-Language: src/server/i18n.ts). */
  requestHeaders: (request: IncomingMessage) => Readonly<Record<string, string>> = () => ({}),
) {
  const answerers = new Map<string, EarlyAnswerer>();
  let closing = false;

  const answer = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (closing || request.method !== 'GET') return false;
    const known = answerers.get(request.url ?? '')?.();
    if (known === undefined) return false;
    response.writeHead(known.statusCode, {
      ...apiHeaders,
      ...requestHeaders(request),
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(known.json),
    });
    response.end(known.json);
    return true;
  };

  /** Fastify's own HTTP/1 server (lib/server.js), with the early answers in front of its handler. */
  const serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    // Fastify's options, its defaults applied (fastify.js).
    const options = fastifyOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number;
    };
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!answer(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  return {
    serverFactory,
    /** `GET {path}` answered by `answerer` whenever it knows the answer. */
    set(path: string, answerer: EarlyAnswerer): void {
      answerers.set(path, answerer);
    },
    /** From now on every request goes to Fastify. */
    close(): void {
      closing = true;
    },
  };
}

export type EarlyAnswers = ReturnType<typeof createEarlyAnswers>;
