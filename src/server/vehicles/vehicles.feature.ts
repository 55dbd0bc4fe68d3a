import { createTransaction } from '../db/transaction.js';
import type { Feature } from '../feature.js';
import { createVehiclesRepo } from './vehicles.repo.js';
import { registerVehicleRoutes } from './vehicles.routes.js';
import { createVehiclesService } from './vehicles.service.js';

/** Owners' vehicles, their themes and QR codes, and finding a vehicle by QR code, plate or id. */
export const registerVehiclesFeature: Feature = (app, { database, events, limiter, clock }) => {
  const repo = createVehiclesRepo(database.db);
  const transaction = createTransaction(database.db, (db, scope) =>
    Object.assign(createVehiclesRepo(db), { scope }),
  );
  const vehicles = createVehiclesService({ repo, transaction, events, limiter, clock });
  registerVehicleRoutes(app, { vehicles });
};
