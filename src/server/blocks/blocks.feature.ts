import type { Feature } from '../feature.js';
import { createMessagingRepo } from '../messaging/messaging.repo.js';
import { createBlocksRepo } from './blocks.repo.js';
import { registerBlocksRoutes } from './blocks.routes.js';
import { createBlocksService } from './blocks.service.js';

/** Owners block whoever abuses messaging, without learning who it is. */
export const registerBlocksFeature: Feature = (app, { database, limiter, clock }) => {
  const blocks = createBlocksService({
    repo: createBlocksRepo(database.db),
    messaging: createMessagingRepo(database.db, database.engine),
    limiter,
    clock,
  });
  registerBlocksRoutes(app, { blocks });
};
