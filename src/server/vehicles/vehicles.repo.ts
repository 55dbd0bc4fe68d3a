import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import { PUBLIC_VEHICLE_KEYS } from '../../shared/vehicles/vehicles.contract.js';
import type { Db } from '../db/index.js';
import { prepareQuery } from '../db/prepared.js';
import type { VehiclesTable } from '../db/schema.js';

export type VehicleRow = Selectable<VehiclesTable>;

export type VehicleValues = Pick<
  VehicleRow,
  'make' | 'model' | 'year' | 'licensePlate' | 'plateKey' | 'color' | 'displayName' | 'vehicleType'
>;

/** What the public lookups read: never the owner, the QR code or timestamps (ADDENDUM §1). */
const PUBLIC_COLUMNS = PUBLIC_VEHICLE_KEYS;
export type PublicVehicleRow = Pick<VehicleRow, (typeof PUBLIC_COLUMNS)[number]>;

/**
 * `is_active = 1` written into the SQL, not bound: SQLite can use the partial index on active plates only
 * when the statement itself says so; with a bound value it prepares the statement again on every run.
 */
const ACTIVE = sql.lit(1);

const publicVehicles = (db: Db) =>
  db.selectFrom('vehicles').select(PUBLIC_COLUMNS).where('isActive', '=', ACTIVE);

// The public lookups are the hottest reads: compiled once (src/server/db/prepared.ts).
const publicByQrCode = prepareQuery((db: Db, args: { qrCode: string }) =>
  publicVehicles(db).where('qrCode', '=', args.qrCode),
);
const publicByPlateKey = prepareQuery((db: Db, args: { plateKey: string }) =>
  publicVehicles(db).where('plateKey', '=', args.plateKey).where('ownerId', 'is not', null),
);
const publicByShortCode = prepareQuery((db: Db, args: { shortCode: string }) =>
  publicVehicles(db).where('shortCode', '=', args.shortCode),
);
const publicById = prepareQuery((db: Db, args: { id: string }) =>
  publicVehicles(db).where('id', '=', args.id),
);

/** The sticker's codes, written together on registration and replaced together (decision 0155). */
export type StickerCodes = Pick<VehicleRow, 'qrCode' | 'shortCode' | 'verificationWord'>;

/** Whether a unique violation was the short code's index: a drawn code already taken, drawn again. */
export function isShortCodeCollision(error: unknown): boolean {
  return (
    error instanceof Error &&
    /short_code/.test(`${error.message} ${(error as { constraint?: string }).constraint ?? ''}`)
  );
}

/** Every vehicle of an account being deleted (decision 0149), in the deletion's transaction. */
export async function deleteVehiclesOfAccount(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('vehicles').where('ownerId', '=', userId).execute();
}

export function createVehiclesRepo(db: Db) {
  return {
    insertVehicle(
      vehicle: VehicleValues & StickerCodes & { ownerId: string; themePreset: string },
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
        .where('isActive', '=', ACTIVE)
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
        .where('isActive', '=', ACTIVE)
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
        .where('isActive', '=', ACTIVE)
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

    /** A new QR code, short code and word at once: the old ones then find nothing (decision 0155). */
    replaceOwnedVehicleCodes(ownerId: string, id: string, codes: StickerCodes, now: number) {
      return db
        .updateTable('vehicles')
        .set({ ...codes, updatedAt: now })
        .where('ownerId', '=', ownerId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    findPublicVehicleByQrCode: (qrCode: string) => publicByQrCode.first(db, { qrCode }),

    /** Owned vehicles and the sample alike, by the canonical short code. */
    findPublicVehicleByShortCode: (shortCode: string) => publicByShortCode.first(db, { shortCode }),

    /** Only owned vehicles: the built-in sample is found by its QR code or id, never by a plate. */
    findPublicVehicleByPlateKey: (plateKey: string) => publicByPlateKey.first(db, { plateKey }),

    findPublicVehicleById: (id: string) => publicById.first(db, { id }),
  };
}

export type VehiclesRepo = ReturnType<typeof createVehiclesRepo>;
