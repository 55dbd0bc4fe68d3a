import type { Feature } from '../feature.js';
import { createHealthRepo } from './health.repo.js';
import { registerHealthRoutes } from './health.routes.js';

/** GET /api/health: whether this instance can reach its database. */
export const registerHealthFeature: Feature = (app, { database }) => {
  registerHealthRoutes(app, { repo: createHealthRepo(database.db), engine: database.engine });
};
