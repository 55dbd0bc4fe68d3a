import type { FastifyInstance } from 'fastify';
import type { Engine } from '../db/index.js';
import type { HealthRepo } from './health.repo.js';

export function registerHealthRoutes(app: FastifyInstance, deps: { repo: HealthRepo; engine: Engine }): void {
  app.get('/api/health', async (_request, reply) => {
    const isDatabaseUp = await deps.repo.isDatabaseUp();
    return reply.status(isDatabaseUp ? 200 : 503).send({
      status: isDatabaseUp ? 'ok' : 'unavailable',
      database: { engine: deps.engine, status: isDatabaseUp ? 'up' : 'down' },
    });
  });
}
