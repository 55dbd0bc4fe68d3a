import { createTransaction } from '../db/transaction.js';
import type { Feature } from '../feature.js';
import { registerStickerRoutes } from './sticker.routes.js';
import { createStickerService } from './sticker.service.js';
import { orNone, type PublicVehicleLookups } from './vehicles.port.js';
import { presentVehicle } from './vehicles.presenter.js';
import { createVehiclesRepo, deleteVehiclesOfAccount } from './vehicles.repo.js';
import { registerVehicleRoutes } from './vehicles.routes.js';
import { createVehiclesService } from './vehicles.service.js';

/** Owners' vehicles, their themes and QR codes, and finding a vehicle by QR code, plate or id. */
export const registerVehiclesFeature: Feature = (
  app,
  { config, database, events, limiter, clock, accountData },
) => {
  const repo = createVehiclesRepo(database.db);
  const transaction = createTransaction(database.db, (db, scope) =>
    Object.assign(createVehiclesRepo(db), { scope }),
  );
  const vehicles = createVehiclesService({ repo, transaction, events, limiter, clock });
  registerVehicleRoutes(app, { vehicles });
  app.decorate('publicVehicles', {
    byQrCode: (code, ip) => orNone(vehicles.findByQrCode(code, ip)),
    byShortCode: (code, ip) => orNone(vehicles.findByShortCode(code, ip)),
    byId: (id, ip) => orNone(vehicles.findPublic(id, ip)),
  } satisfies PublicVehicleLookups);
  registerStickerRoutes(app, { stickers: createStickerService({ vehicles, appOrigin: config.appOrigin }) });
  accountData.add('vehicles', async (ownerId) => ({
    active: (await vehicles.listActive(ownerId)).map(presentVehicle),
    removed: (await vehicles.listRemoved(ownerId)).map(presentVehicle),
  }));
  // An account being deleted: its vehicles go last, once what referred to them has (decision 0149).
  events.subscribeInTransaction('account.deleted', ({ userId }, { db }) =>
    deleteVehiclesOfAccount(db, userId),
  );
};
