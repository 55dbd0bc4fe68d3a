import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { PUBLIC_VEHICLE_KEYS } from '../../shared/vehicles/vehicle.js';
import type { Db } from '../db/index.js';
import type { VehiclesTable } from '../db/schema.js';

export type VehicleRow = Selectable<VehiclesTable>;

export type VehicleValues = Pick<
  VehicleRow,
  'make' | 'model' | 'year' | 'licensePlate' | 'plateKey' | 'color' | 'displayName' | 'vehicleType'
>;

/** What the public lookups read: never the owner, the QR code or timestamps (ADDENDUM §1). */
const PUBLIC_COLUMNS = PUBLIC_VEHICLE_KEYS;
export type PublicVehicleRow = Pick<VehicleRow, (typeof PUBLIC_COLUMNS)[number]>;

export function createVehiclesRepo(db: Db) {
  return {
    insertVehicle(
      vehicle: VehicleValues & { ownerId: string; qrCode: string; themePreset: string },
      now: number,
    ) {
      return db
        .insertInto('vehicles')
        .values({
          ...vehicle,
          id: randomUUID(),
          isActive: 1,
          createdAt: now,
          updatedAt: now,
          removedAt: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    listActiveOfOwner(ownerId: string) {
      return db
        .selectFrom('vehicles')
        .selectAll()
        .where('ownerId', '=', ownerId)
        .where('isActive', '=', 1)
        .orderBy('createdAt', 'asc')
        .orderBy('id')
        .execute();
    },

    listRemovedOfOwner(ownerId: string) {
      return db
        .selectFrom('vehicles')
        .selectAll()
        .where('ownerId', '=', ownerId)
        .where('isActive', '=', 0)
        .orderBy('removedAt', 'desc')
        .orderBy('id')
        .execute();
    },

    async countActiveOfOwner(ownerId: string) {
      const row = await db
        .selectFrom('vehicles')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('ownerId', '=', ownerId)
        .where('isActive', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findOwnedVehicle(ownerId: string, id: string) {
      return db
        .selectFrom('vehicles')
        .selectAll()
        .where('ownerId', '=', ownerId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findActiveVehicleByPlateKey(plateKey: string) {
      return db
        .selectFrom('vehicles')
        .select(['id', 'ownerId'])
        .where('plateKey', '=', plateKey)
        .where('isActive', '=', 1)
        .executeTakeFirst();
    },

    updateOwnedVehicle(
      ownerId: string,
      id: string,
      changes: Partial<VehicleValues & { themePreset: string; acceptMessagesFrom: string }>,
      now: number,
    ) {
      return db
        .updateTable('vehicles')
        .set({ ...changes, updatedAt: now })
        .where('ownerId', '=', ownerId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    setOwnedVehicleActive(ownerId: string, id: string, isActive: boolean, now: number) {
      return db
        .updateTable('vehicles')
        .set({ isActive: isActive ? 1 : 0, removedAt: isActive ? null : now, updatedAt: now })
        .where('ownerId', '=', ownerId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    findPublicVehicleByQrCode(qrCode: string) {
      return db
        .selectFrom('vehicles')
        .select(PUBLIC_COLUMNS)
        .where('qrCode', '=', qrCode)
        .where('isActive', '=', 1)
        .executeTakeFirst();
    },

    /** Only owned vehicles: the built-in sample is found by its QR code or id, never by a plate. */
    findPublicVehicleByPlateKey(plateKey: string) {
      return db
        .selectFrom('vehicles')
        .select(PUBLIC_COLUMNS)
        .where('plateKey', '=', plateKey)
        .where('isActive', '=', 1)
        .where('ownerId', 'is not', null)
        .executeTakeFirst();
    },

    findPublicVehicleById(id: string) {
      return db
        .selectFrom('vehicles')
        .select(PUBLIC_COLUMNS)
        .where('id', '=', id)
        .where('isActive', '=', 1)
        .executeTakeFirst();
    },
  };
}

export type VehiclesRepo = ReturnType<typeof createVehiclesRepo>;
