import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Engine } from '../db/index.js';

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { isDatabaseUp: () => boolean | Promise<boolean>; engine: Engine },
): void {
  // Two answers, written once: a health check is called often, by machines.
  const up = JSON.stringify({ status: 'ok', database: { engine: deps.engine, status: 'up' } });
  const down = JSON.stringify({ status: 'unavailable', database: { engine: deps.engine, status: 'down' } });
  const answer = (reply: FastifyReply, isUp: boolean) =>
    reply
      .status(isUp ? 200 : 503)
      .type('application/json; charset=utf-8')
      .send(isUp ? up : down);
  app.get('/api/health', (_request, reply) => {
    const isUp = deps.isDatabaseUp();
    return typeof isUp === 'boolean' ? answer(reply, isUp) : isUp.then((known) => answer(reply, known));
  });
}
