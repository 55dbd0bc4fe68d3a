import { ErrorCode } from '../../shared/errors.js';
import { lookupPlateProblem, plateKey } from '../../shared/vehicles/plates.js';
import { normaliseShortCode } from '../../shared/vehicles/sticker-code.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import type { ThemePreset } from '../../shared/vehicles/themes.js';
import { DEFAULT_THEME_PRESET } from '../../shared/vehicles/themes.js';
import type { VehicleInput, VehicleUpdate } from '../../shared/vehicles/vehicles.contract.js';
import type { Clock } from '../clock.js';
import { isUniqueViolation } from '../db/index.js';
import type { Transaction, TransactionScope } from '../db/transaction.js';
import { badRequest, HttpError, notFound } from '../errors/http-error.js';
import type { EventBus } from '../events/event-bus.js';
import { addressKeyOf } from '../rate-limit/address.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { rateLimits } from '../rate-limit/rules.js';
import { newStickerCodes } from './sticker-codes.js';
import { isShortCodeCollision, type VehicleRow, type VehiclesRepo } from './vehicles.repo.js';

/** Draws of a short code before giving up: 40 bits make even a second draw rare. */
const SHORT_CODE_DRAWS = 5;

/** Per account; a fleet beyond this talks to us (docs/decisions/0020-vehicle-rules.md). */
export const MAX_ACTIVE_VEHICLES = 20;

const QR_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_ID_LENGTH = 64;

const plateTaken = () =>
  new HttpError(409, vehicleTexts.plateAlreadyRegistered, { code: ErrorCode.plateTaken });
const vehicleNotFound = () => notFound(vehicleTexts.vehicleNotFound);

export interface VehiclesServiceDeps {
  repo: VehiclesRepo;
  transaction: Transaction<VehiclesRepo & { scope: TransactionScope }>;
  events: EventBus;
  limiter: RateLimiter;
  clock: Clock;
}

