import type { Feature } from '../feature.js';
import { cachedProbe } from './health.probe.js';
import { createHealthRepo } from './health.repo.js';
import { registerHealthRoutes } from './health.routes.js';
import { registerReadinessRoutes } from './readiness.routes.js';

/**
 * GET /api/health (liveness): whether this instance can reach its database (asked at most once a second).
 * GET /api/ready (readiness): whether it should be sent requests (docs/decisions/0158).
 */
export const registerHealthFeature: Feature = (app, { database, clock, answerEarly, readiness }) => {
  const repo = createHealthRepo(database.db);
  registerHealthRoutes(app, {
    isDatabaseUp: cachedProbe(() => repo.isDatabaseUp(), clock),
    engine: database.engine,
    answerEarly,
  });
  registerReadinessRoutes(app, { readiness, answerEarly });
};
