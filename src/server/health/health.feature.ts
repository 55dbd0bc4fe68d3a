import type { Feature } from '../feature.js';
import { cachedProbe } from './health.probe.js';
import { createHealthRepo } from './health.repo.js';
import { registerHealthRoutes } from './health.routes.js';

/** GET /api/health: whether this instance can reach its database (asked at most once a second). */
export const registerHealthFeature: Feature = (app, { database, clock, answerEarly }) => {
  const repo = createHealthRepo(database.db);
  registerHealthRoutes(app, {
    isDatabaseUp: cachedProbe(() => repo.isDatabaseUp(), clock),
    engine: database.engine,
    answerEarly,
  });
};