export function createVehiclesService(deps: VehiclesServiceDeps) {
  const { repo, limiter, clock: now } = deps;

  /**
   * A change of what others see of the owner's vehicle (its description, theme, or whether it is active),
   * announced in its own transaction as `vehicle.changed`: it shows in the message lists of everyone in a
   * conversation with it, whose versions move with it (messaging reacts).
   */
  const changeShown = (
    ownerId: string,
    id: string,
    change: (tx: VehiclesRepo) => Promise<VehicleRow | undefined>,
  ) =>
    deps.transaction(async (tx) => {
      const row = await change(tx);
      if (row)
        await deps.events.publishInTransaction('vehicle.changed', { vehicleId: id, ownerId }, tx.scope);
      return row;
    });

  async function ownedVehicle(ownerId: string, id: string): Promise<VehicleRow> {
    const vehicle = id.length <= MAX_ID_LENGTH ? await repo.findOwnedVehicle(ownerId, id) : undefined;
    if (!vehicle) throw vehicleNotFound();
    return vehicle;
  }

  async function ensureRoomForAnother(ownerId: string) {
    if ((await repo.countActiveOfOwner(ownerId)) >= MAX_ACTIVE_VEHICLES) {
      throw new HttpError(409, vehicleTexts.tooManyVehicles, { code: ErrorCode.vehicleLimit });
    }
  }

  /** Runs a write that may break the one-active-vehicle-per-plate index, answering `conflict` if it does. */
  async function guardPlate<T>(write: () => Promise<T>, conflict: () => HttpError): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error) && !isShortCodeCollision(error)) throw conflict();
      throw error;
    }
  }

  /** Runs a write with freshly drawn sticker codes, drawing again while the short code is taken. */
  async function withNewCodes<T>(write: (codes: ReturnType<typeof newStickerCodes>) => Promise<T>) {
    for (let draw = 1; ; draw++) {
      try {
        return await write(newStickerCodes());
      } catch (error) {
        if (draw >= SHORT_CODE_DRAWS || !isShortCodeCollision(error)) throw error;
      }
    }
  }

  return {
    listActive: (ownerId: string) => repo.listActiveOfOwner(ownerId),
    listRemoved: (ownerId: string) => repo.listRemovedOfOwner(ownerId),
    get: ownedVehicle,

    async register(ownerId: string, input: VehicleInput) {
      await ensureRoomForAnother(ownerId);
      const key = plateKey(input.licensePlate);
      if (await repo.findActiveVehicleByPlateKey(key)) throw plateTaken();
      return withNewCodes((codes) =>
        guardPlate(
          () =>
            repo.insertVehicle(
              { ...input, ...codes, plateKey: key, ownerId, themePreset: DEFAULT_THEME_PRESET },
              now(),
            ),
          plateTaken,
        ),
      );
    },

    async update(ownerId: string, id: string, input: VehicleUpdate) {
      const vehicle = await ownedVehicle(ownerId, id);
      const key = plateKey(input.licensePlate);
      const holder = vehicle.isActive ? await repo.findActiveVehicleByPlateKey(key) : undefined;
      if (holder && holder.id !== id) throw plateTaken();
      const updated = await guardPlate(
        () =>
          changeShown(ownerId, id, (tx) =>
            tx.updateOwnedVehicle(ownerId, id, { ...input, plateKey: key }, now()),
          ),
        plateTaken,
      );
      if (!updated) throw vehicleNotFound();
      return updated;
    },

    /** Soft removal: the vehicle leaves lookups and lists but keeps its QR code for reactivation. */
    async remove(ownerId: string, id: string) {
      const vehicle = await ownedVehicle(ownerId, id);
      if (!vehicle.isActive) return vehicle;
      const removed = await changeShown(ownerId, id, (tx) =>
        tx.setOwnedVehicleActive(ownerId, id, false, now()),
      );
      if (!removed) throw vehicleNotFound();
      return removed;
    },

    async reactivate(ownerId: string, id: string) {
      const vehicle = await ownedVehicle(ownerId, id);
      if (vehicle.isActive) return vehicle;
      await ensureRoomForAnother(ownerId);
      const conflict = () =>
        new HttpError(409, vehicleTexts.cannotReactivate, { code: ErrorCode.plateTaken });
      const reactivated = await guardPlate(
        () => changeShown(ownerId, id, (tx) => tx.setOwnedVehicleActive(ownerId, id, true, now())),
        conflict,
      );
      if (!reactivated) throw vehicleNotFound();
      return reactivated;
    },

    /**
     * Replace sticker code (decision 0155): a new QR code, short code and word at once; the old ones then
     * find nothing, exactly like codes that never existed. Conversations stay: they hold the vehicle's id.
     */
    async replaceCodes(ownerId: string, id: string) {
      await ownedVehicle(ownerId, id);
      const replaced = await withNewCodes((codes) =>
        changeShown(ownerId, id, (tx) => tx.replaceOwnedVehicleCodes(ownerId, id, codes, now())),
      );
      if (!replaced) throw vehicleNotFound();
      return replaced;
    },

    getTheme: ownedVehicle,

    async setTheme(ownerId: string, id: string, themePreset: ThemePreset) {
      const updated = await changeShown(ownerId, id, (tx) =>
        tx.updateOwnedVehicle(ownerId, id, { themePreset }, now()),
      );
      if (!updated) throw vehicleNotFound();
      return updated;
    },

    async resetTheme(ownerId: string, id: string) {
      const updated = await changeShown(ownerId, id, (tx) =>
        tx.updateOwnedVehicle(ownerId, id, { themePreset: DEFAULT_THEME_PRESET }, now()),
      );
      if (!updated) throw vehicleNotFound();
      return updated;
    },

    async findByQrCode(code: string, clientIp: string) {
      await limiter.consume(rateLimits.lookupPerIp, addressKeyOf(clientIp));
      const vehicle = QR_CODE_PATTERN.test(code) ? await repo.findPublicVehicleByQrCode(code) : undefined;
      if (!vehicle) throw vehicleNotFound();
      return vehicle;
    },

    /** A typed or linked short code; malformed and unknown alike answer the same 404 (decision 0155). */
    async findByShortCode(typed: string, clientIp: string) {
      await limiter.consume(rateLimits.lookupPerIp, addressKeyOf(clientIp));
      const code = normaliseShortCode(typed);
      const vehicle = code ? await repo.findPublicVehicleByShortCode(code) : undefined;
      if (!vehicle) throw vehicleNotFound();
      return vehicle;
    },

    async findByPlate(plate: string, clientIp: string) {
      const problem = lookupPlateProblem(plate);
      if (problem) throw badRequest(problem.message);
      await limiter.consume(rateLimits.lookupPerIp, addressKeyOf(clientIp));
      const vehicle = await repo.findPublicVehicleByPlateKey(plateKey(plate.trim()));
      if (!vehicle) throw vehicleNotFound();
      return vehicle;
    },

    async findPublic(id: string, clientIp: string) {
      await limiter.consume(rateLimits.lookupPerIp, addressKeyOf(clientIp));
      const vehicle = id.length <= MAX_ID_LENGTH ? await repo.findPublicVehicleById(id) : undefined;
      if (!vehicle) throw vehicleNotFound();
      return vehicle;
    },
  };
}

export type VehiclesService = ReturnType<typeof createVehiclesService>;
