import type { FastifyInstance } from 'fastify';
import { type Db, type Engine, pingDatabase } from '../db/index.js';

export function registerHealthRoutes(app: FastifyInstance, deps: { db: Db; engine: Engine }): void {
  app.get('/api/health', async (_request, reply) => {
    const isDatabaseUp = await pingDatabase(deps.db);
    return reply.status(isDatabaseUp ? 200 : 503).send({
      status: isDatabaseUp ? 'ok' : 'unavailable',
      database: { engine: deps.engine, status: isDatabaseUp ? 'up' : 'down' },
    });
  });
}
