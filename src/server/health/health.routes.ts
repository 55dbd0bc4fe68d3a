import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Engine } from '../db/index.js';
import type { EarlyAnswerer } from '../plugins/early-answers.js';

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: {
    isDatabaseUp: () => boolean | Promise<boolean>;
    engine: Engine;
    answerEarly: (path: string, answerer: EarlyAnswerer) => void;
  },
): void {
  // Two answers, written once: a health check is called often, by machines.
  const up = {
    statusCode: 200,
    json: JSON.stringify({ status: 'ok', database: { engine: deps.engine, status: 'up' } }),
  };
  const down = {
    statusCode: 503,
    json: JSON.stringify({ status: 'unavailable', database: { engine: deps.engine, status: 'down' } }),
  };
  // Once the probe's answer is in, GET /api/health is answered before the framework's routing and hooks
  // (docs/decisions/0121-health-answered-early.md); the route below answers the rest (a probe under way,
  // HEAD, a query string, a request while the server closes) alike.
  deps.answerEarly('/api/health', () => {
    const isUp = deps.isDatabaseUp();
    if (typeof isUp !== 'boolean') return undefined;
    return isUp ? up : down;
  });
  const answer = (reply: FastifyReply, isUp: boolean) => {
    const { statusCode, json } = isUp ? up : down;
    return reply.status(statusCode).type('application/json; charset=utf-8').send(json);
  };
  app.get('/api/health', (_request, reply) => {
    const isUp = deps.isDatabaseUp();
    return typeof isUp === 'boolean' ? answer(reply, isUp) : isUp.then((known) => answer(reply, known));
  });
}
