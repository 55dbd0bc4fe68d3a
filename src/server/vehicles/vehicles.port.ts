import type { VehicleType } from '../../shared/vehicles/catalog.js';
import type { ThemePreset } from '../../shared/vehicles/themes.js';
import type { AcceptMessagesFrom, PublicVehicle } from '../../shared/vehicles/vehicles.contract.js';
import { orNullIfNotFound } from '../errors/http-error.js';
import type { PublicVehicleRow } from './vehicles.repo.js';

/*
 * What vehicles offer the other features: the public shape of a vehicle, presented in one place. Messaging
 * reads vehicles' public columns in its own statements (PUBLIC_VEHICLE_KEYS) and shows them through here.
 */

export type { PublicVehicleRow } from './vehicles.repo.js';

/**
 * What anyone may learn of a vehicle (ADDENDUM §1): its description and plate, never its owner,
 * its QR code or when it was registered; whether it takes messages now, so a finder knows before writing. The anonymity promise for vehicles lives here.
 */
export function presentPublicVehicle(row: PublicVehicleRow): PublicVehicle {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    color: row.color,
    vehicleType: row.vehicleType as VehicleType,
    displayName: row.displayName,
    licensePlate: row.licensePlate,
    themePreset: row.themePreset as ThemePreset,
    acceptMessagesFrom: row.acceptMessagesFrom as AcceptMessagesFrom,
    verificationWord: row.verificationWord,
  };
}

/**
 * The public lookups, as the API answers them (the per-address limit included), for the finder's pages the
 * server draws (src/server/finder-pages/, decision 0168): the public shape, or null where no active vehicle
 * has the code or id. Offered as `app.publicVehicles` by the vehicles feature.
 */
export interface PublicVehicleLookups {
  byQrCode(code: string, clientIp: string): Promise<PublicVehicle | null>;
  byShortCode(code: string, clientIp: string): Promise<PublicVehicle | null>;
  byId(id: string, clientIp: string): Promise<PublicVehicle | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicVehicles: PublicVehicleLookups;
  }
}

/** A lookup's answer in its public shape, with its 404 as null (any other refusal, a rate limit, is thrown). */
export async function orNone(lookup: Promise<PublicVehicleRow>): Promise<PublicVehicle | null> {
  const row = await orNullIfNotFound(lookup);
  return row && presentPublicVehicle(row);
}
