import type { FastifyInstance } from 'fastify';
import type { Engine } from '../db/index.js';

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { isDatabaseUp: () => Promise<boolean>; engine: Engine },
): void {
  const up = { status: 'ok', database: { engine: deps.engine, status: 'up' } };
  const down = { status: 'unavailable', database: { engine: deps.engine, status: 'down' } };
  app.get('/api/health', async (_request, reply) =>
    (await deps.isDatabaseUp()) ? up : reply.status(503).send(down),
  );
}
