import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/errors.js';
import type { EarlyAnswer, EarlyAnswerer } from '../plugins/early-answers.js';
import type { Readiness } from './readiness.js';

/** The answers of GET /api/ready, written once: a balancer asks every few seconds. */
const unavailable = (message: string): EarlyAnswer => ({
  statusCode: 503,
  json: JSON.stringify({ message, code: ErrorCode.serviceUnavailable }),
});
export const readinessAnswers = {
  ready: { statusCode: 200, json: JSON.stringify({ status: 'ready' }) },
  starting: unavailable('The server is starting'),
  draining: unavailable('The server is shutting down'),
  redis: unavailable('Redis is unreachable'),
} satisfies Record<string, EarlyAnswer>;

/**
 * GET /api/ready (readiness, docs/decisions/0158): 200 while this instance should be sent requests, 503
 * while it starts, drains after SIGTERM, or cannot reach its Redis. Always known at once: answered ahead
 * of the framework (docs/decisions/0121) and by the route alike.
 */
export function registerReadinessRoutes(
  app: FastifyInstance,
  deps: { readiness: Readiness; answerEarly: (path: string, answerer: EarlyAnswerer) => void },
): void {
  const current = () => readinessAnswers[deps.readiness.notReadyBecause() ?? 'ready'];
  deps.answerEarly('/api/ready', current);
  app.get('/api/ready', (_request, reply) => {
    const { statusCode, json } = current();
    return reply.status(statusCode).type('application/json; charset=utf-8').send(json);
  });
}
