import { useMutation, useQuery } from '@tanstack/react-query';
import type { PublicVehicle } from '../../../shared/vehicles/vehicles.responses.js';
import { ApiError, isNotFound } from '../../lib/api-error.js';
import { VEHICLE_STALE_TIME_MS } from '../../lib/query-client.js';
import { retryUnlessNotFound } from '../../lib/retry.js';
import { finderTexts } from './texts.js';
import { getVehicle, lookupKeys, lookupPaths, vehicleByQrCodeQuery } from './vehicle-reads.js';

/** Kept here for the finder's screens (pages/license-plate.tsx); it lives in lib with the retry rule. */
export { isNotFound };

/** The scanner's lookup: an action, not a read, so a mutation (retried once after a network or server failure). */
export function useQrLookup() {
  return useMutation({ mutationFn: (code: string) => getVehicle(lookupPaths.byQrCode(code)) });
}

/** Find by License Plate's "Have a sticker code?": the typed code as typed (the server reads it leniently). */
export function useShortCodeLookup() {
  return useMutation({ mutationFn: (code: string) => getVehicle(lookupPaths.byShortCode(code)) });
}

/** Resolves a short code opened as a link (/c/{code}): the vehicle, or null when no active vehicle has it. */
export function useVehicleByShortCode(code: string | undefined) {
  return useQuery({
    queryKey: lookupKeys.byShortCode(code ?? ''),
    queryFn: ({ signal }) =>
      getVehicle(lookupPaths.byShortCode(code ?? ''), signal).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
    staleTime: VEHICLE_STALE_TIME_MS,
    enabled: code !== undefined,
  });
}

export function usePlateLookup() {
  return useMutation({ mutationFn: (plate: string) => getVehicle(lookupPaths.byPlate(plate)) });
}

/** Resolves a QR code opened as a link (/vehicle/qr/{code}); disabled without a code. */
export function useVehicleByQrCode(code: string | undefined) {
  return useQuery({ ...vehicleByQrCodeQuery(code ?? ''), enabled: code !== undefined });
}

/**
 * The public vehicle by id. A vehicle the previous screen kept is shown at once (`kept`, never cached as an
 * answer) while the server is asked, so an edit or a removal since then shows.
 */
export function usePublicVehicle(id: string, kept: PublicVehicle | undefined) {
  return useQuery({
    queryKey: lookupKeys.byId(id),
    queryFn: ({ signal }) => getVehicle(lookupPaths.byId(id), signal),
    placeholderData: kept,
    retry: retryUnlessNotFound,
    staleTime: VEHICLE_STALE_TIME_MS,
  });
}

/**
 * The failure the scanner hands to the shared handler (spec §8 QR lookup): "Vehicle not found or QR code
 * not registered" for a 404, "Failed to lookup vehicle" otherwise. An answer of the server keeps its
 * status and code, so the handler still tells a rate limit or a server fault from the rest.
 */
export function qrLookupError(error: unknown): Error {
  const message = isNotFound(error) ? finderTexts.qrNotFound : finderTexts.qrLookupFailed;
  if (error instanceof ApiError) {
    return new ApiError(error.status, error.statusText, { ...error.body, message }, error.retryAfterSeconds);
  }
  return new Error(message, { cause: error });
}
