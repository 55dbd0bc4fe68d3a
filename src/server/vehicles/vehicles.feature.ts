import type { Feature } from '../feature.js';
import { createVehiclesRepo } from './vehicles.repo.js';
import { registerVehicleRoutes } from './vehicles.routes.js';
import { createVehiclesService } from './vehicles.service.js';

/** Owners' vehicles, their themes and QR codes, and finding a vehicle by QR code, plate or id. */
export const registerVehiclesFeature: Feature = (app, { database, limiter, clock }) => {
  const vehicles = createVehiclesService({ repo: createVehiclesRepo(database.db), limiter, clock });
  registerVehicleRoutes(app, { vehicles });
};
